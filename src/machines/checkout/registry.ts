import {
  SAMPLE_CART_HAND_ENTERED, SAMPLE_CART_NOTHING_TO_ORDER, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_TWO_CLIENTS,
} from '../cart/samples';
import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { checkoutMachine } from './checkout';
import { hasFilesOrLater, hasKeyForRequest, linesWithoutFiles, placeRequestOf, requestOf, stepsOf } from './checkout-rules';
import { CHECKOUT_STEPS } from './checkout-types';
import { SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE, SAMPLE_PLACED } from './samples';

// Registry entry of the checkout machine; src/machines/index.ts lists it with the rest.

export const checkout = defineEntry({
  machine: checkoutMachine,
  title: { ru: 'Оформление заказа', en: 'Checkout' },
  screen: '/cart/checkout',
  input: { clientId: null },
  extraInputs: [{ clientId: 2 }, { clientId: 99 }, { clientId: 1 }],
  events: [
    { type: 'checkout.chooseClient', clientId: 1 },
    { type: 'checkout.chooseClient', clientId: 2 },
    { type: 'checkout.choosePayer', payerId: 11 },
    { type: 'checkout.choosePayer', payerId: 99 },
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
    { type: 'checkout.setFilesLater', filesLater: true },
    { type: 'checkout.setFilesLater', filesLater: false },
    { type: 'checkout.setSplitReview', splitReview: true },
  ],
  actorOutputs: {
    loadCart: [SAMPLE_CART_TWO_CLIENTS, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_NOTHING_TO_ORDER, SAMPLE_CART_HAND_ENTERED],
    loadClientData: [SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE],
    placeOrder: [SAMPLE_PLACED],
  },
  actorErrors: {
    placeOrder: [
      sampleError(
        { ru: 'Сервис временно недоступен, попробуйте позже', en: 'The service is temporarily unavailable, please try later' },
        { field: null },
      ),
    ],
  },
  graphContext: (context) => ({
    clients: stepsOf(context).length,
    clientId: context.clientId,
    dataFor: context.data?.clientId ?? null,
    bare: context.data?.payers.length === 0,
    payer: context.payerId,
    contact: context.contactId,
    delivery: context.delivery,
    furthest: context.furthest,
    keyFits: hasKeyForRequest(context),
    withoutFiles: linesWithoutFiles(context).length,
    filesLater: context.filesLater,
  }),
  // Each input walks its own part, so no walk is repeated: without a client, a one-client cart all the way; with
  // the unknown client 99, a cart of several clients through the client step; with client 2, its first step; with
  // client 1, a cart with a project entered by hand, all the way through 'files later'.
  explore: (snapshot) => {
    const { context, value } = snapshot;
    if (typeof value === 'string') return true;
    const handEntered = linesWithoutFiles(context).length > 0;
    if (context.requestedClientId === null) return stepsOf(context).length < CHECKOUT_STEPS.length && !handEntered && !context.filesLater;
    // Straight to the review with the first choices: the other choices and the walks back are the plain cart's part;
    // here what is new is the review's question about the files.
    if (context.requestedClientId === 1) {
      return handEntered && context.furthest === context.step && context.delivery.kind !== 'pickup_point' && context.payerId !== 12;
    }
    return context.requestedClientId === 99 && ['client', 'payer'].includes(context.furthest) && context.payerId === null;
  },

  invariants: (snapshot) => {
    const { context } = snapshot;
    const inReview = snapshot.matches({ steps: 'review' });
    return firstBroken([
      [!inReview || requestOf(context) !== null, 'the review shows a complete request'],
      [!snapshot.matches({ steps: { review: 'ready' } }) || hasKeyForRequest(context), 'the review holds a key made for its request'],
      [!snapshot.matches('placing') || placeRequestOf(context) !== null, 'placing sends a request with its key'],
      [!snapshot.matches('placing') || hasFilesOrLater(context), 'a line without files is placed only with files later'],
      [!snapshot.matches('placed') || context.placed !== null, 'placed holds the order'],
      [!snapshot.matches('steps') || stepsOf(context).includes(context.furthest), 'the furthest step is a step of this checkout'],
      [!snapshot.matches({ steps: 'client' }) || stepsOf(context).includes('client'), 'the client step only when there are several'],
    ]);
  },
});
