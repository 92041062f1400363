import { assign, setup } from 'xstate';
import type { Invitation, InvitationStatus } from '../../contract/client-access';
import { isAlreadyFinishedError } from '../shared/client-access';
import { notProvided } from '../shared/not-provided';
import { errorOf, toastFailure } from '../shared/transitions';

interface InviteModalInput {
  invitationId: number;
}

/** What the invitee (accept, decline) or the sender (cancel) does with a pending invitation. */
export type InvitationAction = 'accept' | 'decline' | 'cancel';

interface InviteModalContext {
  invitationId: number;
  invitation: Invitation | null;
  /** The action the gateway is carrying out (the view marks that button busy). */
  action: InvitationAction | null;
}

type InviteModalEvent =
  | { type: 'invitation.accept' }
  | { type: 'invitation.decline' }
  /** The sender asks to cancel: a confirmation comes first. */
  | { type: 'invitation.cancel' }
  | { type: 'invitation.confirmCancel' }
  | { type: 'invitation.keep' }
  | { type: 'invitation.retry' };

export interface SettleInvitationInput {
  invitationId: number;
  action: InvitationAction;
}


/**
 * The invite modal. It loads the invitation and shows it; the invitee accepts or declines a pending one,
 * its sender may cancel it; then the finish look. A finished invitation offers only close. Failed calls are told by
 * a toast with the gateway's text and the modal stays where it was; one settled elsewhere meanwhile is
 * loaded again.
 */
export const inviteModalMachine = setup({
  types: {
    context: {} as InviteModalContext,
    events: {} as InviteModalEvent,
    input: {} as InviteModalInput,
  },
  actors: {
    loadInvitation: notProvided<Invitation, { invitationId: number }>('loadInvitation'),
    settleInvitation: notProvided<Invitation, SettleInvitationInput>('settleInvitation'),
  },
  actions: {
    notifySettled: (_, _params: { status: InvitationStatus; clientName: string }) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    notifyClientsChanged: () => {},
    refreshSession: () => {},
    assignInvitation: assign((_, params: { invitation: Invitation }) => ({ invitation: params.invitation })),
    assignAction: assign((_, params: { action: InvitationAction }) => ({ action: params.action })),
    clearAction: assign({ action: null }),
  },
  guards: {
    isSettled: (_, params: { invitation: Invitation }) => params.invitation.status !== 'pending',
    canAnswer: ({ context }) => context.invitation?.status === 'pending' && context.invitation.canAnswer,
    canCancel: ({ context }) => context.invitation?.status === 'pending' && context.invitation.canCancel,
    isAlreadyFinished: (_, params: { error: unknown }) => isAlreadyFinishedError(params.error),
  },
}).createMachine({
  id: 'inviteModal',
  initial: 'loading',
  context: ({ input }) => ({ invitationId: input.invitationId, invitation: null, action: null }),
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ invitationId: context.invitationId }),
        onDone: [
          {
            guard: { type: 'isSettled', params: ({ event }) => ({ invitation: event.output }) },
            target: 'finished',
            actions: { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) },
          },
          { target: 'detail', actions: { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) } },
        ],
        onError: { target: 'failed', actions: toastFailure },
      },
    },
    failed: {
      on: { 'invitation.retry': 'loading' },
    },
    detail: {
      on: {
        'invitation.accept': { guard: 'canAnswer', target: 'settling', actions: { type: 'assignAction', params: { action: 'accept' } } },
        'invitation.decline': { guard: 'canAnswer', target: 'settling', actions: { type: 'assignAction', params: { action: 'decline' } } },
        'invitation.cancel': { guard: 'canCancel', target: 'confirmingCancel' },
      },
    },
    confirmingCancel: {
      on: {
        'invitation.confirmCancel': { target: 'settling', actions: { type: 'assignAction', params: { action: 'cancel' } } },
        'invitation.keep': 'detail',
      },
    },
    settling: {
      tags: 'busy',
      invoke: {
        id: 'settleInvitation',
        src: 'settleInvitation',
        // Entered only through assignAction, so the action is always set here.
        input: ({ context }) => ({ invitationId: context.invitationId, action: context.action ?? 'accept' }),
        onDone: {
          target: 'finished',
          actions: [
            { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) },
            { type: 'notifySettled', params: ({ event }) => ({ status: event.output.status, clientName: event.output.clientName }) },
            'notifyClientsChanged',
            'refreshSession',
            'clearAction',
          ],
        },
        onError: [
          {
            guard: { type: 'isAlreadyFinished', params: errorOf },
            target: 'loading',
            actions: [toastFailure, 'clearAction'],
          },
          { target: 'detail', actions: [toastFailure, 'clearAction'] },
        ],
      },
    },
    finished: {
      type: 'final',
    },
  },
});
