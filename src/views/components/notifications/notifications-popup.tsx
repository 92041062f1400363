import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Notification } from '../../../contract/notifications';
import type { NotificationsTab } from '../../../machines/notifications-popup';
import { useT } from '../../../services/i18n';
import type { createNotificationsPopupMachine } from '../../../services/notifications';
import { TabPanel, Tabs } from '../ui/tabs';
import { NotificationList } from './notification-list';

export type PopupRef = ActorRefFrom<ReturnType<typeof createNotificationsPopupMachine>>;

/** Inside the 423 px popover: the title, the 'Новые' and 'Все' tabs, and the chosen tab's list. */
export function NotificationsPopupContent({ popup }: { popup: PopupRef }) {
  const t = useT();
  const tab = useSelector(popup, (s): NotificationsTab => (s.matches({ popup: { open: 'all' } }) ? 'all' : 'new'));
  const unread = useSelector(popup, (s) => s.context.unreadCount);
  const list = useSelector(popup, (s) => s.children.list);

  const activate = (notification: Notification) =>
    popup.send({
      type: 'item.activate',
      id: notification.id,
      notificationType: notification.type,
      read: notification.readAt !== null,
      content: notification.content,
    });
  const markUnread = (id: number) => popup.send({ type: 'item.markUnread', id });

  return (
    <div className="notifications-popup">
      <h2 className="notifications-popup__title">{t('notifications.title')}</h2>
      <Tabs
        tabs={[
          { id: 'new', name: t('notifications.tabs.unread'), total: unread },
          { id: 'all', name: t('notifications.tabs.all') },
        ]}
        value={tab}
        onValueChange={(next) => popup.send({ type: 'popup.selectTab', tab: next })}
        label={t('notifications.tabsLabel')}
      >
        <TabPanel value={tab} className="notifications-popup__panel">
          <NotificationList
            // A new tab is a new list: its own pages, scroll position and placeholders.
            key={tab}
            list={list}
            emptyText={t(tab === 'new' ? 'notifications.emptyUnread' : 'notifications.emptyAll')}
            onActivate={activate}
            onMarkUnread={markUnread}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}
