import type { Invitation } from '../../contract/client-access';
import { SAMPLE_CREATED_AT, SAMPLE_SETTLED_AT } from '../shared/samples';

// Sample payloads of the invitation modal: the registry's path walks and the tests.

export const SAMPLE_INVITATION: Invitation = {
  id: 77,
  clientId: 7,
  clientName: 'ООО «Альфа»',
  createdAt: SAMPLE_CREATED_AT,
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
  accepted: { ...SAMPLE_INVITATION, status: 'accepted' as const, acceptedAt: SAMPLE_SETTLED_AT, canAnswer: false },
  declined: { ...SAMPLE_INVITATION, status: 'declined' as const, declinedAt: SAMPLE_SETTLED_AT, canAnswer: false },
  canceled: {
    ...SAMPLE_SENT_INVITATION,
    status: 'canceled' as const,
    canceledAt: SAMPLE_SETTLED_AT,
    cancelerName: 'Анна Сергеевна Соколова',
    canCancel: false,
  },
};
