import { assertEvent, assign, setup } from 'xstate';
import type { Cart, CheckoutRequest, PlacedOrder } from '../../contract/cart';
import { orderableGroups } from '../cart/cart-rules';
import { readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';
import {
  canGoTo, clientsOf, defaultPointOf, groupOf, hasContact, hasDelivery, hasKeyForRequest, hasPayer, initialContext, later,
  placeRequestOf, pointsOf, preselect, requestFingerprint, sampleIdempotencyKey,
} from './checkout-rules';
import { CHECKOUT_STEPS, type CheckoutClientData, type CheckoutContext, type CheckoutEvent, type CheckoutInput, type CheckoutStep } from './checkout-types';

const stepGoTo = (step: CheckoutStep) => ({ guard: { type: 'canGoTo' as const, params: { step } }, target: `.${step}` });

/**
 * Checkout of one client's orderable cart lines: client (only when the cart holds several) → payer →
 * contact → delivery → review → placing → placed. The idempotency key is made on the review for the request shown
 * there and kept while that request stays the same, so a second click, a retry after a network failure, or a
 * walk back and forth without changes places one order. A refusal returns to the review with the gateway's words.
 * A line without files is placed only once the review's 'файлы пришлю позже' is ticked; lines for an
 * engineer's review may be placed as an order of their own.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    children: {} as { loadCart: 'loadCart'; loadClientData: 'loadClientData'; placeOrder: 'placeOrder' },
  },
  actors: {
    loadCart: notProvided<Cart>('loadCart'),
    loadClientData: notProvided<CheckoutClientData, { clientId: number }>('loadClientData'),
    placeOrder: notProvided<PlacedOrder, { request: CheckoutRequest | null }>('placeOrder'),
  },
  actions: {
    notifyOrderPlaced: () => undefined,
    /** Stand-in keys; the checkout service provides random UUIDs (a machine stays pure). */
    assignIdempotencyKey: assign(({ context }) => ({ idempotencyKey: sampleIdempotencyKey(context.keysMade) })),
    assignKeyRequest: assign(({ context }) => ({ keyRequest: requestFingerprint(context), keysMade: context.keysMade + 1 })),
    assignCart: assign((_, params: { cart: Cart }) => ({ cart: params.cart })),
    assignRequestedClient: assign(({ context }, params: { cart: Cart }) => {
      const groups = orderableGroups(params.cart);
      const requested = groups.find((group) => group.clientId === context.requestedClientId);
      return { clientId: (requested ?? groups[0])?.clientId ?? null };
    }),
    assignClient: assign(({ event }) => {
      assertEvent(event, 'checkout.chooseClient');
      return { clientId: event.clientId };
    }),
    assignClientData: assign(({ context }, params: { data: CheckoutClientData }) =>
      preselect(context, { ...params.data, clientId: context.clientId ?? 0 }),
    ),
    assignPayer: assign(({ event }) => {
      assertEvent(event, 'checkout.choosePayer');
      return { payerId: event.payerId };
    }),
    assignContact: assign(({ event }) => {
      assertEvent(event, 'checkout.chooseContact');
      return { contactId: event.contactId };
    }),
    assignDeliveryKind: assign(({ context, event }) => {
      assertEvent(event, 'checkout.chooseDeliveryKind');
      if (event.kind === context.delivery.kind) return {};
      return { delivery: { kind: event.kind, pointId: defaultPointOf(context.data, event.kind) } };
    }),
    assignDeliveryPoint: assign(({ context, event }) => {
      assertEvent(event, 'checkout.chooseDeliveryPoint');
      return { delivery: { kind: context.delivery.kind, pointId: event.pointId } };
    }),
    assignComment: assign(({ event }) => {
      assertEvent(event, 'checkout.setComment');
      return { comment: event.comment };
    }),
    assignFilesLater: assign(({ event }) => {
      assertEvent(event, 'checkout.setFilesLater');
      return { filesLater: event.filesLater };
    }),
    assignSplitReview: assign(({ event }) => (event.type === 'checkout.setSplitReview' ? { splitReview: event.splitReview } : {})),
    assignStep: assign(({ context }, params: { step: CheckoutStep }) => ({ step: params.step, furthest: later(context.furthest, params.step) })),
    assignError: assign((_, params: { error: unknown }) => {
      const { errorMessage, errorField } = readGatewayError(params.error);
      return { error: errorMessage, errorField };
    }),
    clearError: assign({ error: null, errorField: null }),
    assignPlaced: assign((_, params: { placed: PlacedOrder }) => ({ placed: params.placed })),
  },
  guards: {
    hasNothingToOrder: (_, params: { cart: Cart }) => orderableGroups(params.cart).length === 0,
    hasKnownClient: ({ context }, params: { cart: Cart }) => {
      const groups = orderableGroups(params.cart);
      return groups.length === 1 || groups.some((group) => group.clientId === context.requestedClientId);
    },
    hasSeveralClients: ({ context }) => clientsOf(context).length > 1,
    isOfferedClient: ({ context, event }) =>
      event.type === 'checkout.chooseClient' && clientsOf(context).some((group) => group.clientId === event.clientId),
    hasClient: ({ context }) => groupOf(context) !== undefined,
    hasClientData: ({ context }) => groupOf(context) !== undefined && context.data?.clientId === context.clientId,
    isKnownPayer: ({ context, event }) =>
      event.type === 'checkout.choosePayer' && (context.data?.payers.some((payer) => payer.id === event.payerId) ?? false),
    isKnownContact: ({ context, event }) =>
      event.type === 'checkout.chooseContact' && (context.data?.contacts.some((contact) => contact.id === event.contactId) ?? false),
    isKnownPoint: ({ context, event }) =>
      event.type === 'checkout.chooseDeliveryPoint' && pointsOf(context.data, context.delivery.kind).some((point) => point.id === event.pointId),
    hasPayer: ({ context }) => hasPayer(context),
    hasContact: ({ context }) => hasContact(context),
    hasDelivery: ({ context }) => hasDelivery(context),
    hasKeyForRequest: ({ context }) => hasKeyForRequest(context),
    canPlace: ({ context }) => placeRequestOf(context) !== null,
    canGoTo: ({ context, event }, params: { step: CheckoutStep }) =>
      event.type === 'checkout.goTo' && event.step === params.step && canGoTo(context, params.step, context.step),
  },
}).createMachine({
  id: 'checkout',
  initial: 'loadingCart',
  context: ({ input }) => initialContext(input),
  states: {
    loadingCart: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: { type: 'hasNothingToOrder', params: ({ event }) => ({ cart: event.output }) },
            target: 'nothingToOrder',
            actions: { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) },
          },
          {
            guard: { type: 'hasKnownClient', params: ({ event }) => ({ cart: event.output }) },
            target: 'loadingClient',
            actions: [
              { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'assignRequestedClient', params: ({ event }) => ({ cart: event.output }) },
            ],
          },
          { target: 'steps.client', actions: { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: { on: { 'checkout.retry': { target: 'loadingCart', actions: 'clearError' } } },
    nothingToOrder: { type: 'final' },
    loadingClient: {
      invoke: {
        id: 'loadClientData',
        src: 'loadClientData',
        input: ({ context }) => ({ clientId: context.clientId ?? 0 }),
        onDone: { target: 'steps.payer', actions: { type: 'assignClientData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'clientFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    clientFailed: {
      on: {
        'checkout.retry': { target: 'loadingClient', actions: 'clearError' },
        'checkout.back': { guard: 'hasSeveralClients', target: 'steps.client', actions: 'clearError' },
      },
    },
    steps: {
      // Entered only at a named step; `initial` is what a bare target would mean.
      initial: 'client',
      on: { 'checkout.goTo': CHECKOUT_STEPS.map(stepGoTo) },
      states: {
        client: {
          entry: { type: 'assignStep', params: { step: 'client' } },
          on: {
            'checkout.chooseClient': { guard: 'isOfferedClient', actions: 'assignClient' },
            'checkout.next': [
              { guard: 'hasClientData', target: 'payer' },
              { guard: 'hasClient', target: '#checkout.loadingClient' },
            ],
          },
        },
        payer: {
          entry: { type: 'assignStep', params: { step: 'payer' } },
          on: {
            'checkout.choosePayer': { guard: 'isKnownPayer', actions: 'assignPayer' },
            'checkout.next': { guard: 'hasPayer', target: 'contact' },
            'checkout.back': { guard: 'hasSeveralClients', target: 'client' },
          },
        },
        contact: {
          entry: { type: 'assignStep', params: { step: 'contact' } },
          on: {
            'checkout.chooseContact': { guard: 'isKnownContact', actions: 'assignContact' },
            'checkout.next': { guard: 'hasContact', target: 'delivery' },
            'checkout.back': 'payer',
          },
        },
        delivery: {
          entry: { type: 'assignStep', params: { step: 'delivery' } },
          on: {
            'checkout.chooseDeliveryKind': { actions: 'assignDeliveryKind' },
            'checkout.chooseDeliveryPoint': { guard: 'isKnownPoint', actions: 'assignDeliveryPoint' },
            'checkout.next': { guard: 'hasDelivery', target: 'review' },
            'checkout.back': 'contact',
          },
        },
        review: {
          entry: { type: 'assignStep', params: { step: 'review' } },
          exit: 'clearError',
          initial: 'checkingKey',
          states: {
            // A key for the request shown is kept: a retry, or a look back that changed nothing, places one order.
            checkingKey: {
              always: [
                { guard: 'hasKeyForRequest', target: 'ready' },
                { target: 'ready', actions: ['assignKeyRequest', 'assignIdempotencyKey'] },
              ],
            },
            ready: {},
          },
          on: {
            'checkout.setComment': { actions: 'assignComment' },
            // The answer is part of the request, so a changed one gets its own key (checkingKey).
            'checkout.setFilesLater': { target: '.checkingKey', actions: 'assignFilesLater' },
            'checkout.setSplitReview': { target: '.checkingKey', actions: 'assignSplitReview' },
            'checkout.place': { guard: 'canPlace', target: '#checkout.placing' },
            'checkout.back': 'delivery',
          },
        },
      },
    },
    // No 'checkout.place' here: a second click while the first request runs is ignored.
    placing: {
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({ request: placeRequestOf(context) }),
        onDone: { target: 'placed', actions: [{ type: 'assignPlaced', params: ({ event }) => ({ placed: event.output }) }, 'notifyOrderPlaced'] },
        onError: { target: 'steps.review', actions: { type: 'assignError', params: errorOf } },
      },
    },
    placed: { type: 'final' },
  },
});
