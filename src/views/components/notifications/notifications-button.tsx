import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../../../services/i18n';
import { notificationsPopupFlowFor, onNotificationsPopupRequested } from '../../../services/notifications';
import { useSession, useSessionActor } from '../session-context';
import { Icon } from '../ui/icon';
import { Popover } from '../ui/popover';
import { ClientModalHost } from './client-modal-host';
import { NotificationsPopupContent } from './notifications-popup';
import './notifications.css';

/** The notifications popup is 423 px wide. */
export const NOTIFICATIONS_POPUP_WIDTH = 423;

/** The header's bell: the unread count of the user summary as a badge, and the notifications popup. */
export function NotificationsButton() {
  const t = useT();
  const session = useSessionActor();
  const unread = useSession((s) => s.context.user?.notificationsCount ?? 0);
  const machine = useMemo(() => notificationsPopupFlowFor(session), [session]);
  const popup = useActorRef(machine, { input: { unreadCount: unread } });
  const open = useSelector(popup, (s) => s.matches({ popup: 'open' }));
  const unreadNow = useRef(unread);
  useEffect(() => {
    unreadNow.current = unread;
  });
  // A summary reloaded while the popup is open (it is asked again on open) brings the tab's count along.
  useEffect(() => {
    if (open) popup.send({ type: 'popup.unreadCounted', count: unread });
  }, [open, popup, unread]);
  useEffect(
    () => onNotificationsPopupRequested(() => popup.send({ type: 'popup.open', unreadCount: unreadNow.current })),
    [popup],
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => popup.send(next ? { type: 'popup.open', unreadCount: unread } : { type: 'popup.close' })}
        width={NOTIFICATIONS_POPUP_WIDTH}
        label={t('notifications.title')}
        className="notifications-popover"
        trigger={
          <button
            type="button"
            className="ui-icon-button notifications-button"
            aria-label={unread > 0 ? t('notifications.buttonUnread', { count: unread }) : t('notifications.button')}
          >
            <Icon name="bell" size={22} />
            {unread > 0 ? (
              <span className="notifications-button__badge" aria-hidden="true" data-testid="notifications-badge">
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </button>
        }
      >
        <NotificationsPopupContent popup={popup} />
      </Popover>
      <ClientModalHost />
    </>
  );
}
