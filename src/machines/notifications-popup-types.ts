import type { Notification, ReadStatus } from '../contract/notifications';
import type { ListPagingInput } from './list-paging/list-paging-types';

export type NotificationsTab = 'new' | 'all';

/**
 * Spec 7/9: both tabs sort by creation date, newest first; 'Новые' asks only unread ones, 200 a page,
 * 'Все' everything, 20 a page.
 */
export const NOTIFICATION_LISTS: Readonly<Record<NotificationsTab, Required<ListPagingInput>>> = {
  new: { pageSize: 200, query: { sort: { code: 'createdAt', orderBy: 'desc' }, filters: ['NotRead'] } },
  all: { pageSize: 20, query: { sort: { code: 'createdAt', orderBy: 'desc' } } },
};

/**
 * readAt of an item marked read before the gateway said when: read, time unknown. The gateway's readAt
 * replaces it when the change is saved.
 */
export const READ_AT_UNKNOWN = 'unknown';

export interface NotificationsPopupInput {
  unreadCount: number;
}

/** A read-state change waiting for (or in) its ChangeReadStatus call: one per notification at a time. */
export interface ReadChange {
  id: number;
  read: boolean;
}

export interface NotificationsPopupContext {
  unreadCount: number;
  /** Sent one after another, oldest first; the popup may close meanwhile. */
  pending: ReadChange[];
}

export type NotificationsPopupEvent =
  /** unreadCount, when given, is the badge's current value (the session reloads it after every close). */
  | { type: 'popup.open'; unreadCount?: number }
  | { type: 'popup.close' }
  | { type: 'popup.selectTab'; tab: NotificationsTab }
  /**
   * A click on an item. The notification's own type travels as `notificationType`: `type` is the event's.
   * `read` is what the item showed when clicked; content as the gateway sent it.
   */
  | { type: 'item.activate'; id: number; notificationType: string; read: boolean; content: Record<string, unknown> }
  | { type: 'item.markUnread'; id: number };

export type ChangeReadStatusInput = ReadChange;
export type ChangeReadStatusOutput = ReadStatus;
export type NotificationItem = Notification;
