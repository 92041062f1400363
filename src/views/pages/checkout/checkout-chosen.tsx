import type { ReactNode } from 'react';
import { contactName } from '../../../contract/contacts';
import { legalName } from '../../../contract/legal-name';
import { pointsOf } from '../../../machines/checkout/checkout-rules';
import type { CheckoutStep } from '../../../machines/checkout/checkout-types';
import { useLocale, useT } from '../../../services/i18n';
import { formatPhone } from '../../../services/phone-format';
import { Button } from '../../components/ui/button';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';
import { payerCodes } from './checkout-payer';

/** The payer, contact and delivery chosen, each with a way back to its step. */
export function Chosen() {
  const t = useT();
  const locale = useLocale();
  const context = CheckoutActor.useSelector((snapshot) => snapshot.context);
  const payer = context.data?.payers.find((item) => item.id === context.payerId);
  const contact = context.data?.contacts.find((item) => item.id === context.contactId);
  const point = pointsOf(context.data, context.delivery.kind).find((item) => item.id === context.delivery.pointId);
  return (
    <div className="checkout-review__chosen">
      <ChosenCard
        step="payer"
        lines={[
          payer ? legalName(payer) : null,
          ...(payer ? payerCodes(t, payer) : []),
        ]}
      />
      <ChosenCard
        step="contact"
        lines={[
          contact ? contactName(contact) : null,
          formatPhone(contact?.phone),
          contact?.email,
        ]}
      />
      <ChosenCard
        step="delivery"
        lines={[
          context.delivery.kind ? t(`deliveryKind.${context.delivery.kind}`) : null,
          point ? (locale === 'en' ? point.nameEn : point.name) : null,
          point?.address,
        ]}
      />
    </div>
  );
}

function ChosenCard({ step, lines }: { step: CheckoutStep; lines: ReadonlyArray<ReactNode | null | undefined> }) {
  const t = useT();
  const send = useCheckoutSend();
  const placing = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  const title = t(`checkout.steps.${step}`);
  return (
    <section className="checkout-chosen" aria-label={title}>
      <h3 className="checkout-chosen__title">{title}</h3>
      {lines.filter(Boolean).map((line, index) => (
        <p key={index} className="checkout-chosen__line">
          {line}
        </p>
      ))}
      <Button
        variant="link"
        disabled={placing}
        aria-label={t('checkout.review.changeLabel', { step: title })}
        onClick={() => send({ type: 'checkout.goTo', step })}
      >
        {t('checkout.review.change')}
      </Button>
    </section>
  );
}
