import { assertEvent, assign, raise, setup, stateIn } from 'xstate';
import type { GroupDetail, GroupDirectory, Person } from '../../contract/groups';
import { notProvided } from '../shared/not-provided';
import { toastFailure } from '../shared/transitions';
import { needsConfirmation, SAVED_EVENT_TYPES, savedEvent } from './group-popup-rules';
import type { GroupChange, GroupPopupContext, GroupPopupEvent, GroupPopupType, SavedChange } from './group-popup-types';

const changeTo = (popupType: GroupPopupType, target: string) => ({
  guard: { type: 'isPopupType' as const, params: { popupType } },
  target,
});
const GROUP_SHOWN = '#groupPopup.open.pane.group.shown';
/** After any saved change the mode goes back to main with the directory read again. */
const backToMain = Object.fromEntries(SAVED_EVENT_TYPES.map((type) => [type, { target: '.main', actions: 'assignSavedDirectory' as const }]));

/**
 * The group and users popup. It loads the user's groups and contacts, then three regions run side by
 * side: the mode the spec's 'change-popup-type' switches, the right-hand pane (home, a group card or a person card,
 * each loaded when opened) and the work on a change (asked first when the product spec's error catalogue gives it a confirmation, then saved).
 * A saved change is raised as one of the `change.*Saved` events (savedEvent), so the mode goes back to main and the
 * pane shows what changed.
 * The actor lives while the popup is shown; closing ends it.
 */
