import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import type { Cart, CheckoutRequest, PlacedOrder } from '../../src/contract/cart';
import { checkoutMachine } from '../../src/machines/checkout/checkout';
import type { CheckoutClientData, CheckoutEvent } from '../../src/machines/checkout/checkout-types';
import {
  SAMPLE_CART_HAND_ENTERED, SAMPLE_CART_NOTHING_TO_ORDER, SAMPLE_CART_ONE_CLIENT, SAMPLE_CART_TWO_CLIENTS, SAMPLE_CART_WITH_REVIEW,
} from '../../src/machines/cart/samples';
import { SAMPLE_CLIENT_DATA, SAMPLE_CLIENT_DATA_BARE, SAMPLE_PLACED } from '../../src/machines/checkout/samples';
import { deferred } from '../deferred';

/** A checkout actor whose gateway calls the test answers by hand; keys come from a counter, as UUIDs would. */
function startCheckout(clientId: number | null = null) {
  const carts: Array<ReturnType<typeof deferred<Cart>>> = [];
  const clientLoads: Array<{ clientId: number; call: ReturnType<typeof deferred<CheckoutClientData>> }> = [];
  const places: Array<{ request: CheckoutRequest | null; call: ReturnType<typeof deferred<PlacedOrder>> }> = [];
  let keys = 0;
  let placedNotices = 0;
  const machine = checkoutMachine.provide({
    actors: {
      loadCart: fromPromise<Cart, void>(() => {
        const call = deferred<Cart>();
        carts.push(call);
        return call.promise;
      }),
      loadClientData: fromPromise<CheckoutClientData, { clientId: number }>(({ input }) => {
        const call = deferred<CheckoutClientData>();
        clientLoads.push({ clientId: input.clientId, call });
        return call.promise;
      }),
      placeOrder: fromPromise<PlacedOrder, { request: CheckoutRequest | null }>(({ input }) => {
        const call = deferred<PlacedOrder>();
        places.push({ request: input.request, call });
        return call.promise;
      }),
    },
    actions: {
      assignIdempotencyKey: assign({ idempotencyKey: () => `key-${(keys += 1)}` }),
      notifyOrderPlaced: () => void (placedNotices += 1),
    },
  });
  const actor = createActor(machine, { input: { clientId } });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = (...events: CheckoutEvent[]) => events.forEach((event) => actor.send(event));
  const value = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const loadCart = async (cart: Cart) => {
    carts.at(-1)?.resolve(cart);
    await settle();
  };
  const loadClient = async (data: CheckoutClientData = SAMPLE_CLIENT_DATA) => {
    clientLoads.at(-1)?.call.resolve(data);
    await settle();
  };
  return { actor, carts, clientLoads, places, settle, send, value, context, loadCart, loadClient, notices: () => placedNotices };
}

const next: CheckoutEvent = { type: 'checkout.next' };
const place: CheckoutEvent = { type: 'checkout.place' };

/** One client in the cart, walked to the review with payer 11, the one contact and the default courier address. */
async function atReview(cart: Cart = SAMPLE_CART_ONE_CLIENT) {
  const checkout = startCheckout();
  await checkout.loadCart(cart);
  await checkout.loadClient();
  checkout.send({ type: 'checkout.choosePayer', payerId: 11 }, next, next, next);
  expect(checkout.value()).toEqual({ steps: { review: 'ready' } });
  return checkout;
}

