import type { OrderLineListItem, OrderLineStatus } from '../../../contract/orders';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';

const STATUS_LOOK: Record<OrderLineStatus, string> = {
  engineering: 'info',
  awaiting_payment: 'warning',
  in_production: 'info',
  ready: 'success',
  shipped: 'muted',
  canceled: 'danger',
};

export function LineStatusBadge({ status }: { status: OrderLineStatus }) {
  const t = useT();
  return <span className={`list-badge list-badge--${STATUS_LOOK[status]}`}>{t(`orderLineStatus.${status}`)}</span>;
}

/** One order line: title (its project when it still exists), type, quantity, status, order, client, date, total. */
export function PositionItem({ line }: { line: OrderLineListItem }) {
  const t = useT();
  return (
    <div className="list-line list-line--two" data-line-id={line.id}>
      <div className="list-line__main">
        <div className="list-line__head">
          {line.projectId === null
            ? <span className="list-line__title">{line.title}</span>
            : <LocalLink to={`/project/${line.projectId}`} className="list-line__title">{line.title}</LocalLink>}
          <LineStatusBadge status={line.status} />
        </div>
        <div className="list-line__meta">
          <span>{t(`wizard.productTypes.${line.productType}`)}</span>
          <span>{t('lists.positions.quantity', { count: line.quantity })}</span>
          <LocalLink to={`/orders/${line.orderId}`}>{t('lists.positions.order', { number: line.orderNumber })}</LocalLink>
          <span>{line.clientName}</span>
          <span>{t('lists.positions.date', { date: formatDate(line.createdAt) })}</span>
        </div>
      </div>
      <div className="list-line__sum">
        <span className="list-line__amount">{formatPrice(line.total)}</span>
        <span className="list-line__vat">{t('lists.positions.unitPrice', { price: formatPrice(line.unitPrice) })}</span>
      </div>
    </div>
  );
}
