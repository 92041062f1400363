import type { Notification } from '../../contract/notifications';

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
