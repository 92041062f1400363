import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A read started at boot, before the data layer exists, and handed to it once by the view that shows it. */
export interface EarlyRead<T> {
  start(read: () => Promise<T>): void;
  /** Puts the read into `client` under `key` (its answer, or the call still on its way); later calls find nothing. */
  adopt(client: QueryClient, key: QueryKey): void;
}

/**
 * How long a boot read waits for its view. A first page that never shows it (a redirect, the visitor gone elsewhere)
 * leaves it behind: a later visit to that page asks afresh rather than show an old answer.
 */
export const EARLY_READ_LIFETIME_MS = 10_000;

export function earlyRead<T>(): EarlyRead<T> {
  let pending: Promise<T> | null = null;
  let answer: { value: T } | null = null;
  let startedAt = 0;
  return {
    start(read) {
      const started = read();
      pending = started;
      answer = null;
      startedAt = Date.now();
      // A failure is the view's query to tell (it asks again, as it would have without this read).
      started.then((value) => {
        if (pending === started) answer = { value };
      }, () => undefined);
    },
    adopt(client, key) {
      const [taken, known] = Date.now() - startedAt <= EARLY_READ_LIFETIME_MS ? [pending, answer] : [null, null];
      pending = null;
      answer = null;
      // An answer already here is in the first render; one on its way is the query's fetch, which the view joins.
      if (known) client.setQueryData(key, () => known.value);
      else if (taken) void client.prefetchQuery({ queryKey: key, queryFn: () => taken });
    },
  };
}
