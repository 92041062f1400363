import { boolean, enums, nullable, number, object, optional, record, string, unknown, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityIdParam, requiredText } from './fields';
import { listQueryOf, pagedListCalls } from './list';
import { ORDER_STATUSES, REQUEST_STATUSES, SYSTEM_HOLDS } from './orders';

/** The content of each notification type (PascalCase, as the spec names the fields). */
export const notificationContents = {
  ClientAccessRequest: object({ RequesterName: requiredText(300), ClientName: requiredText(500), RequestId: number() }),
  ClientAccessRequestDecision: object({ IsAccepted: boolean(), ClientName: requiredText(500) }),
  InvitationToClient: object({ CreatorName: requiredText(300), ClientName: requiredText(500), InvitationId: number() }),
  InvitationResult: object({ IsAccepted: boolean(), InvitedUsername: requiredText(300), ClientName: requiredText(500) }),
  ClientRoleChanging: object({ IsAdmin: boolean(), WhoChanged: requiredText(300), ClientName: requiredText(500) }),
  /**
   * Loss of access. The removed user receives it with the remover's name; when a user leaves, the owner and admins
   * receive it with the leaver's name and `SelfLeft: true` (our addition, docs/decisions.md).
   */
  Looser: object({ WhoKickedYou: requiredText(300), ClientName: requiredText(500), SelfLeft: optional(boolean()) }),
  /** Ours: every change of an order's status or hold, to the members of its client. */
  OrderStatusChanged: object({
    OrderId: number(), OrderNumber: requiredText(40), Status: enums(ORDER_STATUSES),
    HoldReason: optional(nullable(string())), HoldCode: optional(nullable(enums(SYSTEM_HOLDS))), TrackingNumber: optional(nullable(string())),
  }),
  /** Ours: the manufacturer answered a complaint, to its author. */
  ComplaintStatusChanged: object({
    ComplaintId: number(), OrderId: number(), OrderNumber: requiredText(40), Status: enums(REQUEST_STATUSES),
  }),
} as const;
export type NotificationType = keyof typeof notificationContents;
export const notificationTypes = Object.keys(notificationContents) as NotificationType[];
export type NotificationContent<T extends NotificationType> = Infer<(typeof notificationContents)[T]>;

/** A notification as the gateway sends it: an unknown type still arrives (the popup shows a bell and no text). */
export const notification = object({
  id: number(),
  type: string(),
  /** ISO date-time. */
  createdAt: string(),
  readAt: nullable(string()),
  content: record(string(), unknown()),
});
export type Notification = Infer<typeof notification>;

export const NOTIFICATION_SORT_CODES = ['createdAt'] as const;
export const NOTIFICATION_FILTER_CODES = ['NotRead'] as const;
export const notificationListQuery = listQueryOf(NOTIFICATION_SORT_CODES, NOTIFICATION_FILTER_CODES);
export type NotificationListQuery = Infer<typeof notificationListQuery.list>;

export const { count: notificationsListCount, list: notificationsList } = pagedListCalls(
  '/account/Notifications', 'user', notificationListQuery, notification,
);

/**
 * The product spec's call names only `id`. Without `read` the call toggles, as the spec's popup expects; with `read=true|false` it
 * sets, so a retried request cannot undo itself.
 */
export const changeReadStatusQuery = object({ id: entityIdParam, read: optional(enums(['true', 'false'])) });
export const readStatus = object({ id: number(), readAt: nullable(string()), unreadCount: number() });
export type ReadStatus = Infer<typeof readStatus>;

export const notificationsChangeReadStatus = defineCall({
  method: 'GET', path: '/account/Notifications/ChangeReadStatus', access: 'user',
  query: changeReadStatusQuery, response: readStatus,
});
