import { useActorRef } from '@xstate/react';
import { STAFF_ORDER_FILTER_CODES, STAFF_ORDER_SORT_CODES } from '../../../contract/staff-orders';
import type { OrderSummary } from '../../../contract/orders';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { staffOrdersListFlow } from '../../../services/staff/staff-calls';
import { EmptyState } from '../../components/empty-state';
import { LocalLink } from '../../components/local-link';
import { useListQuery } from '../../components/paged-list/paged-list';
import { filterSelect, ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { WindowedList } from '../lists/windowed-list';
import { HeldBadge, OrderStatusBadge } from '../orders/order-status-badge';
import '../lists/lists.css';
import '../orders/orders.css';

type FilterCode = (typeof STAFF_ORDER_FILTER_CODES)[number];

/** The most recently moved first: what changed is what a manager looks at. */
const FIRST_QUERY = { sort: { code: 'statusChangedAt', orderBy: 'desc' as const } };

/** /staff/orders: the order desk, every client's orders by status or held, searched, each opening its order page. */
export default function StaffOrdersPage({ title }: { title: string }) {
  const t = useT();
  const list = useActorRef(staffOrdersListFlow, { input: { query: FIRST_QUERY } });
  const query = useListQuery(list);
  const filter = STAFF_ORDER_FILTER_CODES.find((code) => code === query.filters?.[0]) ?? null;
  const filterText = (code: FilterCode) => (code === 'held' ? t('staff.orders.held') : t(`orderStatus.${code}`));
  return (
    <div className="lists-page">
      <header className="lists-page__header"><h1 className="lists-page__title">{title}</h1></header>
      <section className="lists-page__list" aria-label={title}>
        <ListToolbar
          list={list}
          search={{ label: t('staff.orders.searchLabel'), placeholder: t('staff.orders.searchLabel') }}
          selects={[
            filterSelect(t('staff.orders.status'), t('staff.orders.all'), STAFF_ORDER_FILTER_CODES, filter,
              (code) => list.send({ type: 'list.filter', filters: code ? [code] : [] }), filterText),
            sortSelect(t('lists.sortLabel'), STAFF_ORDER_SORT_CODES, ['number'], query.sort,
              (sort) => list.send({ type: 'list.sort', sort }), (value) => t(`orders.sort.${value}`)),
          ]}
        />
        <WindowedList<OrderSummary>
          list={list}
          label={title}
          itemHeight={64}
          renderItem={(order) => <StaffOrderRow order={order} />}
          empty={<EmptyState title={t('staff.orders.empty')} />}
          failedText={t('staff.orders.failed')}
        />
      </section>
    </div>
  );
}

function StaffOrderRow({ order }: { order: OrderSummary }) {
  const t = useT();
  return (
    <div className="staff-order-row" data-order-id={order.id}>
      <LocalLink to={`/staff/orders/${order.id}`} className="staff-order-row__number">{order.number}</LocalLink>
      <span>{order.clientName}</span>
      <span>
        {order.firstLineTitle}
        {order.lineCount > 1 ? <span className="staff-muted"> · {t('staff.queue.lines', { count: order.lineCount })}</span> : null}
      </span>
      <span>
        <OrderStatusBadge status={order.status} />
        {order.holdReason !== null ? <HeldBadge reason={order.holdReason} /> : null}
      </span>
      <span className="staff-table__number">{formatPrice(order.total)}</span>
      <span className="staff-muted">{formatDate(order.createdAt)}</span>
    </div>
  );
}
