import type { OrderStatus } from '../../../contract/orders';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';

interface OrderStatusBadgeProps {
  status: OrderStatus;
  /** When the order came to this status: the badge says since when. */
  since?: string;
}

/** The order's status as a coloured label ('Изготовление'), optionally with the date it was reached. */
export function OrderStatusBadge({ status, since }: OrderStatusBadgeProps) {
  const t = useT();
  return (
    <span className={`order-status order-status--${status}`}>
      {t(`orderStatusOne.${status}`)}
      {since ? <span className="order-status__since">{t('orders.item.since', { date: formatDate(since) })}</span> : null}
    </span>
  );
}

/** 'Приостановлен' with the reason: the customer must see at a glance why nothing moves. */
export function HeldBadge({ reason }: { reason: string }) {
  const t = useT();
  return <span className="order-held">{t('orders.item.held', { reason })}</span>;
}
