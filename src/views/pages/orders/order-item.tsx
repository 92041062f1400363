import type { OrderSummary } from '../../../contract/orders';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { HeldBadge, OrderStatusBadge } from './order-status-badge';
import { OrderStar } from './order-star';

interface OrderItemProps {
  order: OrderSummary;
  onToggleFavorite: (order: OrderSummary) => void;
}

/** One order: number, status since when, a hold with its reason, what was ordered, client, payer, tracking, total. */
export function OrderItem({ order, onToggleFavorite }: OrderItemProps) {
  const t = useT();
  const more = order.lineCount - 1;
  return (
    <article className="order-item" data-order-id={order.id} aria-labelledby={`order-${order.id}-number`}>
      <div className="order-item__main">
        <div className="order-item__head">
          <LocalLink to={`/orders/${order.id}`} className="order-item__number" id={`order-${order.id}-number`}>
            {t('orders.item.number', { number: order.number })}
          </LocalLink>
          <OrderStatusBadge status={order.status} since={order.statusChangedAt} />
          {order.holdReason !== null ? <HeldBadge reason={order.holdReason} /> : null}
        </div>
        <div className="order-item__title">
          {order.firstLineTitle}
          {more > 0 ? <span className="order-item__more">{t('orders.item.more', { count: more })}</span> : null}
        </div>
        <div className="order-item__meta">
          <span>{order.clientName}</span>
          <span>{t('orders.item.payer', { name: order.payerName })}</span>
          <span>{t('orders.item.created', { date: formatDate(order.createdAt) })}</span>
          {order.trackingNumber ? <span>{t('orders.item.tracking', { number: order.trackingNumber })}</span> : null}
        </div>
      </div>
      <div className="order-item__total">{formatPrice(order.total)}</div>
      <div className="order-item__tools">
        <OrderStar isFavorite={order.isFavorite} number={order.number} onToggle={() => onToggleFavorite(order)} />
      </div>
    </article>
  );
}
