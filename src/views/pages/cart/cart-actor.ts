import { createActorContext } from '@xstate/react';
import { cartMachine, type CartEvent } from '../../../machines/cart';

/** The page's one cart actor; the page's Provider runs the version with the gateway's calls. */
export const CartActor = createActorContext(cartMachine);

export function useCartSend(): (event: CartEvent) => void {
  return CartActor.useActorRef().send;
}
