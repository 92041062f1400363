import {
  createActor, fromPromise,
  type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateNode,
} from 'xstate';
import type { MachineEntry } from '../../../machines/index';
import { sampleErrorIn } from '../../../machines/shared/registry-entry';
import { getLocale, t } from '../../../services/i18n';
import { formatDelay } from '../../../services/flows/flow-model';
import { ManualClock } from './manual-clock';

/** An invoked gateway actor waiting for the user to say how it ends. */
export interface PendingCall {
  id: string;
  outputs: readonly unknown[];
  errors: readonly Error[];
}

/** A delayed transition of an active state; firing it moves the simulated clock by `ms`. */
export interface PendingDelay {
  eventType: string;
  ms: number;
  label: string;
}

export interface SimulationView {
  snapshot: AnyMachineSnapshot;
  calls: PendingCall[];
  delays: PendingDelay[];
  /** Registry example events the current snapshot accepts, with their place in entry.events. */
  events: Array<{ index: number; event: AnyEventObject }>;
}

interface Settler { resolve: (output: unknown) => void; reject: (error: Error) => void }

const isDelayFunction = (value: unknown): value is (args: { context: unknown; event: AnyEventObject }) => unknown =>
  typeof value === 'function';

/** A real actor of a registered machine: gateway actors wait for the user, timers run on a simulated clock. */
export function createSimulation(entry: MachineEntry) {
  const listeners = new Set<() => void>();
  let actor: AnyActorRef | null = null;
  let clock = new ManualClock();
  let settlers = new Map<string, Settler>();
  let lastEvent: AnyEventObject = { type: 'xstate.init' };
  let view: SimulationView | null = null;

  const delayOf = (raw: unknown, context: unknown): number | null => {
    const delays: Record<string, unknown> = entry.machine.implementations.delays;
    const named = typeof raw === 'string' ? delays[raw] : raw;
    const ms = isDelayFunction(named) ? named({ context, event: lastEvent }) : named;
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
  };

  const viewOf = (snapshot: AnyMachineSnapshot): SimulationView => {
    const calls = [...settlers.keys()].filter((id) => id in snapshot.children).map((id) => ({
      id,
      outputs: entry.actorOutputs[id] ?? [undefined],
      // The gateway answers in the page's language; a call without samples fails as the gateway does when it is away.
      errors: (entry.actorErrors?.[id] ?? [new Error(t('flows.sim.gatewayAway'))]).map((error) => sampleErrorIn(error, getLocale())),
    }));
    const delays = new Map<string, PendingDelay>();
    for (const node of snapshot._nodes as AnyStateNode[]) {
      for (const t of node.after) {
        const ms = delayOf(t.delay, snapshot.context);
        if (ms !== null && !delays.has(t.eventType)) delays.set(t.eventType, { eventType: t.eventType, ms, label: `${node.key}: ${formatDelay(ms)}` });
      }
    }
    const active = snapshot.status === 'active';
    const events = entry.events.flatMap((event, index) => (active && snapshot.can(event) ? [{ index, event }] : []));
    return { snapshot, calls, delays: [...delays.values()], events };
  };

  const emit = () => {
    view = actor ? viewOf(actor.getSnapshot() as AnyMachineSnapshot) : null;
    for (const listener of listeners) listener();
  };

  const stubs = Object.fromEntries(Object.keys(entry.machine.implementations.actors).map((name) => [
    name,
    fromPromise<unknown>(({ self }) => new Promise((resolve, reject) => {
      settlers.set(self.id, { resolve, reject });
      // The child starts while the parent is still processing: report after that step is done.
      queueMicrotask(emit);
    })),
  ]));

  return {
    start(): void {
      clock = new ManualClock();
      settlers = new Map();
      lastEvent = { type: 'xstate.init' };
      actor = createActor(entry.machine.provide({ actors: stubs }), { input: entry.input, clock });
      actor.subscribe({ next: emit, error: emit });
      actor.start();
      emit();
    },
    stop(): void {
      actor?.stop();
      actor = null;
      view = null;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getView: (): SimulationView | null => view,
    send(event: AnyEventObject): void {
      lastEvent = event;
      actor?.send(event);
    },
    settle(id: string, outcome: { output: unknown } | { error: Error }): void {
      const settler = settlers.get(id);
      settlers.delete(id);
      if ('error' in outcome) settler?.reject(outcome.error);
      else settler?.resolve(outcome.output);
      emit();
    },
    fire(delay: PendingDelay): void {
      clock.increment(delay.ms);
      emit();
    },
  };
}

export type Simulation = ReturnType<typeof createSimulation>;
