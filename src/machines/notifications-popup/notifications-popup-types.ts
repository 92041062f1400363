import type { ReadStatus } from '../../contract/notifications';

export type NotificationsTab = 'new' | 'all';

export interface NotificationsPopupInput {
  unreadCount: number;
}

/** A read-state change waiting for (or in) its ChangeReadStatus call: one per notification at a time. */
interface ReadChange {
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
  | { type: 'item.markUnread'; id: number }
  /** The gateway's count of unread ones (the 'Новые' tab's list counted, or the session's summary reloaded). */
  | { type: 'popup.unreadCounted'; count: number };

export type ChangeReadStatusInput = ReadChange;
export type ChangeReadStatusOutput = ReadStatus;