describe('checkout: the way to the review', () => {
  it('skips the client step for a cart of one client and takes the lone contact and the default address for the user', async () => {
    const checkout = startCheckout();
    expect(checkout.value()).toBe('loadingCart');
    await checkout.loadCart(SAMPLE_CART_ONE_CLIENT);
    expect(checkout.value()).toBe('loadingClient');
    expect(checkout.clientLoads.map((load) => load.clientId)).toEqual([1]);
    await checkout.loadClient();
    expect(checkout.value()).toEqual({ steps: 'payer' });
    expect(checkout.context()).toMatchObject({ payerId: null, contactId: 21, delivery: { kind: 'express_post', pointId: 41 } });

    // Two payers: the user chooses; until then 'Далее' goes nowhere, and there is no client step to go back to.
    checkout.send(next, { type: 'checkout.back' }, { type: 'checkout.choosePayer', payerId: 99 });
    expect(checkout.value()).toEqual({ steps: 'payer' });
    expect(checkout.context().payerId).toBeNull();
    checkout.send({ type: 'checkout.choosePayer', payerId: 12 }, next);
    expect(checkout.value()).toEqual({ steps: 'contact' });
    checkout.send(next);
    expect(checkout.value()).toEqual({ steps: 'delivery' });
    checkout.send(next);
    expect(checkout.value()).toEqual({ steps: { review: 'ready' } });
    expect(checkout.context().idempotencyKey).toBe('key-1');
  });

  it('lets the customer choose the client when the cart holds several, and reloads the data only for another client', async () => {
    const checkout = startCheckout();
    await checkout.loadCart(SAMPLE_CART_TWO_CLIENTS);
    expect(checkout.value()).toEqual({ steps: 'client' });
    checkout.send(next);
    expect(checkout.value()).toEqual({ steps: 'client' });
    checkout.send({ type: 'checkout.chooseClient', clientId: 7 });
    expect(checkout.context().clientId).toBeNull();
    checkout.send({ type: 'checkout.chooseClient', clientId: 1 }, next);
    await checkout.loadClient();
    checkout.send({ type: 'checkout.choosePayer', payerId: 11 }, { type: 'checkout.back' });
    expect(checkout.value()).toEqual({ steps: 'client' });

    checkout.send(next);
    expect(checkout.value()).toEqual({ steps: 'payer' });
    expect(checkout.clientLoads).toHaveLength(1);
    expect(checkout.context().payerId).toBe(11);

    checkout.send({ type: 'checkout.goTo', step: 'client' }, { type: 'checkout.chooseClient', clientId: 2 }, next);
    expect(checkout.value()).toBe('loadingClient');
    await checkout.loadClient(SAMPLE_CLIENT_DATA_BARE);
    expect(checkout.value()).toEqual({ steps: 'payer' });
    expect(checkout.context()).toMatchObject({ clientId: 2, payerId: null, contactId: null, delivery: { kind: null, pointId: null }, furthest: 'payer' });
    // Nothing to choose: the step cannot be passed (the page links to the account's payers).
    checkout.send(next);
    expect(checkout.value()).toEqual({ steps: 'payer' });
  });

  it('goes straight to the client named in the address, keeping the client step one click away', async () => {
    const checkout = startCheckout(2);
    await checkout.loadCart(SAMPLE_CART_TWO_CLIENTS);
    expect(checkout.clientLoads.map((load) => load.clientId)).toEqual([2]);
    await checkout.loadClient();
    expect(checkout.value()).toEqual({ steps: 'payer' });
    checkout.send({ type: 'checkout.back' });
    expect(checkout.value()).toEqual({ steps: 'client' });
  });

  it('asks for the client when the one in the address has nothing to order', async () => {
    const checkout = startCheckout(99);
    await checkout.loadCart(SAMPLE_CART_TWO_CLIENTS);
    expect(checkout.value()).toEqual({ steps: 'client' });
  });

  it('has nothing to place when no line can be ordered', async () => {
    const checkout = startCheckout();
    await checkout.loadCart(SAMPLE_CART_NOTHING_TO_ORDER);
    expect(checkout.value()).toBe('nothingToOrder');
    expect(checkout.actor.getSnapshot().status).toBe('done');
  });

  it('offers a retry when the cart or the client\'s data does not load, and the way back to the client step', async () => {
    const checkout = startCheckout();
    checkout.carts[0]?.reject(new Error('Нет связи с сервером'));
    await checkout.settle();
    expect(checkout.value()).toBe('failed');
    expect(checkout.context().error).toBe('Нет связи с сервером');
    checkout.send({ type: 'checkout.retry' });
    expect(checkout.context().error).toBeNull();
    await checkout.loadCart(SAMPLE_CART_TWO_CLIENTS);
    checkout.send({ type: 'checkout.chooseClient', clientId: 2 }, next);
    checkout.clientLoads[0]?.call.reject(new Error('Клиент не найден'));
    await checkout.settle();
    expect(checkout.value()).toBe('clientFailed');
    checkout.send({ type: 'checkout.retry' });
    expect(checkout.value()).toBe('loadingClient');
    checkout.clientLoads[1]?.call.reject(new Error('Клиент не найден'));
    await checkout.settle();
    checkout.send({ type: 'checkout.back' });
    expect(checkout.value()).toEqual({ steps: 'client' });
  });
});

