import type { AnyStateMachine, ContextFrom, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/** Parts of a screen a flow can run in, named in both languages by the locales' flows.places. */
export type FlowPlace = 'header' | 'headerGroups' | 'layoutV2' | 'notificationsClients';

/** One machine of the registry (src/machines/index.ts) and what the visualizer and the path tests need of it. */
export interface MachineEntry<M extends AnyStateMachine = AnyStateMachine> {
  id: string;
  machine: M;
  title: { ru: string; en: string };
  /** Route where the flow runs ('*' for app-wide actors). */
  screen: string;
  /** Which part of that screen runs it, a key of flows.places in the locales. */
  place?: FlowPlace;
  /** Absent for a machine that takes no input. */
  input?: InputFrom<M>;
  /** Further inputs the flow can start with; each one is explored as well. */
  extraInputs?: readonly InputFrom<M>[];
  /** Sample payloads for every event type the machine accepts; several per type reach guarded branches. */
  events: readonly EventFromLogic<M>[];
  /** Sample outputs per invoked actor id, sent as `xstate.done.actor.<id>`. */
  actorOutputs: Readonly<Record<string, readonly unknown[]>>;
  /** Sample failures per actor id, sent as `xstate.error.actor.<id>`; a generic gateway error otherwise. */
  actorErrors?: Readonly<Record<string, readonly Error[]>>;
  /** The context fields guards read: the path graph tells snapshots apart by state value plus these. */
  graphContext?: (context: ContextFrom<M>) => unknown;
  /** A message when the snapshot breaks a rule of the flow, null when it holds. */
  invariants?: (snapshot: SnapshotFrom<M>) => string | null;
  /**
   * The path graph goes on from a snapshot only while this holds: bounds a counter the sample events could
   * otherwise raise for ever (e.g. an unread count). Snapshots beyond are still reached, not explored.
   */
  explore?: (snapshot: SnapshotFrom<M>) => boolean;
}

/** What a folder's registry.ts writes: no id (the machine's own), and no input for a machine that takes none. */
type EntryDefinition<M extends AnyStateMachine> = Omit<MachineEntry<M>, 'id' | 'input'> &
  (undefined extends InputFrom<M> ? { input?: InputFrom<M> } : { input: InputFrom<M> });

/** Keeps each entry's payloads checked against its own machine's types; the entry's id is the machine's. */
export function defineEntry<M extends AnyStateMachine>(definition: EntryDefinition<M>): MachineEntry {
  const entry: MachineEntry<M> = { ...definition, id: definition.machine.id };
  return entry;
}

export const firstBroken = (rules: ReadonlyArray<readonly [boolean, string]>): string | null =>
  rules.find(([holds]) => !holds)?.[1] ?? null;

export interface Wording { ru: string; en: string }

/**
 * A sample refusal of the gateway, worded as the gateway answers a Russian and an English page, with the fields it
 * carries (`field`, `status`…). The message is the Russian one; the flows page shows the page's (`sampleErrorIn`).
 */
export function sampleError(wording: Wording, fields: Record<string, unknown> = {}): Error {
  // Not enumerable: the path tests serialise an error by its message and fields.
  return Object.defineProperty(Object.assign(new Error(wording.ru), fields), 'wording', { value: wording, enumerable: false });
}

/** The sample refusal as the gateway answers a page in `locale`; an error without both wordings as it is. */
export function sampleErrorIn(error: Error, locale: keyof Wording): Error {
  const wording: unknown = Object.getOwnPropertyDescriptor(error, 'wording')?.value;
  if (typeof wording !== 'object' || wording === null || !(locale in wording)) return error;
  return Object.assign(new Error((wording as Wording)[locale]), { ...error });
}
