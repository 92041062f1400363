import { useEffect, useState } from 'react';
import type { Notification } from '../../../contract/notifications';
import { useT } from '../../../services/i18n';
import { fetchLatestNotifications, requestNotificationsPopup } from '../../../services/notifications';
import { EmptyState } from '../empty-state';
import { useSession } from '../session-context';
import { Skeleton } from '../ui/skeleton';
import { NotificationSummary } from './notification-summary';
import './notifications.css';

type Latest = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: Notification[] };

/** The dashboard's newest notifications; they load again whenever the unread count moves. */
export function LatestNotifications({ count }: { count: number }) {
  const t = useT();
  const unread = useSession((s) => s.context.user?.notificationsCount ?? 0);
  const [latest, setLatest] = useState<Latest>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchLatestNotifications(count, controller.signal).then(
      (items) => setLatest({ status: 'loaded', items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 8: a failed notification list is only logged.
        console.error('[notifications] latest failed', error);
        setLatest({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [count, unread]);

  if (latest.status === 'loading') return <Skeleton rows={2} imageSize={24} />;
  if (latest.status === 'failed') return <p className="latest-notifications__note">{t('pages.home.notificationsFailed')}</p>;
  if (latest.items.length === 0) {
    return <EmptyState title={t('pages.home.notificationsEmpty')} text={t('pages.home.notificationsEmptyText')} icon="bell" headingLevel={3} />;
  }
  return (
    <>
      <ul className="latest-notifications">
        {latest.items.map((item) => (
          <li key={item.id} className={item.readAt === null ? 'latest-notifications__item--unread' : undefined}>
            <NotificationSummary notification={item} />
          </li>
        ))}
      </ul>
      <button type="button" className="ui-button ui-button--link" onClick={requestNotificationsPopup}>
        {t('pages.home.allNotifications')}
      </button>
    </>
  );
}
