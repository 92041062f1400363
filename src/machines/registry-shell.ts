import type { Notification } from '../contract/notifications';
import { listPagingMachine, pageCountOf } from './list-paging';
import { notificationsPopupMachine } from './notifications-popup';
import { defineEntry, firstBroken } from './registry-entry';
import { SAMPLE_NOTIFICATIONS } from './registry-examples';
import { shouldShowUpdates, UPDATES_RELEASE, updatesPopupMachine } from './updates-popup';

// Registry entries of the signed-in frame's machines (issue 3); src/machines/index.ts lists them with the rest.

/** A click on a listed notification, as the popup's view sends it. */
const activationOf = (item: Notification) => ({
  type: 'item.activate' as const,
  id: item.id,
  notificationType: item.type,
  read: item.readAt !== null,
  content: item.content,
});

export const listPaging = defineEntry({
  id: 'listPaging',
  machine: listPagingMachine,
  title: { ru: 'Загрузка списка', en: 'List loading' },
  screen: '*',
  input: { pageSize: 20, query: { sort: { code: 'createdAt', orderBy: 'desc' } } },
  events: [
    { type: 'list.setQuery', query: { search: 'плата', filters: ['NotRead'] } },
    { type: 'list.pageVisible', page: 2 },
    { type: 'list.pageVisible', page: 3 },
    { type: 'list.pageVisible', page: 9 },
    { type: 'list.reload' },
    { type: 'list.retryPage', page: 2 },
    { type: 'list.updateItem', id: 11, changes: { readAt: '2025-08-28T10:00:00.000Z' } },
  ],
  actorOutputs: {
    // 45 items at 20 a page: three placeholders, the last one half full.
    fetchCount: [{ count: 45 }, { count: 0 }],
    fetchPage: [SAMPLE_NOTIFICATIONS],
  },
  graphContext: (context) => ({
    total: context.total,
    statuses: context.pages.map((page) => page.status),
    requested: context.requested,
    fetching: context.fetching,
  }),
  invariants: (snapshot) => {
    const { total, pages, pageSize, requested, fetching } = snapshot.context;
    const statusOf = (page: number) => pages[page - 1]?.status;
    return firstBroken([
      [total === null ? pages.length === 0 : pages.length === pageCountOf(total, pageSize), 'one placeholder per page: pages.length = ceil(total / pageSize)'],
      [pages.every((page, index) => page.page === index + 1), 'pages are numbered 1, 2, 3…'],
      [pages.every((page) => page.items.length <= pageSize), 'no page holds more than pageSize items'],
      [requested.every((page) => statusOf(page) === 'placeholder'), 'only placeholders wait for the debounce'],
      [!snapshot.matches({ ready: 'debouncing' }) || requested.length > 0, 'debouncing implies pages to fetch'],
      [!snapshot.matches({ ready: 'loading' }) || (fetching !== null && statusOf(fetching) === 'loading'), 'loading fetches a page marked loading'],
      [!snapshot.matches('counting') || total === null, 'counting starts from no total'],
      [!snapshot.matches('empty') || total === 0, 'empty means a count of 0'],
    ]);
  },
});

export const notificationsPopup = defineEntry({
  id: 'notificationsPopup',
  machine: notificationsPopupMachine,
  title: { ru: 'Уведомления', en: 'Notifications' },
  screen: '/ (шапка)',
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

export const updatesPopup = defineEntry({
  id: 'updatesPopup',
  machine: updatesPopupMachine,
  title: { ru: 'Что нового', en: "What's new" },
  screen: '/ (макет v2)',
  input: { stored: null },
  extraInputs: [{ stored: UPDATES_RELEASE }, { stored: 'disabled' }, { stored: '15-05-2025' }],
  events: [{ type: 'updates.acknowledge' }, { type: 'updates.showAll' }],
  actorOutputs: {},
  invariants: (snapshot) =>
    firstBroken([[!snapshot.matches('shown') || shouldShowUpdates(snapshot.context.stored), 'shown only by the rule of spec 2.4']]),
});