describe('checkout: delivery', () => {
  it('starts a method at its default or only point, sends endpoints and saved addresses in their own fields', async () => {
    const checkout = startCheckout();
    await checkout.loadCart(SAMPLE_CART_ONE_CLIENT);
    await checkout.loadClient();
    checkout.send({ type: 'checkout.choosePayer', payerId: 11 }, next, next, { type: 'checkout.chooseDeliveryKind', kind: 'pickup_point' });
    expect(checkout.context().delivery).toEqual({ kind: 'pickup_point', pointId: 31 });
    // A saved address is no pickup point.
    checkout.send({ type: 'checkout.chooseDeliveryPoint', pointId: 41 });
    expect(checkout.context().delivery.pointId).toBe(31);
    checkout.send(next, place);
    expect(checkout.places[0]?.request?.delivery).toEqual({ kind: 'pickup_point', endpointId: 31, deliverySettingId: null });
  });

  it('cannot go on with a method that has nothing to choose', async () => {
    const checkout = startCheckout();
    await checkout.loadCart(SAMPLE_CART_ONE_CLIENT);
    await checkout.loadClient({ ...SAMPLE_CLIENT_DATA, deliverySettings: [] });
    checkout.send({ type: 'checkout.choosePayer', payerId: 11 }, next, next, { type: 'checkout.chooseDeliveryKind', kind: 'express_post' }, next);
    expect(checkout.value()).toEqual({ steps: 'delivery' });
    expect(checkout.context().delivery).toEqual({ kind: 'express_post', pointId: null });
  });
});

