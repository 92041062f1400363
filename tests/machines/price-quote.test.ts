import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import { QUOTE_DEBOUNCE_MS, priceQuoteMachine, type FetchQuoteInput } from '../../src/machines/price-quote/price-quote';
import { SAMPLE_QUOTE } from '../../src/machines/price-quote/samples';
import { deferred } from '../deferred';

const withWidth = (widthMm: number): ProjectParams => {
  const params = defaultParams();
  return { ...params, board: { ...params.board, widthMm } };
};
const quoteOf = (total: number): PriceQuote => ({ ...SAMPLE_QUOTE, total, perUnit: total / 10 });

/** A price actor on a simulated clock whose calls the test answers by hand. */
function startQuote() {
  const clock = new SimulatedClock();
  const calls: Array<{ input: FetchQuoteInput; call: ReturnType<typeof deferred<PriceQuote>> }> = [];
  const machine = priceQuoteMachine.provide({
    actors: {
      fetchQuote: fromPromise<PriceQuote, FetchQuoteInput>(({ input }) => {
        const call = deferred<PriceQuote>();
        calls.push({ input, call });
        return call.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const change = (params: ProjectParams) => actor.send({ type: 'quote.paramsChanged', params });
  return { actor, clock, calls, settle, change };
}

describe('price quote: debounce', () => {
  it('waits for the parameters to rest, then asks once with the last of them', async () => {
    const quote = startQuote();
    expect(quote.actor.getSnapshot().value).toBe('idle');
    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS - 50);
    quote.change(withWidth(110));
    quote.clock.increment(QUOTE_DEBOUNCE_MS - 50);
    quote.change(withWidth(120));
    quote.clock.increment(QUOTE_DEBOUNCE_MS - 1);
    expect(quote.calls).toHaveLength(0);
    expect(quote.actor.getSnapshot().value).toBe('waiting');

    quote.clock.increment(1);
    expect(quote.actor.getSnapshot().value).toBe('quoting');
    expect(quote.calls).toHaveLength(1);
    expect(quote.calls[0]?.input.params.board.widthMm).toBe(120);

    quote.calls[0]?.call.resolve(quoteOf(5000));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('quoted');
    expect(quote.actor.getSnapshot().context.quote?.total).toBe(5000);
    expect(quote.calls).toHaveLength(1);
  });

  it('keeps the last price on screen while a newer one is awaited', async () => {
    const quote = startQuote();
    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    quote.calls[0]?.call.resolve(quoteOf(5000));
    await quote.settle();

    quote.change(withWidth(150));
    expect(quote.actor.getSnapshot().value).toBe('waiting');
    expect(quote.actor.getSnapshot().context.quote?.total).toBe(5000);
    expect(quote.actor.getSnapshot().context.params?.board.widthMm).toBe(150);
  });
});

describe('price quote: stale answers', () => {
  it('drops the answer for parameters that changed while it was asked', async () => {
    const quote = startQuote();
    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    expect(quote.calls).toHaveLength(1);

    quote.change(withWidth(200));
    quote.calls[0]?.call.resolve(quoteOf(1111));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('waiting');
    expect(quote.actor.getSnapshot().context.quote).toBeNull();

    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    expect(quote.calls).toHaveLength(2);
    expect(quote.calls[1]?.input.params.board.widthMm).toBe(200);
    quote.calls[1]?.call.resolve(quoteOf(2222));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('quoted');
    expect(quote.actor.getSnapshot().context.quote?.total).toBe(2222);
  });

  it('drops a late failure of an old call as well', async () => {
    const quote = startQuote();
    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    quote.change(withWidth(120));
    quote.calls[0]?.call.reject(new Error('timeout'));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('waiting');
    expect(quote.actor.getSnapshot().context.error).toBeNull();
  });
});

describe('price quote: problems and failures', () => {
  it('answers parameters the factory cannot make with their problems, without a call', () => {
    const quote = startQuote();
    quote.change(withWidth(1000));
    expect(quote.actor.getSnapshot().value).toBe('invalid');
    expect(quote.actor.getSnapshot().context.problems).toContainEqual({ field: 'board.widthMm', code: 'boardSizeRange' });
    quote.clock.increment(QUOTE_DEBOUNCE_MS * 10);
    expect(quote.calls).toHaveLength(0);
    expect(quote.actor.getSnapshot().value).toBe('invalid');
  });

  it('a change to invalid parameters cancels the pending wait and the running call', async () => {
    const quote = startQuote();
    quote.change(withWidth(100));
    quote.change(withWidth(1000));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    expect(quote.calls).toHaveLength(0);

    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    quote.change(withWidth(1000));
    quote.calls[0]?.call.resolve(quoteOf(5000));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('invalid');
    expect(quote.actor.getSnapshot().context.quote).toBeNull();
  });

  it('shows the gateway message of a failed call, and prices again on the next change', async () => {
    const quote = startQuote();
    quote.change(withWidth(100));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    quote.calls[0]?.call.reject(new Error('Сервис временно недоступен, попробуйте позже'));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('failed');
    expect(quote.actor.getSnapshot().context.error).toBe('Сервис временно недоступен, попробуйте позже');

    quote.change(withWidth(101));
    quote.clock.increment(QUOTE_DEBOUNCE_MS);
    quote.calls[1]?.call.resolve(quoteOf(5050));
    await quote.settle();
    expect(quote.actor.getSnapshot().value).toBe('quoted');
    expect(quote.actor.getSnapshot().context.error).toBeNull();
  });
});
