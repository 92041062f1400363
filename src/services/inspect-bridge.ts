import { isMachineSnapshot, type AnyActorRef, type InspectionEvent, type Observer, type StateValue, type Subscription } from 'xstate';
import { machineRegistry } from '../machines/index';
import { setInspectOption, type InspectOption } from './inspect-option';

// Live mode (`?inspect`): the page's actors report each snapshot on a BroadcastChannel, and the /flows page
// (in a side panel or another tab) follows them. Loaded only on request, so normal visits never carry it.

export { inspectOption, isLiveModeRequested, type InspectOption } from './inspect-option';

export const LIVE_CHANNEL = 'pcb-portal-inspect';
/** Set to '1' in localStorage to also send the actors to Stately's online inspector (opens its window). */
export const STATELY_INSPECTOR_KEY = 'pcb.statelyInspector';

/** One snapshot of a top-level actor whose machine is in the registry. */
export interface LiveActorUpdate {
  /** The registry id (src/machines/index.ts). */
  machineId: string;
  /** The actor's session id: tells two actors of the same machine apart. */
  sessionId: string;
  value: StateValue;
  status: 'active' | 'done' | 'error' | 'stopped';
  /** The event that led to this snapshot ('xstate.init' for the first). */
  eventType: string;
  at: number;
  /** The path of the page the actor runs on. */
  page: string;
}

type LiveMessage = { type: 'update'; update: LiveActorUpdate } | { type: 'hello' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isHello = (data: unknown) => isRecord(data) && data.type === 'hello';
const isUpdateMessage = (data: unknown): data is { type: 'update'; update: LiveActorUpdate } =>
  isRecord(data) && data.type === 'update' && isRecord(data.update) &&
  typeof data.update.machineId === 'string' && typeof data.update.sessionId === 'string';

// Provided machines are new objects but keep their definition's id, so the map goes by machine.id.
const registryIds = new Map(machineRegistry.map((entry) => [entry.machine.id, entry.id]));

const currentPage = () => (typeof location === 'undefined' ? '' : location.pathname);

/** An inspector that turns snapshots of registered top-level machines into updates; children are left out. */
export function createLiveInspector(post: (update: LiveActorUpdate) => void, now: () => number = Date.now) {
  return (event: InspectionEvent): void => {
    if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
    const { snapshot } = event;
    if (!isMachineSnapshot(snapshot)) return;
    const machineId = registryIds.get(snapshot.machine.id);
    if (machineId === undefined) return;
    post({
      machineId,
      sessionId: event.actorRef.sessionId,
      value: JSON.parse(JSON.stringify(snapshot.value)) as StateValue,
      status: snapshot.status,
      eventType: event.event.type,
      at: now(),
      page: currentPage(),
    });
  };
}

interface LiveMode {
  channel: BroadcastChannel;
  subscriptions: Subscription[];
}

let live: LiveMode | null = null;

async function statelyInspector(): Promise<Observer<InspectionEvent> | null> {
  try {
    if (globalThis.localStorage?.getItem(STATELY_INSPECTOR_KEY) !== '1') return null;
  } catch {
    return null;
  }
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/**
 * Turns live mode on: actors created from now on get `inspectOption()`; `existing` ones (the session, created
 * at import) are inspected through their system. Call before starting them so their first snapshot is seen.
 */
export async function startLiveMode(existing: readonly AnyActorRef[] = []): Promise<void> {
  if (live) return;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const latest = new Map<string, LiveActorUpdate>();
  const send = (message: LiveMessage) => channel.postMessage(message);
  // A subscriber that opens later says hello; it gets the latest snapshot of every machine.
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (isHello(message.data)) for (const update of latest.values()) send({ type: 'update', update });
  };
  const ours = createLiveInspector((update) => {
    latest.set(update.machineId, update);
    send({ type: 'update', update });
  });
  const stately = await statelyInspector();
  const inspect: InspectOption = stately ? (event) => { ours(event); stately.next?.(event); } : ours;
  setInspectOption(inspect);
  live = { channel, subscriptions: existing.map((actor) => actor.system.inspect(inspect)) };
}

/** Turns live mode off again (tests; a page never needs to). */
export function stopLiveMode(): void {
  live?.subscriptions.forEach((subscription) => subscription.unsubscribe());
  live?.channel.close();
  live = null;
  setInspectOption(undefined);
}

/** Follows the inspected actors of every tab of this origin; asks them for their current snapshots first. */
export function subscribeLiveActors(listener: (update: LiveActorUpdate) => void): () => void {
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (isUpdateMessage(message.data)) listener(message.data.update);
  };
  channel.postMessage({ type: 'hello' } satisfies LiveMessage);
  return () => channel.close();
}
