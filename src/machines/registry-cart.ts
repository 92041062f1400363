import { isQuantityInRange } from '../contract/board-checks';
import { sumPrices } from './cart-types';
import { cartMachine } from './cart';
import { checkoutMachine, placeRequestOf } from './checkout';
import { CHECKOUT_STEPS, hasKeyForRequest, requestOf, stepsOf } from './checkout-types';
import { defineEntry, firstBroken, type MachineEntry } from './registry-entry';
import {
  SAMPLE_CART, SAMPLE_CART_EMPTY, SAMPLE_CART_NOTHING_TO_ORDER, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_TWO_CLIENTS,
  SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE, SAMPLE_PLACED, SAMPLE_QUANTITY_REFUSED, SAMPLE_QUANTITY_SAVED,
} from './registry-cart-examples';

// Registry entries of the cart and checkout machines (issue 7); src/machines/index.ts lists them with the rest.

const gatewayError = (message: string) => new Error(message);

export const cart = defineEntry({
  id: 'cart',
  machine: cartMachine,
  title: { ru: 'Корзина', en: 'Cart' },
  screen: '/cart',
  input: undefined,
  events: [
    { type: 'cart.setQuantity', lineId: 1, quantity: 20 },
    { type: 'cart.setQuantity', lineId: 1, quantity: 10 },
    { type: 'cart.setQuantity', lineId: 3, quantity: 5 },
    { type: 'cart.setQuantity', lineId: 1, quantity: 0 },
    { type: 'cart.setQuantity', lineId: 3, quantity: 100_001 },
    { type: 'cart.remove', lineId: 1 },
    { type: 'cart.remove', lineId: 3 },
    { type: 'cart.reload' },
  ],
  actorOutputs: {
    loadCart: [SAMPLE_CART, SAMPLE_CART_EMPTY],
    saveQuantities: [SAMPLE_QUANTITY_SAVED, SAMPLE_QUANTITY_REFUSED],
    removeLine: [{ basketTotal: 1 }],
  },
  actorErrors: { removeLine: [gatewayError('Строка корзины не найдена')] },
  graphContext: (context) => ({
    lines: context.cart?.lines.map((line) => `${line.id}×${line.quantity}`) ?? null,
    drafts: context.drafts,
    sending: context.sending,
    invalid: context.invalid,
    removals: context.removals,
  }),
  invariants: (snapshot) => {
    const { cart: loaded, drafts, sending, invalid, removals } = snapshot.context;
    const ids = loaded?.lines.map((line) => line.id) ?? [];
    const keys = (record: Record<number, number>) => Object.keys(record).map(Number);
    return firstBroken([
      [!snapshot.matches('ready') || ids.length > 0, 'ready holds lines'],
      [!snapshot.matches('empty') || ids.length === 0, 'empty holds no lines'],
      [[...keys(drafts), ...keys(sending), ...keys(invalid), ...removals].every((id) => ids.includes(id)), 'drafts, sending, invalid and removals name lines of the cart'],
      [removals.every((id) => !(id in drafts) && !(id in invalid)), 'nothing is typed for a line being removed'],
      [Object.values({ ...drafts, ...sending }).every(isQuantityInRange), 'only quantities in range are sent or wait to be'],
      [!Object.values(invalid).some(isQuantityInRange) && keys(invalid).every((id) => !(id in drafts)), 'an invalid quantity is only marked, in place of a draft'],
      [loaded === null || loaded.total === sumPrices(loaded.lines), 'the total is the sum of the priced lines'],
      [!snapshot.matches({ ready: { quantities: 'idle' } }) || (keys(drafts).length === 0 && keys(sending).length === 0), 'idle quantities hold nothing unsent'],
      [!snapshot.matches({ ready: { removal: 'idle' } }) || removals.length === 0, 'idle removal has no queue'],
    ]);
  },
});

export const checkout = defineEntry({
  id: 'checkout',
  machine: checkoutMachine,
  title: { ru: 'Оформление заказа', en: 'Checkout' },
  screen: '/cart/checkout',
  input: { clientId: null },
  extraInputs: [{ clientId: 2 }, { clientId: 99 }],
  events: [
    { type: 'checkout.chooseClient', clientId: 1 },
    { type: 'checkout.chooseClient', clientId: 2 },
    { type: 'checkout.choosePayer', counteragentId: 11 },
    { type: 'checkout.choosePayer', counteragentId: 99 },
    { type: 'checkout.chooseContact', contactId: 21 },
    { type: 'checkout.chooseDeliveryKind', kind: 'pickup_point' },
    { type: 'checkout.chooseDeliveryKind', kind: 'express_post' },
    { type: 'checkout.chooseDeliveryPoint', pointId: 31 },
    { type: 'checkout.setComment', comment: 'Позвонить за час до доставки' },
    { type: 'checkout.next' },
    { type: 'checkout.back' },
    { type: 'checkout.goTo', step: 'client' },
    { type: 'checkout.goTo', step: 'payer' },
    { type: 'checkout.goTo', step: 'contact' },
    { type: 'checkout.goTo', step: 'delivery' },
    { type: 'checkout.goTo', step: 'review' },
    { type: 'checkout.place' },
    { type: 'checkout.retry' },
  ],
  actorOutputs: {
    loadCart: [SAMPLE_CART_TWO_CLIENTS, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_NOTHING_TO_ORDER],
    loadClientData: [SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE],
    placeOrder: [SAMPLE_PLACED],
  },
  actorErrors: {
    placeOrder: [Object.assign(gatewayError('Сервис временно недоступен, попробуйте позже'), { field: null })],
  },
  graphContext: (context) => ({
    clients: stepsOf(context).length,
    clientId: context.clientId,
    dataFor: context.data?.clientId ?? null,
    bare: context.data?.payers.length === 0,
    payer: context.counteragentId,
    contact: context.contactId,
    delivery: context.delivery,
    furthest: context.furthest,
    keyFits: hasKeyForRequest(context),
  }),
  // Each input walks its own part, so no walk is repeated: without a client, a one-client cart all the way; with
  // the unknown client 99, a cart of several clients through the client step; with client 2, its first step.
  explore: ({ context, value }) => {
    if (typeof value === 'string') return true;
    if (context.requestedClientId === null) return stepsOf(context).length < CHECKOUT_STEPS.length;
    return context.requestedClientId === 99 && ['client', 'payer'].includes(context.furthest) && context.counteragentId === null;
  },

  invariants: (snapshot) => {
    const { context } = snapshot;
    const inReview = snapshot.matches({ steps: 'review' });
    return firstBroken([
      [!inReview || requestOf(context) !== null, 'the review shows a complete request'],
      [!snapshot.matches({ steps: { review: 'ready' } }) || hasKeyForRequest(context), 'the review holds a key made for its request'],
      [!snapshot.matches('placing') || placeRequestOf(context) !== null, 'placing sends a request with its key'],
      [!snapshot.matches('placed') || context.placed !== null, 'placed holds the order'],
      [!snapshot.matches('steps') || stepsOf(context).includes(context.furthest), 'the furthest step is a step of this checkout'],
      [!snapshot.matches({ steps: 'client' }) || stepsOf(context).includes('client'), 'the client step only when there are several'],
    ]);
  },
});

export const cartEntries: readonly MachineEntry[] = [cart, checkout];
