import { useEffect, useState } from 'react';
import type { StateValue } from 'xstate';

/** One step of a running app actor, as the inspect bridge reports it. */
export interface LiveUpdate {
  machineId: string;
  value: StateValue;
  eventType: string;
}

/** Subscribes to live updates; returns the unsubscribe function (the shape of subscribeLiveActors). */
export type LiveSource = (listener: (update: LiveUpdate) => void) => () => void;

/** The latest update per machine while following is on; forgotten when it is switched off. */
export function useLiveUpdates(source: LiveSource | undefined, following: boolean): ReadonlyMap<string, LiveUpdate> {
  const [updates, setUpdates] = useState<ReadonlyMap<string, LiveUpdate>>(new Map());
  useEffect(() => {
    if (!source || !following) return undefined;
    const unsubscribe = source((update) => setUpdates((before) => new Map(before).set(update.machineId, update)));
    return () => {
      unsubscribe();
      setUpdates(new Map());
    };
  }, [source, following]);
  return updates;
}
