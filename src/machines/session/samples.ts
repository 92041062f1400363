import type { Counters } from '../../contract/counters';
import type { UserSummary } from '../../contract/user';

// Sample payloads of the session machine: the registry's path walks and the unit tests (tokens JWT-shaped, signature fake).

/** The token a refresh of SAMPLE_TOKEN returns (rotated Secret). */
export const SAMPLE_REFRESHED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiU2VjcmV0Ijoic2Vjb25kIiwiZXhwIjoxOTAwMDAwMTA1fQ.c2ln';
/** Another user's token. */
export const SAMPLE_OTHER_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyIiwic2lkIjoic2Vzc2lvbi0yIiwiU2VjcmV0IjoidGhpcmQiLCJleHAiOjE5MDAwMDAwMDB9.c2ln';
/** JWT-shaped but without Secret: invalid per the product spec. */
export const SAMPLE_TOKEN_WITHOUT_SECRET =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2ln';

export const SAMPLE_USER: UserSummary = {
  id: 1,
  email: 'demo@example.ru',
  phone: '+79990000000',
  firstName: 'Иван',
  patronymic: 'Петрович',
  lastName: 'Демидов',
  avatar: null,
  isMale: true,
  notificationsCount: 3,
  isFilled: true,
  isStranger: false,
};

export const SAMPLE_COUNTERS: Counters = {
  projects: { totalActual: 4, totalDraft: 2 },
  orders: { total: 7, waitingForPayment: 1 },
  basket: { price: 12500.5, total: 2 },
  favorite: { totalProject: 1, totalOrder: 0 },
  updatedAt: 1_900_000_000,
};