export const groupPopupMachine = setup({
  types: {
    context: {} as GroupPopupContext,
    events: {} as GroupPopupEvent,
  },
  actors: {
    loadDirectory: notProvided<GroupDirectory>('loadDirectory'),
    loadGroup: notProvided<GroupDetail, { groupId: number }>('loadGroup'),
    loadPerson: notProvided<Person, { userId: number }>('loadPerson'),
    saveChange: notProvided<SavedChange, GroupChange | null>('saveChange'),
  },
  actions: {
    notifySaved: (_, _params: { change: GroupChange | null; saved: SavedChange }) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    assignDirectory: assign((_, params: { directory: GroupDirectory }) => ({ directory: params.directory })),
    toggleSelection: assign(({ context, event }) => {
      assertEvent(event, 'user.toggleSelect');
      return {
        selectedIds: context.selectedIds.includes(event.id)
          ? context.selectedIds.filter((id) => id !== event.id)
          : [...context.selectedIds, event.id],
      };
    }),
    openGroup: assign(({ event }) => {
      assertEvent(event, 'group.open');
      return { groupId: event.id, group: null, selectedIds: [], profileId: null, previousProfileId: null, profile: null };
    }),
    assignGroup: assign((_, params: { group: GroupDetail }) => ({ group: params.group })),
    closeGroup: assign({ groupId: null, group: null, selectedIds: [] }),
    /** Only a profile shown right now is worth returning to; opening the same one again remembers nothing new. */
    openProfile: assign(({ context, event }) => {
      assertEvent(event, 'user.openProperties');
      if (context.profileId === event.id) return {};
      return { profileId: event.id, previousProfileId: context.profileId, profile: null };
    }),
    assignProfile: assign((_, params: { person: Person }) => ({ profile: params.person })),
    returnToPreviousProfile: assign(({ context }) => ({ profileId: context.previousProfileId, previousProfileId: null, profile: null })),
    closeProfile: assign({ profileId: null, previousProfileId: null, profile: null }),
    assignConfirmation: assign(({ event }) => {
      assertEvent(event, 'change.submit');
      return needsConfirmation(event.change) ? { confirmation: event.change } : {};
    }),
    clearConfirmation: assign({ confirmation: null }),
    assignSaving: assign(({ context, event }) => {
      if (event.type === 'confirm.accept') return { saving: context.confirmation, confirmation: null };
      assertEvent(event, 'change.submit');
      return { saving: event.change };
    }),
    clearSaving: assign({ saving: null }),
    assignSavedDirectory: assign(({ event }) => ('directory' in event ? { directory: event.directory } : {})),
    /** A contact added or removed: their card, fresh; the card before it is remembered only if it was someone else's. */
    assignSavedPerson: assign(({ context }, params: { person: Person }) => ({
      profileId: params.person.id,
      profile: params.person,
      previousProfileId: params.person.id === context.profileId ? context.previousProfileId : null,
    })),
    /** The group as saved, keeping the ticks of those still in it; any person card gives way to the group's. */
    assignSavedGroup: assign(({ context }, params: { group: GroupDetail }) => {
      const kept = params.group.id === context.groupId ? context.selectedIds : [];
      return {
        group: params.group, groupId: params.group.id, profileId: null, previousProfileId: null, profile: null,
        selectedIds: kept.filter((id) => params.group.participants.some((p) => p.person.id === id)),
      };
    }),
  },
  guards: {
    isPopupType: ({ event }, params: { popupType: GroupPopupType }) =>
      event.type === 'popup.changeType' && event.popupType === params.popupType,
    hasOpenGroup: ({ context }) => context.group !== null,
    isGroupShown: stateIn('#groupPopup.open.pane.group'),
    hasPreviousProfile: ({ context }) => context.previousProfileId !== null,
    needsConfirmation: ({ event }) => event.type === 'change.submit' && needsConfirmation(event.change),
  },
}).createMachine({
  id: 'groupPopup',
  initial: 'loading',
  context: {
    directory: null, groupId: null, group: null, profileId: null, previousProfileId: null, profile: null,
    selectedIds: [], confirmation: null, saving: null,
  },
  on: { 'popup.close': { target: '.closed' } },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadDirectory',
        src: 'loadDirectory',
        onDone: { target: 'open', actions: { type: 'assignDirectory', params: ({ event }) => ({ directory: event.output }) } },
        onError: { target: 'failed', actions: toastFailure },
      },
    },
    failed: {
      on: { 'popup.retry': { target: 'loading' } },
    },
    open: {
      type: 'parallel',
      on: { 'user.toggleSelect': { actions: 'toggleSelection' } },
      states: {
        mode: {
          initial: 'main',
          on: {
            // The pane region closes the card on the same event; the mode goes back to main with it.
            'group.close': { guard: 'isGroupShown', target: '.main' },
            ...backToMain,
            'popup.changeType': [
              changeTo('main', '.main'),
              changeTo('add-participant', '.addParticipant'),
              changeTo('add-user', '.addUser'),
              changeTo('create-group', '.createGroup'),
            ],
          },
          states: { main: {}, addParticipant: {}, addUser: {}, createGroup: {} },
        },
        pane: {
          initial: 'home',
          on: {
            // Re-entered, so another group or person opened over the current one is loaded too.
            'group.open': { target: '.group', reenter: true, actions: 'openGroup' },
            'user.openProperties': { target: '.profile', reenter: true, actions: 'openProfile' },
            'change.personSaved': {
              target: '.profile.shown', actions: { type: 'assignSavedPerson', params: ({ event }) => ({ person: event.person }) },
            },
            'change.groupSaved': { target: GROUP_SHOWN, actions: { type: 'assignSavedGroup', params: ({ event }) => ({ group: event.group }) } },
            'change.groupGone': { target: '.home', actions: ['closeGroup', 'closeProfile'] },
          },
          states: {
            home: {},
            group: {
              initial: 'loading',
              on: { 'group.close': { target: 'home', actions: 'closeGroup' } },
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    id: 'loadGroup',
                    src: 'loadGroup',
                    input: ({ context }) => ({ groupId: context.groupId ?? 0 }),
                    onDone: { target: 'shown', actions: { type: 'assignGroup', params: ({ event }) => ({ group: event.output }) } },
                    onError: {
                      target: '#groupPopup.open.pane.home',
                      actions: [toastFailure, 'closeGroup'],
                    },
                  },
                },
                shown: {},
              },
            },
            profile: {
              initial: 'loading',
              on: {
                'profile.close': [
                  { guard: 'hasPreviousProfile', target: '.loading', reenter: true, actions: 'returnToPreviousProfile' },
                  // Properties are opened from the group card: without an earlier profile, back to that card.
                  { guard: 'hasOpenGroup', target: GROUP_SHOWN, actions: 'closeProfile' },
                  { target: 'home', actions: 'closeProfile' },
                ],
              },
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    id: 'loadPerson',
                    src: 'loadPerson',
                    input: ({ context }) => ({ userId: context.profileId ?? 0 }),
                    onDone: { target: 'shown', actions: { type: 'assignProfile', params: ({ event }) => ({ person: event.output }) } },
                    onError: [
                      { guard: 'hasOpenGroup', target: GROUP_SHOWN, actions: [toastFailure, 'closeProfile'] },
                      { target: '#groupPopup.open.pane.home', actions: [toastFailure, 'closeProfile'] },
                    ],
                  },
                },
                shown: {},
              },
            },
          },
        },
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'change.submit': [
                  { guard: 'needsConfirmation', target: 'confirming', actions: 'assignConfirmation' },
                  { target: 'saving', actions: 'assignSaving' },
                ],
              },
            },
            confirming: {
              on: {
                'confirm.accept': { target: 'saving', actions: 'assignSaving' },
                'confirm.cancel': { target: 'idle', actions: 'clearConfirmation' },
              },
            },
            saving: {
              tags: 'saving',
              invoke: {
                id: 'saveChange',
                src: 'saveChange',
                input: ({ context }) => context.saving,
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notifySaved', params: ({ context, event }) => ({ change: context.saving, saved: event.output }) },
                    'clearSaving',
                    raise(({ event }) => savedEvent(event.output)),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [toastFailure, 'clearSaving'],
                },
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
