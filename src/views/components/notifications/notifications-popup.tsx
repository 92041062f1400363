import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Notification } from '../../../contract/notifications';
import type { NotificationsTab } from '../../../machines/notifications-popup/notifications-popup-types';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { knownNotification, type notificationsPopupFlowFor } from '../../../services/notifications';
import type { ListActor } from '../paged-list/paged-list';
import { TabPanel, Tabs } from '../ui/tabs';
import { NotificationList } from './notification-list';
import { notificationTarget } from './notification-text';

export type PopupRef = ActorRefFrom<ReturnType<typeof notificationsPopupFlowFor>>;

/** Inside the 423 px popover: the title, the 'Новые' and 'Все' tabs, and the chosen tab's list. */
export function NotificationsPopupContent({ popup }: { popup: PopupRef }) {
  const t = useT();
  const tab = useSelector(popup, (s): NotificationsTab => (s.matches({ popup: { open: 'all' } }) ? 'all' : 'new'));
  const unread = useSelector(popup, (s) => s.context.unreadCount);
  const list = useSelector(popup, (s) => s.children.list);
  useCountedUnread(popup, tab === 'new' ? list : undefined);
  const locale = useLocale();
  const [, navigate] = useLocation();

  const activate = (notification: Notification) => {
    popup.send({
      type: 'item.activate',
      id: notification.id,
      notificationType: notification.type,
      read: notification.readAt !== null,
      content: notification.content,
    });
    // An order's news opens the order (marked read first, while the popup is still open).
    const target = notificationTarget(knownNotification(notification));
    if (target) {
      popup.send({ type: 'popup.close' });
      navigate(localizePath(target, locale));
    }
  };
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

/** The 'Новые' tab's list, once counted by the gateway, says how many are unread: the tab and the bell take it. */
function useCountedUnread(popup: PopupRef, list: ListActor<Notification> | undefined) {
  const counted = useSelector(list, (s) => s?.context.total ?? null);
  useEffect(() => {
    if (counted !== null) popup.send({ type: 'popup.unreadCounted', count: counted });
  }, [counted, popup]);
}
