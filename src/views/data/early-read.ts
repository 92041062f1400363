import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A read started at boot, before the data layer exists, and handed to it once by the view that shows it. */
export interface EarlyRead<T> {
  start(read: () => Promise<T>): void;
  /** Puts the read into `client` under `key` (its answer, or the call still on its way); later calls find nothing. */
  adopt(client: QueryClient, key: QueryKey): void;
}

export function earlyRead<T>(): EarlyRead<T> {
  let pending: Promise<T> | null = null;
  let answer: { value: T } | null = null;
  return {
    start(read) {
      const started = read();
      pending = started;
      answer = null;
      // A failure is the view's query to tell (it asks again, as it would have without this read).
      started.then((value) => {
        if (pending === started) answer = { value };
      }, () => undefined);
    },
    adopt(client, key) {
      const [taken, known] = [pending, answer];
      pending = null;
      answer = null;
      // An answer already here is in the first render; one on its way is the query's fetch, which the view joins.
      if (known) client.setQueryData(key, () => known.value);
      else if (taken) void client.prefetchQuery({ queryKey: key, queryFn: () => taken });
    },
  };
}
