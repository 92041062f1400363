import type { KnownNotification } from '../../../services/notifications';
import type { t as translate } from '../../../services/i18n';
import type { IconName } from '../ui/icon';

/** Each type's icon; an unknown type (null) shows the generic bell. */
export function notificationIcon(notification: KnownNotification | null): IconName {
  switch (notification?.type) {
    case 'ClientAccessRequest':
      return 'user';
    case 'ClientAccessRequestDecision':
      return notification.content.IsAccepted ? 'success' : 'failure';
    case 'InvitationToClient':
      return 'client';
    case 'InvitationResult':
      return notification.content.IsAccepted ? 'success' : 'failure';
    case 'ClientRoleChanging':
      return 'group';
    case 'Looser':
      return 'logout';
    case 'OrderStatusChanged':
      return 'cart';
    case 'ComplaintStatusChanged':
      return 'support';
    default:
      return 'bell';
  }
}

/** What the icon stands for, for screen readers. */
export function notificationIconLabel(notification: KnownNotification | null, t: typeof translate): string {
  return t(`notifications.iconLabels.${notification?.type ?? 'unknown'}`);
}

/** The sentence built from the content's fields; an unknown type has none. */
export function notificationText(notification: KnownNotification | null, t: typeof translate): string {
  if (!notification) return '';
  switch (notification.type) {
    case 'ClientAccessRequest': {
      const { RequesterName, ClientName } = notification.content;
      return t('notifications.types.ClientAccessRequest', { requester: RequesterName, client: ClientName });
    }
    case 'ClientAccessRequestDecision': {
      const { IsAccepted, ClientName } = notification.content;
      return t(`notifications.types.ClientAccessRequest${IsAccepted ? 'Accepted' : 'Declined'}`, { client: ClientName });
    }
    case 'InvitationToClient': {
      const { CreatorName, ClientName } = notification.content;
      return t('notifications.types.InvitationToClient', { creator: CreatorName, client: ClientName });
    }
    case 'InvitationResult': {
      const { IsAccepted, InvitedUsername, ClientName } = notification.content;
      return t(`notifications.types.InvitationResult${IsAccepted ? 'Accepted' : 'Declined'}`, { user: InvitedUsername, client: ClientName });
    }
    case 'ClientRoleChanging': {
      const { IsAdmin, WhoChanged, ClientName } = notification.content;
      return t(`notifications.types.ClientRoleChanging${IsAdmin ? 'Admin' : 'User'}`, { who: WhoChanged, client: ClientName });
    }
    case 'Looser': {
      const { WhoKickedYou, ClientName, SelfLeft } = notification.content;
      return t(`notifications.types.${SelfLeft ? 'LooserSelfLeft' : 'Looser'}`, { who: WhoKickedYou, client: ClientName });
    }
    case 'OrderStatusChanged': {
      const { OrderNumber, Status, HoldReason, HoldCode, TrackingNumber } = notification.content;
      // A system hold is said in the reader's language; an operator's reason as written.
      const reason = HoldCode ? t(`notifications.holdCodes.${HoldCode}`) : HoldReason;
      if (reason) return t('notifications.types.OrderStatusChangedHeld', { number: OrderNumber, reason });
      if (Status === 'shipped' && TrackingNumber) {
        return t('notifications.types.OrderStatusChangedShipped', { number: OrderNumber, tracking: TrackingNumber });
      }
      return t('notifications.types.OrderStatusChanged', { number: OrderNumber, status: t(`orderStatusOne.${Status}`) });
    }
    case 'ComplaintStatusChanged': {
      const { OrderNumber, Status } = notification.content;
      return t('notifications.types.ComplaintStatusChanged', { number: OrderNumber, status: t(`requestStatus.${Status}`) });
    }
  }
}

/** The page a click on the notification opens, when it names one: an order's changes and its complaints' answers. */
export function notificationTarget(notification: KnownNotification | null): string | null {
  switch (notification?.type) {
    case 'OrderStatusChanged':
    case 'ComplaintStatusChanged':
      return Number.isSafeInteger(notification.content.OrderId) && notification.content.OrderId > 0
        ? `/orders/${notification.content.OrderId}`
        : null;
    default:
      return null;
  }
}
