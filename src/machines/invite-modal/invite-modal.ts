import { assign, setup } from 'xstate';
import type { Invitation, InvitationStatus } from '../../contract/client-access';
import { notProvided } from '../shared/not-provided';
import { loadingRecord, recordModalActions, recordModalGuards, recordSettled, settlingFailed } from '../shared/record-modal';

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

const invitationInput = ({ context }: { context: InviteModalContext }) => ({ invitationId: context.invitationId });

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
    ...recordModalActions,
    assignInvitation: assign((_, params: { record: Invitation }) => ({ invitation: params.record })),
    assignAction: assign((_, params: { action: InvitationAction }) => ({ action: params.action })),
    clearAction: assign({ action: null }),
  },
  guards: {
    isSettled: (_, params: { record: Invitation }) => params.record.status !== 'pending',
    canAnswer: ({ context }) => context.invitation?.status === 'pending' && context.invitation.canAnswer,
    canCancel: ({ context }) => context.invitation?.status === 'pending' && context.invitation.canCancel,
    ...recordModalGuards,
  },
}).createMachine({
  id: 'inviteModal',
  initial: 'loading',
  context: ({ input }) => ({ invitationId: input.invitationId, invitation: null, action: null }),
  states: {
    loading: loadingRecord('loadInvitation', invitationInput, 'isSettled', 'assignInvitation'),
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
        onDone: recordSettled('assignInvitation', 'notifySettled', 'clearAction'),
        onError: settlingFailed('clearAction'),
      },
    },
    finished: {
      type: 'final',
    },
  },
});
