import { createActorContext } from '@xstate/react';
import { checkoutMachine } from '../../../machines/checkout/checkout';
import type { CheckoutEvent, CheckoutStep } from '../../../machines/checkout/checkout-types';

/** The page's one checkout actor; the page's Provider runs the version with the gateway's calls. */
export const CheckoutActor = createActorContext(checkoutMachine);

export function useCheckoutSend(): (event: CheckoutEvent) => void {
  return CheckoutActor.useActorRef().send;
}

/** The step on screen: the one the machine is at, the review while placing; null before the first step. */
export function useCurrentStep(): CheckoutStep | null {
  return CheckoutActor.useSelector((snapshot) =>
    (snapshot.matches('steps') || snapshot.matches('placing') ? snapshot.context.step : null));
}
