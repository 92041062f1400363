import { createActorContext } from '@xstate/react';
import { cartMachine } from '../../../machines/cart/cart';
import type { CartEvent } from '../../../machines/cart/cart-types';

/** The page's one cart actor; the page's Provider runs the version with the gateway's calls. */
export const CartActor = createActorContext(cartMachine);

export function useCartSend(): (event: CartEvent) => void {
  return CartActor.useActorRef().send;
}
