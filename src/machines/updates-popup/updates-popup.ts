import { setup } from 'xstate';

/** The date of the release the 'What's new' modal describes. */
export const UPDATES_RELEASE = '28-08-2025';
/** A stored value that turns the modal off for good. */
export const UPDATES_DISABLED = 'disabled';

interface UpdatesPopupInput {
  /** The stored 'updates' value, null when nothing is stored. */
  stored: string | null;
  /** When the user registered (ISO), null when unknown. */
  registeredAt?: string | null;
}

interface UpdatesPopupContext {
  stored: string | null;
  registeredAt: string | null;
}

type UpdatesPopupEvent = { type: 'updates.acknowledge' } | { type: 'updates.showAll' };

/** 'DD-MM-YYYY' (the release's date as stored) → 'YYYY-MM-DD'. */
const isoDateOf = (release: string): string => release.split('-').reverse().join('-');

/**
 * Shown when nothing is stored, or another release is stored and the modal was not disabled; never to a
 * user who registered on the release's day or later: it is no news to them, and it would cover their
 * first steps (and take the keyboard focus from them).
 */
export function shouldShowUpdates(stored: string | null, registeredAt: string | null = null): boolean {
  if (registeredAt !== null && registeredAt.slice(0, 10) >= isoDateOf(UPDATES_RELEASE)) return false;
  return stored === null || (stored !== UPDATES_RELEASE && stored !== UPDATES_DISABLED);
}

/**
 * The v2 layout's 'What's new' modal. Showing it stores the release date right away (so a reload does not
 * show it again), which the stored value 'disabled' never gets overwritten by.
 */
export const updatesPopupMachine = setup({
  types: {
    context: {} as UpdatesPopupContext,
    events: {} as UpdatesPopupEvent,
    input: {} as UpdatesPopupInput,
  },
  actions: {
    storeRelease: (_, _params: { release: string }) => {},
    openUpdatesPage: () => {},
  },
  guards: {
    isShowable: ({ context }) => shouldShowUpdates(context.stored, context.registeredAt),
  },
}).createMachine({
  id: 'updatesPopup',
  initial: 'deciding',
  context: ({ input }) => ({ stored: input.stored, registeredAt: input.registeredAt ?? null }),
  states: {
    deciding: {
      always: [{ guard: 'isShowable', target: 'shown' }, { target: 'hidden' }],
    },
    shown: {
      // isShowable already excludes 'disabled', so whatever shows the modal may store the date.
      entry: { type: 'storeRelease', params: { release: UPDATES_RELEASE } },
      on: {
        'updates.acknowledge': { target: 'hidden' },
        'updates.showAll': { target: 'hidden', actions: 'openUpdatesPage' },
      },
    },
    hidden: { type: 'final' },
  },
});
