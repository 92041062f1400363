import { assertEvent, assign, setup, stateIn } from 'xstate';
import type {
  GroupPopupContext, GroupPopupEvent, GroupPopupType, OwnerActionKind, OwnerActionLog,
} from './group-popup-types';

export * from './group-popup-types';

const ask = (kind: OwnerActionKind) => ({
  type: 'askConfirmation' as const,
  params: ({ event }: { event: GroupPopupEvent }) => ({ kind, userId: 'userId' in event ? event.userId : null }),
});
const changeTo = (popupType: GroupPopupType, target: string) => ({
  guard: { type: 'isPopupType' as const, params: { popupType } },
  target,
});

/**
 * Spec 2.7/4/6/8: the group and users popup prototype. Three regions run side by side: the mode the spec's
 * 'change-popup-type' switches, the right-hand pane (home, a group card or a profile card) and the
 * confirmation of an owner action. The owner actions are the spec's stubs: confirming one only logs it.
 * The actor lives while the popup is shown; closing ends it.
 */
export const groupPopupMachine = setup({
  types: {
    context: {} as GroupPopupContext,
    events: {} as GroupPopupEvent,
  },
  actions: {
    logOwnerAction: (_, _params: OwnerActionLog) => {},
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
      return { groupId: event.id, profileId: null, previousProfileId: null };
    }),
    closeGroup: assign({ groupId: null }),
    /** Only a profile shown right now is worth returning to; opening the same one again remembers nothing new. */
    openProfile: assign(({ context, event }) => {
      assertEvent(event, 'user.openProperties');
      if (context.profileId === event.id) return {};
      return { profileId: event.id, previousProfileId: context.profileId };
    }),
    returnToPreviousProfile: assign(({ context }) => ({ profileId: context.previousProfileId, previousProfileId: null })),
    closeProfile: assign({ profileId: null, previousProfileId: null }),
    askConfirmation: assign((_, params: { kind: OwnerActionKind; userId: number | null }) => ({
      confirmation: { kind: params.kind, userId: params.userId },
      ownerActionNotice: false,
    })),
    acceptConfirmation: assign({ confirmation: null, ownerActionNotice: true }),
    cancelConfirmation: assign({ confirmation: null }),
    dismissNotice: assign({ ownerActionNotice: false }),
  },
  guards: {
    isPopupType: ({ event }, params: { popupType: GroupPopupType }) =>
      event.type === 'popup.changeType' && event.popupType === params.popupType,
    hasOpenGroup: ({ context }) => context.groupId !== null,
    isGroupShown: stateIn('#groupPopup.open.pane.group'),
    hasPreviousProfile: ({ context }) => context.previousProfileId !== null,
  },
}).createMachine({
  id: 'groupPopup',
  initial: 'open',
  context: {
    selectedIds: [], groupId: null, profileId: null, previousProfileId: null, confirmation: null, ownerActionNotice: false,
  },
  states: {
    open: {
      type: 'parallel',
      on: {
        'popup.close': { target: 'closed' },
        'user.toggleSelect': { actions: 'toggleSelection' },
        'notice.dismiss': { actions: 'dismissNotice' },
      },
      states: {
        mode: {
          initial: 'main',
          on: {
            // The pane region closes the card on the same event; the mode goes back to main with it.
            'group.close': { guard: 'isGroupShown', target: '.main' },
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
            'group.open': { target: '.group', actions: 'openGroup' },
            'user.openProperties': { target: '.profile', actions: 'openProfile' },
          },
          states: {
            home: {},
            group: {
              on: {
                'group.close': { target: 'home', actions: 'closeGroup' },
              },
            },
            profile: {
              on: {
                'profile.close': [
                  { guard: 'hasPreviousProfile', actions: 'returnToPreviousProfile' },
                  // Properties are opened from the group card: without an earlier profile, back to that card.
                  { guard: 'hasOpenGroup', target: 'group', actions: 'closeProfile' },
                  { target: 'home', actions: 'closeProfile' },
                ],
              },
            },
          },
        },
        confirm: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'owner.removeParticipant': { guard: 'hasOpenGroup', target: 'confirming', actions: ask('removeParticipant') },
                'owner.transferOwnership': { guard: 'hasOpenGroup', target: 'confirming', actions: ask('transferOwnership') },
                'owner.removeGroup': { guard: 'hasOpenGroup', target: 'confirming', actions: ask('removeGroup') },
                'contacts.remove': { target: 'confirming', actions: ask('removeContact') },
              },
            },
            confirming: {
              on: {
                'confirm.accept': {
                  target: 'idle',
                  actions: [
                    {
                      type: 'logOwnerAction',
                      params: ({ context }) => ({
                        kind: context.confirmation?.kind ?? 'removeGroup',
                        userId: context.confirmation?.userId ?? null,
                        groupId: context.groupId,
                      }),
                    },
                    'acceptConfirmation',
                  ],
                },
                'confirm.cancel': { target: 'idle', actions: 'cancelConfirmation' },
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
