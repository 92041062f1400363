import type { Notification } from '../../../contract/notifications';
import { useT } from '../../../services/i18n';
import { LazyPages, PagedList, type ListActor } from '../paged-list/paged-list';
import { Skeleton } from '../ui/skeleton';
import { NotificationItem } from './notification-item';

interface NotificationListProps {
  list: ListActor<Notification> | undefined;
  emptyText: string;
  onActivate: (notification: Notification) => void;
  onMarkUnread: (id: number) => void;
}

/** One tab's list: skeleton while counting, the empty text, or its pages — loaded, placeholders, or failed. */
export function NotificationList({ list, emptyText, onActivate, onMarkUnread }: NotificationListProps) {
  const t = useT();
  return (
    <PagedList
      list={list}
      counting={<Skeleton rows={2} imageSize={24} />}
      empty={<p className="notifications-popup__empty">{emptyText}</p>}
      // The failure itself is only logged; the popup says plainly that there is nothing to show.
      failed={<p className="notifications-popup__empty">{t('notifications.listFailed')}</p>}
    >
      {(ready) => (
        <ul className="notifications-popup__list">
          <LazyPages
            ready={ready}
            renderItem={(item) => <NotificationItem key={item.id} notification={item} onActivate={onActivate} onMarkUnread={onMarkUnread} />}
            failed={{ className: 'notifications-popup__failed', text: t('notifications.pageFailed'), retry: t('notifications.retry') }}
            placeholder={{ itemHeight: 64, className: 'notification-page-placeholder' }}
          />
        </ul>
      )}
    </PagedList>
  );
}
