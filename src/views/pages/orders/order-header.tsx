import type { ReactNode } from 'react';
import type { Order } from '../../../contract/orders';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { OrderHold } from './order-hold';
import { OrderStatusBadge } from './order-status-badge';
import { OrderStar } from './order-star';

interface OrderHeaderProps {
  order: Order;
  onToggleFavorite: () => void;
  /** The order's actions, below the title. */
  children?: ReactNode;
}

/** Number, status since when, favourite star, client; a held or waiting order says why, before anything else. */
export function OrderHeader({ order, onToggleFavorite, children }: OrderHeaderProps) {
  const t = useT();
  return (
    <div className="order-header">
      <div className="order-header__line">
        <h1 className="order-page__title">{t('orders.page.title', { number: order.number })}</h1>
        <OrderStatusBadge status={order.status} since={order.statusChangedAt} />
        <OrderStar isFavorite={order.isFavorite} number={order.number} onToggle={onToggleFavorite} />
      </div>
      <p className="order-header__meta">
        <span>{order.clientName}</span>
        <span>{t('orders.page.created', { date: formatDate(order.createdAt), time: formatTime(order.createdAt) })}</span>
      </p>
      <OrderHold order={order} />
      {children}
    </div>
  );
}
