import { fromPromise } from 'xstate';
import { getCart, removeCartLine, setCartQuantity, type Cart, type CartLine } from '../contract/cart';
import { cartMachine } from '../machines/cart/cart';
import type { QuantityChange, QuantityResult } from '../machines/cart/cart-types';
import { callApi } from './api';
import { callFailureText } from './call-failure';
import { swappableCalls } from './swappable-calls';

/** Every cart call the page makes; tests replace them with `provideCartCalls`. */
export interface CartCalls {
  get(signal?: AbortSignal): Promise<Cart>;
  setQuantity(lineId: number, quantity: number, signal?: AbortSignal): Promise<CartLine>;
  remove(lineId: number): Promise<{ cartTotal: number }>;
}

const realCalls: CartCalls = {
  get: (signal) => callApi(getCart, { signal }),
  setQuantity: (lineId, quantity, signal) => callApi(setCartQuantity, { body: { lineId, quantity }, signal }),
  remove: (lineId) => callApi(removeCartLine, { body: { lineId } }),
};

const callsSlot = swappableCalls<CartCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideCartCalls = callsSlot.provide;
export const cartCalls = callsSlot.current;

export const cartFailureText = (error: unknown): string => callFailureText('cart', error);

/** Each changed line is its own SetQuantity; one refusal does not hold the others back. */
async function saveQuantities(changes: readonly QuantityChange[], signal?: AbortSignal): Promise<QuantityResult[]> {
  const settled = await Promise.allSettled(changes.map((change) => cartCalls().setQuantity(change.lineId, change.quantity, signal)));
  return settled.map((result, index) => {
    const lineId = changes[index]?.lineId ?? 0;
    return result.status === 'fulfilled' ? { lineId, line: result.value } : { lineId, error: cartFailureText(result.reason) };
  });
}

/**
 * The cart machine on the gateway's calls. `onChanged` runs after each answered change: the view passes the
 * session's `refreshCounters`, so the header's cart widget and the menu badge follow the cart.
 */
export function cartFlowFor(onChanged: () => void) {
  return cartMachine.provide({
    actors: {
      // The actors read the gateway when they run, so a test's gateway reaches the machine too.
      loadCart: fromPromise<Cart, void>(({ signal }) => cartCalls().get(signal)),
      saveQuantities: fromPromise<QuantityResult[], { changes: QuantityChange[] }>(({ input, signal }) => saveQuantities(input.changes, signal)),
      removeLine: fromPromise<unknown, { lineId: number }>(({ input }) => cartCalls().remove(input.lineId)),
    },
    actions: { notifyCartChanged: () => onChanged() },
  });
}
