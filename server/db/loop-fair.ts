import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * Work that goes to the front of the embedded database's queue: sign-in, token refresh and the health probes run
 * inside it (server/http/admission.ts), so a customer who has just arrived does not wait behind a run of list queries.
 */
export const urgentWork = new AsyncLocalStorage<true>();

/**
 * PGlite runs each statement on this thread, and hands the next waiting statement its turn in a promise callback: with
 * a queue of statements the event loop never reaches its I/O phase, so under load a new connection is neither accepted
 * nor read until the queue is empty (measured under load: a sign-in waited 37.7 s). Here statements and transactions
 * take turns in a queue of our own, and once the database has had the thread for `sliceMs` the next one waits for a
 * turn of the event loop (setImmediate), so accepting and parsing go on while the database is busy. Not after every
 * statement: under load a turn of the loop can take long (every ready socket is read, shed calls answered), and the
 * database would crawl; so its slice grows to as long as the last turn took (up to `maxSliceMs`), half the thread each.
 */
export function takeTurnsWithTheLoop(client: PGlite, sliceMs = 10, maxSliceMs = 50): void {
  let busy = false;
  let sliceStart = performance.now();
  let slice = sliceMs;
  const yieldThen = (resume: () => void) => {
    const yielded = performance.now();
    setImmediate(() => {
      sliceStart = performance.now();
      slice = Math.min(maxSliceMs, Math.max(sliceMs, sliceStart - yielded));
      resume();
    });
  };
  const urgent: (() => void)[] = [];
  const ordinary: (() => void)[] = [];
  const turn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy) await new Promise<void>((resolve) => (urgentWork.getStore() ? urgent : ordinary).push(resolve));
    else {
      busy = true;
      // A statement after a pause may follow a run of them in the same turn of the loop: the slice still counts.
      if (performance.now() - sliceStart >= slice) await new Promise<void>((resolve) => yieldThen(resolve));
    }
    try {
      return await work();
    } finally {
      const next = urgent.shift() ?? ordinary.shift();
      // The next one keeps `busy` set: it was handed the turn, nobody may slip in before it.
      if (!next) busy = false;
      else if (performance.now() - sliceStart < slice) next();
      else yieldThen(next);
    }
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    turn(() => query<T>(text, params, options));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => turn(() => transaction(callback));
}
