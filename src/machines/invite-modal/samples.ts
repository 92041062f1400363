import type { Invitation } from '../../contract/client-access';

// Sample payloads of the invitation modal: the registry's path walks and the tests.

const CREATED = '2025-08-28T09:30:00.000Z';
const DECIDED = '2025-08-29T11:00:00.000Z';

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

export const SAMPLE_SENT_INVITATION = { ...SAMPLE_INVITATION, canAnswer: false, canCancel: true };
export const SAMPLE_SETTLED_INVITATIONS = {
  accepted: { ...SAMPLE_INVITATION, status: 'accepted' as const, acceptedAt: DECIDED, canAnswer: false },
  declined: { ...SAMPLE_INVITATION, status: 'declined' as const, declinedAt: DECIDED, canAnswer: false },
  canceled: { ...SAMPLE_SENT_INVITATION, status: 'canceled' as const, canceledAt: DECIDED, cancelerName: 'Анна Сергеевна Соколова', canCancel: false },
};
