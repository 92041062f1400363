import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { alreadyFinishedError } from '../shared/samples';
import { inviteModalMachine } from './invite-modal';
import { SAMPLE_INVITATION, SAMPLE_SENT_INVITATION, SAMPLE_SETTLED_INVITATIONS } from './samples';

// Registry entry of the invitation modal; src/machines/index.ts lists it with the rest.

export const inviteModal = defineEntry({
  machine: inviteModalMachine,
  title: { ru: 'Приглашение к клиенту', en: 'Client invitation' },
  screen: '*',
  place: 'notificationsClients',
  input: { invitationId: 77 },
  events: [
    { type: 'invitation.accept' },
    { type: 'invitation.decline' },
    { type: 'invitation.cancel' },
    { type: 'invitation.confirmCancel' },
    { type: 'invitation.keep' },
    { type: 'invitation.retry' },
  ],
  actorOutputs: {
    loadInvitation: [SAMPLE_INVITATION, SAMPLE_SENT_INVITATION, SAMPLE_SETTLED_INVITATIONS.accepted, SAMPLE_SETTLED_INVITATIONS.canceled],
    settleInvitation: [SAMPLE_SETTLED_INVITATIONS.accepted, SAMPLE_SETTLED_INVITATIONS.declined, SAMPLE_SETTLED_INVITATIONS.canceled],
  },
  actorErrors: {
    loadInvitation: [sampleError({ ru: 'Приглашение не найдено', en: 'Invitation not found' }, { status: 404 })],
    settleInvitation: [
      sampleError({ ru: 'Сервис временно недоступен, попробуйте позже', en: 'The service is temporarily unavailable, please try later' }, { status: 503 }),
      alreadyFinishedError({ ru: 'Приглашение уже не ждёт ответа', en: 'The invitation is no longer awaiting an answer' }),
    ],
  },
  graphContext: (context) => ({
    status: context.invitation?.status,
    canAnswer: context.invitation?.canAnswer,
    canCancel: context.invitation?.canCancel,
    action: context.action,
  }),
  invariants: (snapshot) => {
    const { invitation, action } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('detail') || invitation?.status === 'pending', 'detail shows a pending invitation'],
      [!snapshot.matches('finished') || (invitation !== null && invitation.status !== 'pending'), 'finished shows a settled invitation'],
      [snapshot.matches('settling') === (action !== null), 'an action is held exactly while settling'],
      [!snapshot.matches('confirmingCancel') || invitation?.canCancel === true, 'only the sender is asked to confirm a cancel'],
      [action !== 'cancel' || invitation?.canCancel === true, 'only the sender cancels'],
      [action === null || action === 'cancel' || invitation?.canAnswer === true, 'only the invitee answers'],
    ]);
  },
});
