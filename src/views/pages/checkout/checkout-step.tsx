import { useId, type ReactNode } from 'react';
import type { CheckoutStep } from '../../../machines/checkout/checkout-types';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';

interface StepFrameProps {
  step: CheckoutStep;
  lead: string;
  children: ReactNode;
  /** Why 'Далее' is disabled, shown next to it and tied to it for screen readers. */
  blockedReason?: string;
  /** Replaces 'Далее' (the review's 'Оформить заказ'). */
  action?: ReactNode;
}

/** A step: its heading (focused when the step opens), its choices, and back / next as the machine allows them. */
export function StepFrame({ step, lead, children, blockedReason, action }: StepFrameProps) {
  const t = useT();
  const send = useCheckoutSend();
  const headingId = useId();
  const reasonId = `${headingId}-reason`;
  const canBack = CheckoutActor.useSelector((snapshot) => snapshot.can({ type: 'checkout.back' }));
  const canNext = CheckoutActor.useSelector((snapshot) => snapshot.can({ type: 'checkout.next' }));
  const busy = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  return (
    <section className="checkout-step" aria-labelledby={headingId}>
      <div className="checkout-step__header">
        <h2 className="checkout-step__title" id={headingId} tabIndex={-1} data-step-heading="">{t(`checkout.steps.${step}`)}</h2>
        <p className="checkout-step__lead">{lead}</p>
      </div>
      {children}
      <div className="checkout-step__nav">
        {canBack || busy ? (
          <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'checkout.back' })}>{t('checkout.nav.back')}</Button>
        ) : (
          <LocalLink to="/cart" className="ui-button ui-button--secondary">{t('checkout.nav.toCart')}</LocalLink>
        )}
        {action ?? (
          <>
            {!canNext && blockedReason ? <p className="checkout-step__blocked" id={reasonId}>{blockedReason}</p> : null}
            <Button disabled={!canNext} aria-describedby={!canNext && blockedReason ? reasonId : undefined} onClick={() => send({ type: 'checkout.next' })}>
              {t('checkout.nav.next')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
