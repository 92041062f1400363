import { useT } from '../../../services/i18n';
import { requestNotificationsPopup } from '../../../services/notifications';
import { EmptyState } from '../empty-state';
import { Skeleton } from '../ui/skeleton';
import { useLatestNotifications } from './api/get-latest-notifications';
import { NotificationSummary } from './notification-summary';
import './notifications.css';

/** The dashboard's newest notifications; they load again whenever the unread count moves. */
export function LatestNotifications({ count }: { count: number }) {
  const t = useT();
  const { data: items, isPending } = useLatestNotifications(count);

  if (isPending) return <Skeleton rows={2} imageSize={24} />;
  // A failed notification list is only logged.
  if (!items) return <p className="latest-notifications__note">{t('pages.home.notificationsFailed')}</p>;
  if (items.length === 0) {
    return <EmptyState title={t('pages.home.notificationsEmpty')} text={t('pages.home.notificationsEmptyText')} icon="bell" headingLevel={3} />;
  }
  return (
    <>
      <ul className="latest-notifications">
        {items.map((item) => (
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
