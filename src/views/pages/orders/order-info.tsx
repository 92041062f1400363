import type { ReactNode } from 'react';
import type { Order } from '../../../contract/orders';
import { formatDate, formatPrice, formatTime } from '../../../services/format';
import { formatPhone } from '../../../services/phone-format';
import { localizedName } from '../../../services/localized-name';
import { useT } from '../../../services/i18n';
import { OrderPanel } from './order-panel';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="order-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Who ordered for whom, who pays, whom to call, where it goes, and the tracking number once shipped. */
export function OrderInfo({ order }: { order: Order }) {
  const t = useT();
  const { payer, contact, delivery } = order;
  const requisites = [t('orders.info.inn', { inn: payer.inn }), payer.kpp ? t('orders.info.kpp', { kpp: payer.kpp }) : null].filter(Boolean).join(', ');
  return (
    <OrderPanel id="order-info-title" title={t('orders.info.title')}>
      <dl className="order-facts">
        <Row term={t('orders.info.client')}>{order.clientName}</Row>
        {order.placedByName ? <Row term={t('orders.info.placedBy')}>{order.placedByName}</Row> : null}
        <Row term={t('orders.info.created')}>{t('orders.info.at', { date: formatDate(order.createdAt), time: formatTime(order.createdAt) })}</Row>
        <Row term={t('orders.info.payer')}>
          {payer.name}
          <span className="order-facts__note">{requisites}</span>
        </Row>
        <Row term={t('orders.info.contact')}>
          {contact.name}
          {contact.phone ? <span className="order-facts__note">{formatPhone(contact.phone)}</span> : null}
          {contact.email ? <span className="order-facts__note">{contact.email}</span> : null}
        </Row>
        <Row term={t('orders.info.delivery')}>
          {t(`deliveryKind.${delivery.kind}`)}
          {delivery.name ? <span className="order-facts__note order-facts__name">{localizedName(delivery)}</span> : null}
          {delivery.recipient ? <span className="order-facts__note">{t('orders.info.recipient', { name: delivery.recipient })}</span> : null}
          {delivery.address ? <span className="order-facts__note">{delivery.address}</span> : null}
        </Row>
        {order.trackingNumber ? <Row term={t('orders.info.tracking')}><strong>{order.trackingNumber}</strong></Row> : null}
        {order.comment ? <Row term={t('orders.info.comment')}>{order.comment}</Row> : null}
        <Row term={t('orders.info.total')}><strong>{formatPrice(order.total)}</strong></Row>
      </dl>
    </OrderPanel>
  );
}
