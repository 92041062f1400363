import type { Cart, CartLine, CheckoutRequest, PlacedOrder } from '../../src/contract/cart';
import type { CheckoutClientData } from '../../src/machines/checkout/checkout-types';
import { cartOf } from '../../src/machines/cart/samples';
import { ApiError } from '../../src/services/api';
import { provideCartCalls, type CartCalls } from '../../src/services/cart';
import { provideCheckoutCalls, type CheckoutCalls } from '../../src/services/checkout';
import type { SessionActor } from '../../src/services/session';
import CartPage from '../../src/views/pages/cart/cart-page';
import CheckoutPage from '../../src/views/pages/checkout/checkout-page';
import { deferred } from '../deferred';
import { renderWithSession } from './harness-parts';

export { sampleCartLine } from '../../src/machines/cart/samples';
export { SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE } from '../../src/machines/checkout/samples';

/** The fake prices a piece cheaper from 50 on, as the price table does. */
export const priceFor = (quantity: number): number => quantity * (quantity >= 50 ? 800 : 1_000);

interface CartOptions {
  /** SetQuantity answers this error for these lines. */
  refuse?: Record<number, Error>;
  failLoad?: Error;
}

/** The cart calls answered from memory as the gateway would; every call recorded. */
export function fakeCart(lines: CartLine[], { refuse = {}, failLoad }: CartOptions = {}) {
  let items = lines.map((line) => ({ ...line }));
  let loadFailure = failLoad;
  const calls = { get: 0, setQuantity: [] as Array<{ lineId: number; quantity: number }>, remove: [] as number[] };
  const gateway: CartCalls = {
    get: () => {
      calls.get += 1;
      return loadFailure ? Promise.reject(loadFailure) : Promise.resolve(cartOf(items.map((line) => ({ ...line }))));
    },
    setQuantity: (lineId, quantity) => {
      calls.setQuantity.push({ lineId, quantity });
      const refusal = refuse[lineId];
      if (refusal) return Promise.reject(refusal);
      const line = items.find((item) => item.id === lineId);
      if (!line) return Promise.reject(new ApiError(404, 'Строка корзины не найдена'));
      const repriced = { ...line, quantity, price: priceFor(quantity), unitPrice: priceFor(quantity) / quantity };
      items = items.map((item) => (item.id === lineId ? repriced : item));
      return Promise.resolve({ ...repriced });
    },
    remove: (lineId) => {
      calls.remove.push(lineId);
      items = items.filter((item) => item.id !== lineId);
      return Promise.resolve({ cartTotal: items.length });
    },
  };
  return { gateway, calls, install: () => provideCartCalls(gateway), loadWorks: () => void (loadFailure = undefined) };
}

interface CheckoutOptions {
  cart: Cart;
  data?: Record<number, CheckoutClientData>;
  /** Each placing attempt answers the next of these; a Deferred holds the answer until the test settles it. */
  answers?: Array<PlacedOrder | Error | ReturnType<typeof deferred<PlacedOrder>>>;
}

/** The checkout calls answered from memory; every call recorded. */
export function fakeCheckout({ cart, data = {}, answers = [] }: CheckoutOptions) {
  const calls = { cart: 0, clientData: [] as number[], place: [] as CheckoutRequest[] };
  const gateway: CheckoutCalls = {
    cart: () => {
      calls.cart += 1;
      return Promise.resolve(cart);
    },
    clientData: (clientId) => {
      calls.clientData.push(clientId);
      const found = data[clientId];
      return found ? Promise.resolve(found) : Promise.reject(new ApiError(404, 'Клиент не найден'));
    },
    place: (request) => {
      calls.place.push(request);
      const answer = answers[calls.place.length - 1];
      if (answer === undefined) return Promise.reject(new ApiError(500, 'Нет ответа'));
      if (answer instanceof Error) return Promise.reject(answer);
      return 'promise' in answer ? answer.promise : Promise.resolve(answer);
    },
  };
  return { gateway, calls, install: () => provideCheckoutCalls(gateway) };
}

export const renderCartPage = (session: SessionActor) => renderWithSession(session, <CartPage title="Корзина" params={{}} />, '/cart');

export const renderCheckoutPage = (path: string, session: SessionActor) =>
  renderWithSession(session, <CheckoutPage title="Оформление заказа" params={{}} />, path);
