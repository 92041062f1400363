import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite runs each statement on this thread, and hands the next waiting statement its turn in a promise callback: with
 * a queue of statements the event loop never reaches its I/O phase, so under load a new connection is neither accepted
 * nor read until the queue is empty (the issue 19 finding: a sign-in waited 37.7 s). Here statements and transactions
 * take turns in a queue of our own, with a turn of the event loop (setImmediate) between two of them, so accepting and
 * parsing go on while the database is busy.
 */
export function takeTurnsWithTheLoop(client: PGlite): void {
  let busy = false;
  const waiting: (() => void)[] = [];
  const turn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    busy = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The next one keeps `busy` set: it was handed the turn, nobody may slip in before it.
      if (next) setImmediate(next);
      else busy = false;
    }
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    turn(() => query<T>(text, params, options));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => turn(() => transaction(callback));
}
