import type { StaffOrder } from '../../../contract/staff-orders';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { HeldBadge, OrderStatusBadge } from '../orders/order-status-badge';

/** Number, client, status and hold, why it waits at the check, the total. */
export function StaffOrderHeader({ staffOrder }: { staffOrder: StaffOrder }) {
  const t = useT();
  const { order, checkReason } = staffOrder;
  return (
    <header className="staff-order__header">
      <h1>{t('staff.order.title', { number: order.number })}</h1>
      <dl className="staff-facts">
        <div>
          <dt>{t('staff.order.client')}</dt>
          <dd>{order.clientName}</dd>
        </div>
        <div>
          <dt>{t('staff.order.placedBy')}</dt>
          <dd>{order.placedByName}</dd>
        </div>
        <div>
          <dt>{t('staff.order.status')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} since={order.statusChangedAt} />
            {order.holdReason !== null ? <HeldBadge reason={order.holdReason} /> : null}
          </dd>
        </div>
        {checkReason ? (
          <div>
            <dt>{t('staff.queue.reason')}</dt>
            <dd>
              <span className={`staff-reason staff-reason--${checkReason}`}>{t(`staff.queue.reasons.${checkReason}`)}</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('staff.order.total')}</dt>
          <dd>
            <strong>{formatPrice(order.total)}</strong>
          </dd>
        </div>
      </dl>
    </header>
  );
}
