import { DELIVERY_KINDS, needsEndpoint, type DeliveryKind } from '../../../contract/delivery-settings';
import { pointsOf } from '../../../machines/checkout/checkout-rules';
import { formatPhone } from '../../../services/phone-format';
import { useLocale, useT } from '../../../services/i18n';
import { EmptyState } from '../../components/empty-state';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';
import { StepFrame } from './checkout-step';
import { ChoiceCards } from './choice-cards';
import { pluralText } from '../../../services/plural';

/** How the boards travel: a method, then a pickup point or warehouse of ours, or one of the client's addresses. */
export function DeliveryStep() {
  const t = useT();
  const locale = useLocale();
  const send = useCheckoutSend();
  const data = CheckoutActor.useSelector((snapshot) => snapshot.context.data);
  const delivery = CheckoutActor.useSelector((snapshot) => snapshot.context.delivery);
  const clientId = CheckoutActor.useSelector((snapshot) => snapshot.context.clientId);
  const kinds = DELIVERY_KINDS.map((kind) => {
    const count = pointsOf(data, kind).length;
    return {
      id: kind,
      title: t(`deliveryKind.${kind}`),
      details: [count ? pluralText(t, 'checkout.delivery.points', count) : t('checkout.delivery.noPoints')],
    };
  });
  const points = pointsOf(data, delivery.kind).map((point) => ({
    id: point.id,
    title: (locale === 'en' ? point.nameEn : point.name) || point.address,
    details: [
      point.name ? point.address : '',
      point.recipientName ? t('checkout.delivery.recipient', { name: point.recipientName }) : '',
      formatPhone(point.recipientPhone),
    ],
    ...(point.isDefault ? { badge: t('checkout.delivery.isDefault') } : {}),
  }));

  return (
    <StepFrame step="delivery" lead={t('checkout.delivery.lead')} blockedReason={t('checkout.delivery.blocked')}>
      <ChoiceCards<DeliveryKind>
        legend={t('checkout.delivery.kindLegend')}
        name="checkout-delivery-kind"
        options={kinds}
        value={delivery.kind}
        onChoose={(kind) => send({ type: 'checkout.chooseDeliveryKind', kind })}
      />
      {delivery.kind === null ? null : points.length ? (
        <ChoiceCards
          legend={t(needsEndpoint(delivery.kind) ? 'checkout.delivery.endpointLegend' : 'checkout.delivery.settingLegend')}
          name="checkout-delivery-point"
          options={points}
          value={delivery.pointId}
          onChoose={(pointId) => send({ type: 'checkout.chooseDeliveryPoint', pointId })}
          onEnter={() => send({ type: 'checkout.next' })}
        />
      ) : needsEndpoint(delivery.kind) ? (
        <p className="checkout-step__note" role="status">{t('checkout.delivery.noEndpoints')}</p>
      ) : (
        <EmptyState
          icon="delivery"
          headingLevel={3}
          title={t('checkout.delivery.noSettings')}
          action={{ label: t('checkout.delivery.addSetting'), to: `/account/delivery?clientId=${clientId ?? ''}`, icon: 'plus' }}
        />
      )}
    </StepFrame>
  );
}
