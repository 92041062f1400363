import type { CodeSentResponse } from '../contract/auth';
import type { Counters } from '../contract/counters';
import type { Notification } from '../contract/notifications';
import type { UserSummary } from '../contract/user';

/**
 * Sample payloads for the machine registry: the path generator sends them as events and as actor
 * outputs, and the flow visualizer shows them. Tokens are JWT-shaped with exp and Secret (signature fake).
 */
export const SAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiU2VjcmV0IjoiZmlyc3QiLCJleHAiOjE5MDAwMDAwMDB9.c2ln';
/** The token a refresh of SAMPLE_TOKEN returns (rotated Secret). */
export const SAMPLE_REFRESHED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiU2VjcmV0Ijoic2Vjb25kIiwiZXhwIjoxOTAwMDAwMTA1fQ.c2ln';
/** Another user's token. */
export const SAMPLE_OTHER_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyIiwic2lkIjoic2Vzc2lvbi0yIiwiU2VjcmV0IjoidGhpcmQiLCJleHAiOjE5MDAwMDAwMDB9.c2ln';
/** JWT-shaped but without Secret: invalid per spec 4. */
export const SAMPLE_TOKEN_WITHOUT_SECRET =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoic2Vzc2lvbi0xIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2ln';

export const SAMPLE_SECOND_FACTOR_ID = '0b7e4a52-2d6c-4f0e-9a59-3c1f6f0d2a11';
export const SAMPLE_PROCESS_ID = '5d0c7a1e-8f3b-4c2a-b6e1-9a4f2c7d8e30';

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

export const SAMPLE_SMS_CODE_SENT: CodeSentResponse = {
  destination: '+7 (999) ***-**-01',
  codeLength: 6,
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};

export const SAMPLE_EMAIL_CODE_SENT: CodeSentResponse = {
  destination: 'd***@example.ru',
  codeLength: 6,
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};

/** Notifications as the gateway lists them: an unread access request, a read invitation, an unread loss of access. */
export const SAMPLE_NOTIFICATIONS: Notification[] = [
  {
    id: 11, type: 'ClientAccessRequest', createdAt: '2025-08-28T09:15:00.000Z', readAt: null,
    content: { RequesterName: 'Пётр Смирнов', ClientName: 'ООО «Электронные системы»', RequestId: 12 },
  },
  {
    id: 12, type: 'InvitationToClient', createdAt: '2025-08-27T16:40:00.000Z', readAt: '2025-08-27T17:00:00.000Z',
    content: { CreatorName: 'Анна Кузнецова', ClientName: 'ИП Кузнецов А. В.', InvitationId: 7 },
  },
  {
    id: 13, type: 'Looser', createdAt: '2025-08-26T08:05:00.000Z', readAt: null,
    content: { WhoKickedYou: 'Анна Кузнецова', ClientName: 'АО «НИИ Радиоприборов»' },
  },
];
