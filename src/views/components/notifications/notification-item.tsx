import type { Notification } from '../../../contract/notifications';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { NotificationSummary } from './notification-summary';

interface NotificationItemProps {
  notification: Notification;
  onActivate: (notification: Notification) => void;
  onMarkUnread: (id: number) => void;
}

/**
 * One row of the popup: the whole row is a button (an unread one becomes read; a request or an invitation opens
 * its modal), and a read row has a small control that marks it unread again.
 */
export function NotificationItem({ notification, onActivate, onMarkUnread }: NotificationItemProps) {
  const t = useT();
  const read = notification.readAt !== null;
  return (
    <li className={`notification-item${read ? '' : ' notification-item--unread'}`} data-notification-id={notification.id}>
      <button type="button" className="notification-item__main" onClick={() => onActivate(notification)}>
        <NotificationSummary notification={notification} />
        {read ? null : (
          <span className="notification-item__dot">
            <span className="visually-hidden">{t('notifications.unreadMark')}</span>
          </span>
        )}
      </button>
      {read ? (
        <button
          type="button"
          className="ui-icon-button notification-item__unread"
          aria-label={t('notifications.markUnread')}
          title={t('notifications.markUnread')}
          onClick={() => onMarkUnread(notification.id)}
        >
          <Icon name="eyeOff" size={16} />
        </button>
      ) : null}
    </li>
  );
}
