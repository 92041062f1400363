import type { ListPagingInput } from '../list-paging/list-paging-types';
import type { NotificationsTab } from './notifications-popup-types';

/**
 * Both tabs sort by creation date, newest first; 'Новые' asks only unread ones, 200 a page,
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
