import type { AccessRequest } from '../../contract/client-access';

// Sample payloads of the access-request modal: the registry's path walks and the tests.

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

export const SAMPLE_ACCEPTED_REQUEST = { ...SAMPLE_ACCESS_REQUEST, status: 'accepted' as const, acceptedAt: DECIDED, solverName: 'Анна Сергеевна Соколова', canDecide: false };
export const SAMPLE_DECLINED_REQUEST = { ...SAMPLE_ACCESS_REQUEST, status: 'declined' as const, declinedAt: DECIDED, solverName: 'Анна Сергеевна Соколова', canDecide: false };
/** The requester looking at their own pending request: no buttons. */
export const SAMPLE_WATCHED_REQUEST = { ...SAMPLE_ACCESS_REQUEST, canDecide: false };
