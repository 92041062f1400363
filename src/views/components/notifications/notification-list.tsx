import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Notification } from '../../../contract/notifications';
import type { ListPage } from '../../../machines/list-paging-types';
import type { notificationsListMachine } from '../../../services/notifications';
import { useT } from '../../../services/i18n';
import { Skeleton } from '../ui/skeleton';
import { NotificationItem } from './notification-item';
import { PagePlaceholder } from '../ui/page-placeholder';

type ListRef = ActorRefFrom<typeof notificationsListMachine>;
const NO_PAGES: ListPage<Notification>[] = [];

interface NotificationListProps {
  list: ListRef | undefined;
  emptyText: string;
  onActivate: (notification: Notification) => void;
  onMarkUnread: (id: number) => void;
}

/** One tab's list: skeleton while counting, the empty text, or its pages — loaded, placeholders, or failed. */
export function NotificationList({ list, emptyText, onActivate, onMarkUnread }: NotificationListProps) {
  const t = useT();
  const phase = useSelector(list, (s) => (s ? (['counting', 'empty', 'failed'] as const).find((name) => s.matches(name)) ?? 'ready' : 'counting'));
  const pages = useSelector(list, (s) => s?.context.pages ?? NO_PAGES);
  const pageSize = useSelector(list, (s) => s?.context.pageSize ?? 0);
  const total = useSelector(list, (s) => s?.context.total ?? 0);

  if (phase === 'counting') return <Skeleton rows={2} imageSize={24} />;
  if (phase === 'empty') return <p className="notifications-popup__empty">{emptyText}</p>;
  // Spec 8: the failure itself is only logged; the popup says plainly that there is nothing to show.
  if (phase === 'failed') return <p className="notifications-popup__empty">{t('notifications.listFailed')}</p>;

  const rowsOf = (page: ListPage<Notification>) => Math.min(pageSize, total - (page.page - 1) * pageSize);
  return (
    <ul className="notifications-popup__list">
      {pages.map((page) => {
        if (page.status === 'loaded') {
          return page.items.map((item) => (
            <NotificationItem key={item.id} notification={item} onActivate={onActivate} onMarkUnread={onMarkUnread} />
          ));
        }
        if (page.status === 'failed') {
          return (
            <li key={`page-${page.page}`} className="notifications-popup__failed">
              <span>{t('notifications.pageFailed')}</span>
              <button type="button" className="ui-button ui-button--link" onClick={() => list?.send({ type: 'list.retryPage', page: page.page })}>
                {t('notifications.retry')}
              </button>
            </li>
          );
        }
        return (
          <PagePlaceholder
            key={`page-${page.page}`}
            page={page.page}
            rows={rowsOf(page)}
            itemHeight={64}
            className="notification-page-placeholder"
            onVisible={() => list?.send({ type: 'list.pageVisible', page: page.page })}
          />
        );
      })}
    </ul>
  );
}
