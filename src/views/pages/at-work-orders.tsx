import { useActorRef } from '@xstate/react';
import type { OrderSummary } from '../../contract/orders';
import type { ListFilterQuery } from '../../machines/list-paging/list-paging-types';
import { formatDate, formatPrice } from '../../services/format';
import { useT } from '../../services/i18n';
import { ordersListFlow } from '../../services/orders';
import { EmptyState } from '../components/empty-state';
import { LocalLink } from '../components/local-link';
import { WindowedList } from './lists/windowed-list';
import './lists/lists.css';

/** Orders being checked or made, the latest change of status first: what the customer waits for now. */
const AT_WORK_QUERY: ListFilterQuery = { sort: { code: 'statusChangedAt', orderBy: 'desc' }, filters: ['on_check', 'in_progress'] };

export function AtWorkOrders() {
  const t = useT();
  const list = useActorRef(ordersListFlow, { input: { query: AT_WORK_QUERY } });
  return (
    <WindowedList<OrderSummary>
      list={list}
      label={t('atWork.listLabel')}
      itemHeight={84}
      renderItem={(order) => <AtWorkOrder order={order} />}
      failedText={t('atWork.failed')}
      empty={<EmptyState text={t('atWork.emptyText')} action={{ label: t('atWork.toOrders'), to: '/orders' }} />}
    />
  );
}

function AtWorkOrder({ order }: { order: OrderSummary }) {
  const t = useT();
  const held = order.holdReason !== null;
  return (
    <div className="list-line list-line--two" data-order-id={order.id}>
      <div className="list-line__main">
        <div className="list-line__head">
          <LocalLink to={`/orders/${order.id}`} className="list-line__title">{t('atWork.item.order', { number: order.number })}</LocalLink>
          <span className="list-badge list-badge--info">{t(`orderStatusOne.${order.status}`)}</span>
          {held ? <span className="list-badge list-badge--warning">{t('atWork.item.held')}</span> : null}
        </div>
        <div className="list-line__meta">
          <span>{order.lineCount > 1 ? t('atWork.item.lines', { title: order.firstLineTitle, more: order.lineCount - 1 }) : order.firstLineTitle}</span>
          <span>{order.clientName}</span>
          <span>{t('atWork.item.since', { date: formatDate(order.statusChangedAt) })}</span>
        </div>
        {held ? <p className="at-work__hold">{t('atWork.item.holdReason', { reason: order.holdReason ?? '' })}</p> : null}
      </div>
      <div className="list-line__sum"><span className="list-line__amount">{formatPrice(order.total)}</span></div>
    </div>
  );
}
