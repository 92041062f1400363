import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Cart } from '../../src/contract/cart';
import { cartMachine, QUANTITY_DEBOUNCE_MS } from '../../src/machines/cart/cart';
import { groupByClient, isSettled, lineBlocker, shownQuantity, vatOfPricedLines } from '../../src/machines/cart/cart-rules';
import type { QuantityChange, QuantityResult } from '../../src/machines/cart/cart-types';
import { cartOf, SAMPLE_CART, SAMPLE_LINES, sampleCartLine } from '../../src/machines/cart/samples';
import { deferred } from '../deferred';

/** A cart actor on a simulated clock whose gateway calls the test answers by hand. */
function startCart(loaded: Cart = SAMPLE_CART) {
  const clock = new SimulatedClock();
  const saves: Array<{ changes: QuantityChange[]; call: ReturnType<typeof deferred<QuantityResult[]>> }> = [];
  const removals: Array<{ lineId: number; call: ReturnType<typeof deferred<unknown>> }> = [];
  const loads: Array<ReturnType<typeof deferred<Cart>>> = [];
  let changed = 0;
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise<Cart, void>(() => {
        const call = deferred<Cart>();
        loads.push(call);
        return call.promise;
      }),
      saveQuantities: fromPromise<QuantityResult[], { changes: QuantityChange[] }>(({ input }) => {
        const call = deferred<QuantityResult[]>();
        saves.push({ changes: input.changes, call });
        return call.promise;
      }),
      removeLine: fromPromise<unknown, { lineId: number }>(({ input }) => {
        const call = deferred<unknown>();
        removals.push({ lineId: input.lineId, call });
        return call.promise;
      }),
    },
    actions: { notifyCartChanged: () => void (changed += 1) },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const load = async (cart: Cart = loaded) => {
    loads.at(-1)?.resolve(cart);
    await settle();
  };
  const type = (lineId: number, quantity: number) => actor.send({ type: 'cart.setQuantity', lineId, quantity });
  const quantityOf = (lineId: number) => {
    const { context } = actor.getSnapshot();
    const line = context.cart?.lines.find((item) => item.id === lineId);
    if (!line) throw new Error(`line ${lineId} is not in the cart`);
    return shownQuantity(context, line);
  };
  return { actor, clock, saves, removals, loads, settle, load, type, quantityOf, changes: () => changed };
}

const priced = (lineId: number, quantity: number, price: number): QuantityResult => ({
  lineId, line: { ...(lineId === 1 ? SAMPLE_LINES.first : SAMPLE_LINES.other), quantity, price, unitPrice: price / quantity },
});

describe('cart: loading', () => {
  it('shows the lines when the cart has some, the empty cart when not, and a retry after a failure', async () => {
    const cart = startCart();
    expect(cart.actor.getSnapshot().value).toBe('loading');
    await cart.load();
    expect(cart.actor.getSnapshot().matches('ready')).toBe(true);

    const empty = startCart();
    await empty.load(cartOf([]));
    expect(empty.actor.getSnapshot().value).toBe('empty');

    const failing = startCart();
    failing.loads[0]?.reject(new Error('Сервис временно недоступен'));
    await failing.settle();
    expect(failing.actor.getSnapshot().value).toBe('failed');
    expect(failing.actor.getSnapshot().context.loadError).toBe('Сервис временно недоступен');
    failing.actor.send({ type: 'cart.reload' });
    expect(failing.actor.getSnapshot().value).toBe('loading');
    await failing.load();
    expect(failing.actor.getSnapshot().matches('ready')).toBe(true);
    expect(failing.actor.getSnapshot().context.loadError).toBeNull();
  });
});

