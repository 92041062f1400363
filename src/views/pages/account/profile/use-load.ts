import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * Loads what a card shows; `reload` asks again (the old data stays on screen meanwhile), `update` edits the data
 * after a save. `load` must be stable (a module-level function), `key` changes reload it too.
 */
export function useLoad<T>(name: string, load: (signal: AbortSignal) => Promise<T>, key: unknown = null) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 8: failed gets and lists are logged; the card offers to try again.
        console.error(`[profile] ${name} failed`, error);
        setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [name, load, key, attempt]);

  const reload = useCallback(() => {
    setState((current) => (current.status === 'failed' ? { status: 'loading' } : current));
    setAttempt((count) => count + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current));
  }, []);
  return { state, reload, update };
}
