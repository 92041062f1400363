import { useMemo, type JSX } from 'react';
import { useSearch } from 'wouter';
import type { CheckoutStep } from '../../../machines/checkout/checkout-types';
import { checkoutFlowFor } from '../../../services/checkout';
import { useT } from '../../../services/i18n';
import { inspectOption } from '../../../services/inspect-option';
import { refreshCounters } from '../../../services/session';
import { EmptyState } from '../../components/empty-state';
import { FormError } from '../../components/form/form-error';
import { useSessionActor } from '../../components/session-context';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { CheckoutActor, useCheckoutSend, useCurrentStep } from './checkout-actor';
import { ClientStep, ContactStep, PayerStep } from './checkout-choose-steps';
import { DeliveryStep } from './checkout-delivery-step';
import { PlacedView } from './checkout-placed';
import { ReviewStep } from './checkout-review-step';
import { useStepFocus } from '../../components/ui/use-step-focus';
import { CheckoutStepsMenu, useCheckoutHeader } from './checkout-steps-menu';
import '../step-card.css';
import './checkout.css';

/** `?client=<id>` names the client to order for; anything else lets the customer choose. */
function clientIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('client');
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** /cart/checkout: client → payer → contact → delivery → review → the order. */
export default function CheckoutPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const session = useSessionActor();
  const clientId = clientIdOf(useSearch());
  // The order took lines out of the cart and added an order: the cart widget and the menu badges follow.
  const logic = useMemo(() => checkoutFlowFor(() => refreshCounters(session)), [session]);
  return (
    <div className="checkout-page">
      <h1 className="checkout-page__title">{title}</h1>
      <CheckoutActor.Provider key={clientId ?? 'any'} logic={logic} options={{ input: { clientId }, inspect: inspectOption() }}>
        <CheckoutBody />
      </CheckoutActor.Provider>
    </div>
  );
}

type Phase = 'loading' | 'failed' | 'nothing' | 'loadingClient' | 'clientFailed' | 'steps' | 'placed';

function phaseOf(matches: (state: 'loadingCart' | 'failed' | 'nothingToOrder' | 'loadingClient' | 'clientFailed' | 'placed') => boolean): Phase {
  if (matches('loadingCart')) return 'loading';
  if (matches('failed')) return 'failed';
  if (matches('nothingToOrder')) return 'nothing';
  if (matches('loadingClient')) return 'loadingClient';
  if (matches('clientFailed')) return 'clientFailed';
  return matches('placed') ? 'placed' : 'steps';
}

function CheckoutBody() {
  const t = useT();
  const phase = CheckoutActor.useSelector((snapshot) => phaseOf((state) => snapshot.matches(state)));
  useCheckoutHeader();
  if (phase === 'loading') return <Skeleton rows={4} imageSize={0} />;
  if (phase === 'failed') return <LoadFailure />;
  if (phase === 'nothing') {
    return (
      <EmptyState
        icon="cart"
        title={t('checkout.nothing.title')}
        text={t('checkout.nothing.text')}
        action={{ label: t('checkout.nothing.toCart'), to: '/cart' }}
      />
    );
  }
  return <CheckoutLayout phase={phase} />;
}

const STEP_VIEWS: Record<CheckoutStep, () => JSX.Element> = {
  client: ClientStep,
  payer: PayerStep,
  contact: ContactStep,
  delivery: DeliveryStep,
  review: ReviewStep,
};

function CheckoutLayout({ phase }: { phase: Phase }) {
  const step = useCurrentStep();
  const focusRef = useStepFocus(phase === 'steps' ? step ?? '' : phase);
  const Step = step ? STEP_VIEWS[step] : null;
  return (
    <div className="checkout">
      <CheckoutStepsMenu />
      <div className="checkout__main" ref={focusRef}>
        {phase === 'placed' ? <PlacedView /> : null}
        {phase === 'loadingClient' ? <Skeleton rows={4} imageSize={0} /> : null}
        {phase === 'clientFailed' ? <LoadFailure withBack /> : null}
        {phase === 'steps' && Step ? <Step /> : null}
      </div>
    </div>
  );
}

function LoadFailure({ withBack = false }: { withBack?: boolean }) {
  const t = useT();
  const send = useCheckoutSend();
  const error = CheckoutActor.useSelector((snapshot) => snapshot.context.error);
  const canBack = CheckoutActor.useSelector((snapshot) => snapshot.can({ type: 'checkout.back' }));
  return (
    <div className="checkout-failure">
      <FormError message={error || t('checkout.loadFailed')} />
      <div className="checkout-failure__actions">
        {withBack && canBack ? <Button variant="secondary" onClick={() => send({ type: 'checkout.back' })}>{t('checkout.nav.back')}</Button> : null}
        <Button onClick={() => send({ type: 'checkout.retry' })}>{t('checkout.retry')}</Button>
      </div>
    </div>
  );
}