describe('checkout: placing', () => {
  it('places the reviewed lines of the client once, however often the button is pressed', async () => {
    const checkout = await atReview();
    checkout.send({ type: 'checkout.setComment', comment: '  Позвонить за час  ' }, place, place, place);
    expect(checkout.value()).toBe('placing');
    expect(checkout.places).toHaveLength(1);
    expect(checkout.places[0]?.request).toEqual({
      idempotencyKey: 'key-1', clientId: 1, payerId: 11, contactId: 21,
      delivery: { kind: 'express_post', endpointId: null, deliverySettingId: 41 }, comment: 'Позвонить за час', lineIds: [1],
    });
    // The side list and back are closed while the request runs.
    checkout.send({ type: 'checkout.back' }, { type: 'checkout.goTo', step: 'payer' });
    expect(checkout.value()).toBe('placing');

    checkout.places[0]?.call.resolve(SAMPLE_PLACED);
    await checkout.settle();
    expect(checkout.value()).toBe('placed');
    expect(checkout.context().placed).toEqual(SAMPLE_PLACED);
    expect(checkout.notices()).toBe(1);
  });

  it('returns to the review with the gateway\'s words on a failure and retries with the same key', async () => {
    const checkout = await atReview();
    checkout.send(place);
    checkout.places[0]?.call.reject(Object.assign(new Error('Нет связи с сервером'), { field: undefined }));
    await checkout.settle();
    expect(checkout.value()).toEqual({ steps: { review: 'ready' } });
    expect(checkout.context().error).toBe('Нет связи с сервером');
    expect(checkout.notices()).toBe(0);

    checkout.send(place);
    expect(checkout.context().error).toBeNull();
    expect(checkout.places.map((attempt) => attempt.request?.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('keeps the key while the request stays the same and makes a new one when a choice changes', async () => {
    const checkout = await atReview();
    checkout.send({ type: 'checkout.setComment', comment: 'Новый комментарий' }, { type: 'checkout.back' }, next);
    expect(checkout.context().idempotencyKey).toBe('key-1');
    checkout.send({ type: 'checkout.goTo', step: 'payer' }, { type: 'checkout.goTo', step: 'review' });
    expect(checkout.context().idempotencyKey).toBe('key-1');

    checkout.send({ type: 'checkout.goTo', step: 'payer' }, { type: 'checkout.choosePayer', payerId: 12 }, { type: 'checkout.goTo', step: 'review' });
    expect(checkout.value()).toEqual({ steps: { review: 'ready' } });
    expect(checkout.context().idempotencyKey).toBe('key-2');
    checkout.send(place);
    expect(checkout.places[0]?.request).toMatchObject({ idempotencyKey: 'key-2', payerId: 12, comment: 'Новый комментарий' });
  });

  it('puts a refusal about the comment on the comment field', async () => {
    const checkout = await atReview();
    checkout.send(place);
    checkout.places[0]?.call.reject(Object.assign(new Error('Комментарий слишком длинный'), { field: 'comment' }));
    await checkout.settle();
    expect(checkout.context()).toMatchObject({ error: 'Комментарий слишком длинный', errorField: 'comment' });
    checkout.send({ type: 'checkout.back' });
    expect(checkout.context()).toMatchObject({ error: null, errorField: null });
  });
});

describe('checkout: the side list of steps', () => {
  it('opens reached steps whose earlier steps are done, never the current one or a later one not reached', async () => {
    const checkout = startCheckout();
    await checkout.loadCart(SAMPLE_CART_ONE_CLIENT);
    await checkout.loadClient();
    const can = (step: 'client' | 'payer' | 'contact' | 'delivery' | 'review') => checkout.actor.getSnapshot().can({ type: 'checkout.goTo', step });
    expect([can('client'), can('payer'), can('contact'), can('review')]).toEqual([false, false, false, false]);
    checkout.send({ type: 'checkout.choosePayer', payerId: 11 }, next, next, next);
    expect([can('payer'), can('contact'), can('delivery'), can('review')]).toEqual([true, true, true, false]);
    checkout.send({ type: 'checkout.goTo', step: 'delivery' }, { type: 'checkout.chooseDeliveryKind', kind: 'russian_post' });
    expect(checkout.context().delivery).toEqual({ kind: 'russian_post', pointId: 42 });
    checkout.send({ type: 'checkout.goTo', step: 'payer' });
    expect(can('review')).toBe(true);
  });
});

describe('checkout: a project entered by hand', () => {
  it('places nothing until the customer says the files come later, then sends that answer with a key of its own', async () => {
    const checkout = await atReview(SAMPLE_CART_HAND_ENTERED);
    checkout.send(place);
    expect(checkout.value()).toEqual({ steps: { review: 'ready' } });
    expect(checkout.places).toHaveLength(0);

    const firstKey = checkout.context().idempotencyKey;
    checkout.send({ type: 'checkout.setFilesLater', filesLater: true });
    expect(checkout.context().idempotencyKey).not.toBe(firstKey);
    checkout.send(place);
    expect(checkout.value()).toBe('placing');
    expect(checkout.places[0]?.request).toMatchObject({ lineIds: [4, 1], filesLater: true });
  });

  it('takes the answer back: unticked, placing is refused again', async () => {
    const checkout = await atReview(SAMPLE_CART_HAND_ENTERED);
    checkout.send({ type: 'checkout.setFilesLater', filesLater: true }, { type: 'checkout.setFilesLater', filesLater: false }, place);
    expect(checkout.places).toHaveLength(0);
  });

  it('does not ask when every line has files: the request says nothing about them', async () => {
    const checkout = await atReview();
    checkout.send(place);
    expect(checkout.places[0]?.request).not.toHaveProperty('filesLater');
  });
});

describe('checkout: lines for an engineer\'s review', () => {
  it('places them together by default and apart once asked, with a key of its own', async () => {
    const checkout = await atReview(SAMPLE_CART_WITH_REVIEW);
    const firstKey = checkout.context().idempotencyKey;
    checkout.send({ type: 'checkout.setSplitReview', splitReview: true });
    expect(checkout.context().idempotencyKey).not.toBe(firstKey);
    checkout.send(place);
    expect(checkout.places[0]?.request).toMatchObject({ lineIds: [1, 5], splitReview: true });
  });

  it('says nothing about splitting when every line is clean', async () => {
    const checkout = await atReview();
    checkout.send({ type: 'checkout.setSplitReview', splitReview: true }, place);
    expect(checkout.places[0]?.request).not.toHaveProperty('splitReview');
  });
});
