import type { AccessRequest, Invitation } from '../contract/client-access';
import { accessRequestModalMachine, ALREADY_FINISHED } from './access-request-modal';
import { inviteModalMachine } from './invite-modal';
import { defineEntry, firstBroken, type MachineEntry } from './registry-entry';

// Registry entries of the account machines (issue 5); src/machines/index.ts lists them with the rest.

const CREATED = '2025-08-28T09:30:00.000Z';
const DECIDED = '2025-08-29T11:00:00.000Z';

export const SAMPLE_ACCESS_REQUEST: AccessRequest = {
  id: 41,
  clientId: 7,
  clientName: 'ООО «Альфа»',
  createdAt: CREATED,
  requesterName: 'Пётр Иванович Смирнов',
  requesterEmail: 'petr@example.ru',
  requesterPhone: '+79991234567',
  message: 'Прошу доступ: буду заказывать платы для отдела.',
  acceptedAt: null,
  declinedAt: null,
  solverName: null,
  status: 'pending',
  canDecide: true,
};

export const SAMPLE_INVITATION: Invitation = {
  id: 77,
  clientId: 7,
  clientName: 'ООО «Альфа»',
  createdAt: CREATED,
  creatorName: 'Анна Сергеевна Соколова',
  email: 'oleg@example.ru',
  role: 3,
  acceptedAt: null,
  declinedAt: null,
  canceledAt: null,
  cancelerName: null,
  status: 'pending',
  canAnswer: true,
  canCancel: false,
};

const accepted = { ...SAMPLE_ACCESS_REQUEST, status: 'accepted' as const, acceptedAt: DECIDED, solverName: 'Анна Сергеевна Соколова', canDecide: false };
const declined = { ...SAMPLE_ACCESS_REQUEST, status: 'declined' as const, declinedAt: DECIDED, solverName: 'Анна Сергеевна Соколова', canDecide: false };
/** The requester looking at their own pending request: no buttons. */
const watched = { ...SAMPLE_ACCESS_REQUEST, canDecide: false };

const alreadyFinished = (message: string) => Object.assign(new Error(message), { status: 409, code: ALREADY_FINISHED });

export const accessRequestModal = defineEntry({
  id: 'accessRequestModal',
  machine: accessRequestModalMachine,
  title: { ru: 'Запрос доступа', en: 'Access request' },
  screen: '* (уведомления, клиенты)',
  input: { requestId: 41 },
  events: [{ type: 'request.accept' }, { type: 'request.decline' }, { type: 'request.retry' }],
  actorOutputs: {
    loadAccessRequest: [SAMPLE_ACCESS_REQUEST, watched, accepted, declined],
    decideAccessRequest: [accepted, declined],
  },
  actorErrors: {
    loadAccessRequest: [Object.assign(new Error('Запрос доступа не найден'), { status: 404 })],
    decideAccessRequest: [
      Object.assign(new Error('Недостаточно прав'), { status: 403, code: 'forbidden' }),
      alreadyFinished('Запрос уже рассмотрен'),
    ],
  },
  graphContext: (context) => ({ status: context.request?.status, canDecide: context.request?.canDecide, decision: context.decision }),
  invariants: (snapshot) => {
    const { request, decision } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('detail') || request?.status === 'pending', 'detail shows a pending request'],
      [!snapshot.matches('finished') || (request !== null && request.status !== 'pending'), 'finished shows a decided request'],
      [snapshot.matches('deciding') === (decision !== null), 'a decision is held exactly while deciding'],
      [!snapshot.matches('deciding') || request?.canDecide === true, 'only who may decide gets to deciding'],
    ]);
  },
});

const invitee = SAMPLE_INVITATION;
const sender = { ...SAMPLE_INVITATION, canAnswer: false, canCancel: true };
const settled = {
  accepted: { ...SAMPLE_INVITATION, status: 'accepted' as const, acceptedAt: DECIDED, canAnswer: false },
  declined: { ...SAMPLE_INVITATION, status: 'declined' as const, declinedAt: DECIDED, canAnswer: false },
  canceled: { ...sender, status: 'canceled' as const, canceledAt: DECIDED, cancelerName: 'Анна Сергеевна Соколова', canCancel: false },
};

export const inviteModal = defineEntry({
  id: 'inviteModal',
  machine: inviteModalMachine,
  title: { ru: 'Приглашение к клиенту', en: 'Client invitation' },
  screen: '* (уведомления, клиенты)',
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
    loadInvitation: [invitee, sender, settled.accepted, settled.canceled],
    settleInvitation: [settled.accepted, settled.declined, settled.canceled],
  },
  actorErrors: {
    loadInvitation: [Object.assign(new Error('Приглашение не найдено'), { status: 404 })],
    settleInvitation: [
      Object.assign(new Error('Сервис временно недоступен, попробуйте позже'), { status: 503 }),
      alreadyFinished('Приглашение уже не ждёт ответа'),
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

export const accountModalsEntries: readonly MachineEntry[] = [accessRequestModal, inviteModal];
