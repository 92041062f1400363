import { is, type Struct } from 'superstruct';
import { fromPromise } from 'xstate';
import {
  NOTIFICATION_FILTER_CODES, NOTIFICATION_SORT_CODES, notificationContents, notificationsChangeReadStatus,
  notificationsList, notificationsListCount, notificationTypes, type Notification, type NotificationContent,
  type NotificationType, type ReadStatus,
} from '../contract/notifications';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { notificationsPopupMachine } from '../machines/notifications-popup/notifications-popup';
import type { ChangeReadStatusInput } from '../machines/notifications-popup/notifications-popup-types';
import type { SessionEvent } from '../machines/session/session-types';
import { ApiError, callApi, sendingBody } from './api';
import { openAccessRequestModal, openInvitationModal } from './client-modals';
import { t } from './i18n';
import { showToast } from './toasts';
import { narrowListQuery, listCallsOf } from './list-query';
import { listFlowFor, swappableCalls } from './swappable-calls';

/** The three notification calls; tests replace them with `provideNotificationsCalls`. */
export interface NotificationsCalls {
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<Notification[]>;
  changeReadStatus(id: number, read: boolean, signal?: AbortSignal): Promise<ReadStatus>;
}

/** The generic list form narrowed to the codes this list knows. */
const notificationQuery = narrowListQuery(NOTIFICATION_SORT_CODES, NOTIFICATION_FILTER_CODES);

const realCalls: NotificationsCalls = {
  ...listCallsOf(notificationQuery, sendingBody(notificationsListCount), sendingBody(notificationsList)),
  changeReadStatus: (id, read, signal) =>
    callApi(notificationsChangeReadStatus, { query: { id: String(id), read: read ? 'true' : 'false' }, signal }),
};

const callsSlot = swappableCalls<NotificationsCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideNotificationsCalls = callsSlot.provide;
const notificationsCalls = callsSlot.current;

/** The dashboard's newest notifications, read or not. */
export function fetchLatestNotifications(count: number, signal?: AbortSignal): Promise<Notification[]> {
  return notificationsCalls().list({ query: { sort: { code: 'createdAt', orderBy: 'desc' } }, page: 1, itemsOnPage: count }, signal);
}

/** A notification whose type the portal knows and whose content has that type's fields. */
export type KnownNotification = { [T in NotificationType]: { type: T; content: NotificationContent<T> } }[NotificationType];

const isNotificationType = (type: string): type is NotificationType => (notificationTypes as string[]).includes(type);

/** Null for an unknown type or content that lacks its fields: such an item shows a bell and no text. */
export function knownNotification(notification: Pick<Notification, 'type' | 'content'>): KnownNotification | null {
  const { type, content } = notification;
  if (!isNotificationType(type)) return null;
  // Each type's struct checks its own content; the union cannot be narrowed by indexing, hence the one cast.
  const struct = notificationContents[type] as Struct<KnownNotification['content'], unknown>;
  return is(content, struct) ? ({ type, content } as KnownNotification) : null;
}

/** The list's name in the log; a failed notification list is only logged. */
export const notificationsListFlow = listFlowFor<Notification>('notifications', notificationsCalls);

/**
 * The header popup with its calls. The session it talks to is the caller's (tests pass their own): the badge
 * moves with each click, and the summary is reloaded when the popup closes.
 */
export function notificationsPopupFlowFor(session: { send(event: SessionEvent): void }) {
  return notificationsPopupMachine.provide({
    actors: {
      list: notificationsListFlow,
      changeReadStatus: fromPromise<ReadStatus, ChangeReadStatusInput>(({ input, signal }) =>
        notificationsCalls().changeReadStatus(input.id, input.read, signal)),
    },
    actions: {
      reloadUser: () => session.send({ type: 'session.reloadUser' }),
      adjustUnread: (_, params) => session.send({ type: 'session.adjustNotifications', delta: params.delta }),
      setUnread: (_, params) => session.send({ type: 'session.setNotifications', count: params.count }),
      openAccessRequest: (_, params) => openAccessRequestModal(params.requestId),
      openInvitation: (_, params) => openInvitationModal(params.invitationId),
      // The machine has already put the item back; the toast says why it flipped.
      logFailure: (_, params) => {
        console.error('[notifications] read status not saved', params.error);
        const reason = params.error instanceof ApiError ? params.error.message : t('errors.generic');
        showToast({ kind: 'error', text: t('notifications.changeFailed', { error: reason }) });
      },
    },
  });
}

type Listener = () => void;
const popupRequests = new Set<Listener>();

/** Opens the header's notifications popup from elsewhere (the dashboard's 'Все уведомления'). */
export function requestNotificationsPopup(): void {
  for (const listener of popupRequests) listener();
}

export function onNotificationsPopupRequested(listener: Listener): () => void {
  popupRequests.add(listener);
  return () => {
    popupRequests.delete(listener);
  };
}
