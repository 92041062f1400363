import type { AccessRequest } from '../../contract/client-access';
import { SAMPLE_CREATED_AT, SAMPLE_SETTLED_AT } from '../shared/samples';

// Sample payloads of the access-request modal: the registry's path walks and the tests.

export const SAMPLE_ACCESS_REQUEST: AccessRequest = {
  id: 41,
  clientId: 7,
  clientName: 'ООО «Альфа»',
  createdAt: SAMPLE_CREATED_AT,
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

export const SAMPLE_ACCEPTED_REQUEST = {
  ...SAMPLE_ACCESS_REQUEST,
  status: 'accepted' as const,
  acceptedAt: SAMPLE_SETTLED_AT,
  solverName: 'Анна Сергеевна Соколова',
  canDecide: false,
};
export const SAMPLE_DECLINED_REQUEST = {
  ...SAMPLE_ACCESS_REQUEST,
  status: 'declined' as const,
  declinedAt: SAMPLE_SETTLED_AT,
  solverName: 'Анна Сергеевна Соколова',
  canDecide: false,
};
/** The requester looking at their own pending request: no buttons. */
export const SAMPLE_WATCHED_REQUEST = { ...SAMPLE_ACCESS_REQUEST, canDecide: false };
