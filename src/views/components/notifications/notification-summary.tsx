import type { Notification } from '../../../contract/notifications';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { knownNotification } from '../../../services/notifications';
import { Icon } from '../ui/icon';
import { notificationIcon, notificationIconLabel, notificationText } from './notification-text';
import './notifications.css';

/** Icon, sentence, date and time of one notification: the popup's items and the dashboard's list. */
export function NotificationSummary({ notification }: { notification: Notification }) {
  const t = useT();
  const known = knownNotification(notification);
  return (
    <span className="notification-summary">
      <span className="notification-summary__icon">
        <Icon name={notificationIcon(known)} size={20} label={notificationIconLabel(known, t)} />
      </span>
      <span className="notification-summary__body">
        <span className="notification-summary__text">{notificationText(known, t)}</span>
        <time className="notification-summary__time" dateTime={notification.createdAt}>
          {t('notifications.dateTime', { date: formatDate(notification.createdAt), time: formatTime(notification.createdAt) })}
        </time>
      </span>
    </span>
  );
}