describe('cart: quantities', () => {
  it('waits for the field to rest, then sends every changed line once with its last quantity', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 2);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS - 100);
    cart.type(1, 25);
    cart.type(3, 5);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS - 1);
    expect(cart.saves).toHaveLength(0);
    expect(cart.quantityOf(1)).toBe(25);
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'waiting' } })).toBe(true);

    cart.clock.increment(1);
    expect(cart.saves.map((save) => save.changes)).toEqual([[{ lineId: 1, quantity: 25 }, { lineId: 3, quantity: 5 }]]);
    expect(cart.actor.getSnapshot().context.sending).toEqual({ 1: 25, 3: 5 });

    cart.saves[0]?.call.resolve([priced(1, 25, 25_000), priced(3, 5, 3_000)]);
    await cart.settle();
    const { context } = cart.actor.getSnapshot();
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'idle' } })).toBe(true);
    expect(context.sending).toEqual({});
    expect(context.cart?.lines.map((line) => [line.id, line.quantity, line.price])).toEqual([[1, 25, 25_000], [3, 5, 3_000]]);
    expect(context.cart?.total).toBe(28_000);
    expect(cart.changes()).toBe(1);
  });

  it('puts the saved quantity back with the gateway\'s words when a line is refused, and keeps the others', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 30);
    cart.type(3, 7);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    cart.saves[0]?.call.resolve([{ lineId: 1, error: 'Проект изменён' }, priced(3, 7, 4_000)]);
    await cart.settle();
    expect(cart.quantityOf(1)).toBe(10);
    expect(cart.quantityOf(3)).toBe(7);
    expect(cart.actor.getSnapshot().context.lineErrors).toEqual({ 1: 'Проект изменён' });

    // Typing into the line again clears its message.
    cart.type(1, 11);
    expect(cart.actor.getSnapshot().context.lineErrors).toEqual({});
  });

  it('puts every sent line back when the whole call fails', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 30);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    cart.saves[0]?.call.reject(new Error('Нет связи с сервером'));
    await cart.settle();
    expect(cart.quantityOf(1)).toBe(10);
    expect(cart.actor.getSnapshot().context.lineErrors).toEqual({ 1: 'Нет связи с сервером' });
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'idle' } })).toBe(true);
  });

  it('keeps typing while an answer is awaited and sends the newer quantity after it', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 20);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    cart.type(1, 40);
    expect(cart.quantityOf(1)).toBe(40);
    cart.saves[0]?.call.resolve([priced(1, 20, 20_000)]);
    await cart.settle();
    // The answer for 20 is the line's saved state; 40 is still shown and waits its turn.
    expect(cart.quantityOf(1)).toBe(40);
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'waiting' } })).toBe(true);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    expect(cart.saves[1]?.changes).toEqual([{ lineId: 1, quantity: 40 }]);
  });

  it('ignores unchanged quantities and unknown lines, and sends nothing when the quantity is typed back', async () => {
    const cart = startCart();
    await cart.load();
    for (const [lineId, quantity] of [[1, 10], [99, 5], [99, 0]] as const) cart.type(lineId, quantity);
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'idle' } })).toBe(true);
    expect(cart.actor.getSnapshot().context.invalid).toEqual({});

    cart.type(1, 12);
    cart.type(1, 10);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    expect(cart.saves).toHaveLength(0);
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'idle' } })).toBe(true);
  });
});

describe('cart: a quantity no order could take', () => {
  it('stays as typed, is never sent, and drops the valid quantity typed on the way to it', async () => {
    const cart = startCart();
    await cart.load();
    // 999999 typed digit by digit passes 99999, which is a valid quantity: it must not be sent in its place.
    for (const quantity of [9, 99, 999, 9999, 99_999, 999_999]) cart.type(1, quantity);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    expect(cart.saves).toHaveLength(0);
    expect(cart.quantityOf(1)).toBe(999_999);
    expect(cart.actor.getSnapshot().context.invalid).toEqual({ 1: 999_999 });
    expect(cart.actor.getSnapshot().matches({ ready: { quantities: 'idle' } })).toBe(true);

    for (const quantity of [-3, 0, 2.5, Number.NaN]) {
      cart.type(1, quantity);
      cart.clock.increment(QUANTITY_DEBOUNCE_MS);
      expect(cart.quantityOf(1)).toBe(quantity);
    }
    expect(cart.saves).toHaveLength(0);

    // Corrected, it is sent like every other quantity.
    cart.type(1, 25);
    expect(cart.actor.getSnapshot().context.invalid).toEqual({});
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    expect(cart.saves.map((save) => save.changes)).toEqual([[{ lineId: 1, quantity: 25 }]]);
  });

  it('keeps the cart from reloading and from checkout until it is corrected or typed back', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(3, 0);
    expect(isSettled(cart.actor.getSnapshot().context)).toBe(false);
    expect(cart.actor.getSnapshot().can({ type: 'cart.reload' })).toBe(false);
    cart.type(3, 10);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    expect(cart.saves).toHaveLength(0);
    expect(isSettled(cart.actor.getSnapshot().context)).toBe(true);
  });

  it('typed while the line is being priced, stays shown when the answer lands; a removed line forgets it', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 20);
    cart.clock.increment(QUANTITY_DEBOUNCE_MS);
    cart.type(1, 100_001);
    cart.saves[0]?.call.resolve([priced(1, 20, 20_000)]);
    await cart.settle();
    expect(cart.quantityOf(1)).toBe(100_001);
    expect(cart.actor.getSnapshot().context.cart?.lines[0]?.quantity).toBe(20);
    expect(cart.saves).toHaveLength(1);

    cart.actor.send({ type: 'cart.remove', lineId: 1 });
    expect(cart.actor.getSnapshot().context.invalid).toEqual({});
  });
});

