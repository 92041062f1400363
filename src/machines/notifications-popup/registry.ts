import type { Notification } from '../../contract/notifications';
import { defineEntry, firstBroken } from '../shared/registry-entry';
import { notificationsPopupMachine } from './notifications-popup';
import { SAMPLE_NOTIFICATIONS } from './samples';

// Registry entry of the notifications popup; src/machines/index.ts lists it with the rest.

/** A click on a listed notification, as the popup's view sends it. */
const activationOf = (item: Notification) => ({
  type: 'item.activate' as const,
  id: item.id,
  notificationType: item.type,
  read: item.readAt !== null,
  content: item.content,
});

export const notificationsPopup = defineEntry({
  machine: notificationsPopupMachine,
  title: { ru: 'Уведомления', en: 'Notifications' },
  screen: '/',
  place: 'header',
  input: { unreadCount: 1 },
  extraInputs: [{ unreadCount: 0 }],
  events: [
    { type: 'popup.open' },
    { type: 'popup.open', unreadCount: 0 },
    { type: 'popup.open', unreadCount: 2 },
    { type: 'popup.close' },
    { type: 'popup.selectTab', tab: 'all' },
    { type: 'popup.selectTab', tab: 'new' },
    // An unread access request, a read invitation, an unread loss of access.
    ...SAMPLE_NOTIFICATIONS.map(activationOf),
    { type: 'item.markUnread', id: 12 },
    { type: 'popup.unreadCounted', count: 6 },
  ],
  actorOutputs: {
    changeReadStatus: [{ id: 11, readAt: '2025-08-28T10:00:00.000Z', unreadCount: 0 }],
  },
  graphContext: (context) => context,
  // Marking the same item unread again and again would raise the count for ever.
  explore: (snapshot) => snapshot.context.unreadCount <= 2,
  invariants: (snapshot) => {
    const { unreadCount, pending } = snapshot.context;
    const open = snapshot.matches({ popup: 'open' });
    return firstBroken([
      [unreadCount >= 0, 'unreadCount ≥ 0'],
      [new Set(pending.map((change) => change.id)).size === pending.length, 'one change per notification in flight'],
      [snapshot.matches({ readStatus: 'saving' }) === (pending.length > 0), 'saving exactly while changes wait'],
      [open === (snapshot.children.list !== undefined), 'an open popup has its tab list, a closed one none'],
    ]);
  },
});
