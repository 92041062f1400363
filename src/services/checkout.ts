import { assign, fromPromise } from 'xstate';
import { checkout, getCart, type Cart, type CheckoutRequest, type PlacedOrder } from '../contract/cart';
import { contactsList } from '../contract/contacts';
import { payersList } from '../contract/payers';
import { DELIVERY_KINDS, getDeliverySettings } from '../contract/delivery-settings';
import { isOneOf } from '../contract/fields';
import { MAX_PAGE_SIZE } from '../contract/list';
import { checkoutMachine } from '../machines/checkout/checkout';
import type { CheckoutClientData, CheckoutEndpoint } from '../machines/checkout/checkout-types';
import { callApi } from './api';
import { dictionaries } from './dictionaries';
import { swappableCalls } from './swappable-calls';

/** Every call checkout makes; tests replace them with `provideCheckoutCalls`. */
export interface CheckoutCalls {
  cart(signal?: AbortSignal): Promise<Cart>;
  clientData(clientId: number, signal?: AbortSignal): Promise<CheckoutClientData>;
  place(request: CheckoutRequest, signal?: AbortSignal): Promise<PlacedOrder>;
}

const isDeliveryKind = isOneOf(DELIVERY_KINDS);

/** Reference endpoints with the kind their method stands for (the method's code is the kind). */
async function endpointsByKind(): Promise<CheckoutEndpoint[]> {
  const [methods, endpoints] = await Promise.all([dictionaries.get('deliveryMethods'), dictionaries.get('deliveryEndpoints')]);
  const kindOf = new Map(methods.flatMap((method) => (isDeliveryKind(method.code) ? [[method.id, method.code] as const] : [])));
  return endpoints.flatMap((endpoint) => {
    const kind = kindOf.get(endpoint.methodId);
    return kind ? [{ id: endpoint.id, kind, name: endpoint.name, nameEn: endpoint.nameEn, address: endpoint.address }] : [];
  });
}

/** A client keeps a handful of payers and contacts; one page of the largest size holds them all. */
const firstPage = { page: 1, itemsOnPage: MAX_PAGE_SIZE };

const realCalls: CheckoutCalls = {
  cart: (signal) => callApi(getCart, { signal }),
  clientData: async (clientId, signal) => {
    const [payers, contacts, deliverySettings, endpoints] = await Promise.all([
      callApi(payersList, { body: { clientId, pagination: firstPage, sort: { code: 'name', orderBy: 'asc' } }, signal }),
      callApi(contactsList, { body: { clientId, pagination: firstPage, sort: { code: 'lastName', orderBy: 'asc' } }, signal }),
      callApi(getDeliverySettings, { query: { clientId: String(clientId) }, signal }),
      endpointsByKind(),
    ]);
    return { payers, contacts, deliverySettings, endpoints };
  },
  place: (body, signal) => callApi(checkout, { body, signal }),
};

const callsSlot = swappableCalls<CheckoutCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideCheckoutCalls = callsSlot.provide;
export const checkoutCalls = callsSlot.current;

/** A key nobody else makes: the gateway returns the order the first request with it made. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The checkout machine on the gateway's calls, with random idempotency keys. `onPlaced` runs once the order is
 * made: the view passes the session's `refreshCounters` (the cart lost the ordered lines, the orders count grew).
 */
export function checkoutFlowFor(onPlaced: () => void) {
  return checkoutMachine.provide({
    actors: {
      loadCart: fromPromise<Cart, void>(({ signal }) => checkoutCalls().cart(signal)),
      loadClientData: fromPromise<CheckoutClientData, { clientId: number }>(({ input, signal }) => checkoutCalls().clientData(input.clientId, signal)),
      // Not aborted when the page goes: a request that left is answered by the gateway either way.
      placeOrder: fromPromise<PlacedOrder, { request: CheckoutRequest | null }>(({ input }) => (input.request
        ? checkoutCalls().place(input.request)
        : Promise.reject(new Error('checkout: nothing to place')))),
    },
    actions: {
      assignIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }),
      notifyOrderPlaced: () => onPlaced(),
    },
  });
}