describe('cart: removing', () => {
  it('removes lines one at a time, each leaving when the gateway agrees, and turns empty after the last', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 15);
    cart.actor.send({ type: 'cart.remove', lineId: 1 });
    cart.actor.send({ type: 'cart.remove', lineId: 3 });
    cart.actor.send({ type: 'cart.remove', lineId: 3 });
    // The typed quantity of a line being removed is never sent.
    expect(cart.actor.getSnapshot().context.drafts).toEqual({});
    expect(cart.removals.map((removal) => removal.lineId)).toEqual([1]);
    expect(cart.actor.getSnapshot().context.cart?.lines).toHaveLength(2);

    cart.removals[0]?.call.resolve({ cartTotal: 1 });
    await cart.settle();
    expect(cart.actor.getSnapshot().context.cart?.lines.map((line) => line.id)).toEqual([3]);
    expect(cart.actor.getSnapshot().context.cart?.total).toBe(5_000);
    expect(cart.removals.map((removal) => removal.lineId)).toEqual([1, 3]);
    expect(cart.changes()).toBe(1);

    cart.removals[1]?.call.resolve({ cartTotal: 0 });
    await cart.settle();
    expect(cart.actor.getSnapshot().value).toBe('empty');
    expect(cart.changes()).toBe(2);
  });

  it('keeps a line the gateway would not remove and says why on it', async () => {
    const cart = startCart();
    await cart.load();
    cart.actor.send({ type: 'cart.remove', lineId: 3 });
    cart.removals[0]?.call.reject(new Error('Строка корзины не найдена'));
    await cart.settle();
    const { context } = cart.actor.getSnapshot();
    expect(context.cart?.lines.map((line) => line.id)).toEqual([1, 3]);
    expect(context.lineErrors).toEqual({ 3: 'Строка корзины не найдена' });
    expect(cart.actor.getSnapshot().matches({ ready: { removal: 'idle' } })).toBe(true);
  });

  it('reloads only when nothing typed, sent or being removed would be lost', async () => {
    const cart = startCart();
    await cart.load();
    cart.type(1, 15);
    expect(cart.actor.getSnapshot().can({ type: 'cart.reload' })).toBe(false);
    cart.type(1, 10);
    expect(cart.actor.getSnapshot().can({ type: 'cart.reload' })).toBe(true);
    cart.actor.send({ type: 'cart.reload' });
    expect(cart.actor.getSnapshot().value).toBe('loading');
  });
});

describe('cart lines', () => {
  it('are orderable when ready to order and priced, grouped by client with the orderable subtotal', () => {
    expect(lineBlocker(SAMPLE_LINES.first)).toBeNull();
    expect(lineBlocker(SAMPLE_LINES.draft)).toBe('notActual');
    expect(lineBlocker(sampleCartLine(9, { price: null }))).toBe('noPrice');
    const groups = groupByClient([SAMPLE_LINES.first, SAMPLE_LINES.other, SAMPLE_LINES.draft]);
    expect(groups.map((group) => [group.clientId, group.lines.length, group.orderable.length, group.subtotal])).toEqual([[1, 2, 1, 12_000], [2, 1, 1, 5_000]]);
  });

  it('tell the VAT included in their prices (22 %) as the invoice states it: each line to the kopeck, then the sum', () => {
    expect(vatOfPricedLines([sampleCartLine(1, { price: 12_200 })])).toBe(2_200);
    expect(vatOfPricedLines([sampleCartLine(1, { price: 1_000 })])).toBe(180.33);
    // 1,03 has 0,19 VAT (0,1857…), so two lines have 0,38, while 2,06 alone would have 0,37.
    expect(vatOfPricedLines([sampleCartLine(1, { price: 1.03 }), sampleCartLine(2, { price: 1.03 })])).toBe(0.38);
  });
});
