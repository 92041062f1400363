import { useSelector } from '@xstate/react';
import type { OrderSummary } from '../../../contract/orders';
import type { ListPage } from '../../../machines/list-paging-types';
import { useT } from '../../../services/i18n';
import { EmptyState } from '../../components/empty-state';
import { WindowedPages } from '../../components/paged-list/windowed-pages';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { OrderItem } from './order-item';
import type { OrderListControls } from './use-order-list';
import { useOrderCommands } from './use-order-commands';

const NO_PAGES: ListPage<OrderSummary>[] = [];
/** About one line's height, px, until lines are measured. */
const ORDER_ROW_HEIGHT = 96;

/** Skeletons while counting, the empty or failed state, or the windowed pages of orders. */
export function OrderList({ controls }: { controls: OrderListControls }) {
  const t = useT();
  const { list, view, narrowed } = controls;
  const commands = useOrderCommands();
  const phase = useSelector(list, (s) => (['counting', 'empty', 'failed'] as const).find((name) => s.matches(name)) ?? 'ready');
  const pages = useSelector(list, (s) => s.context.pages ?? NO_PAGES);
  const pageSize = useSelector(list, (s) => s.context.pageSize);
  const total = useSelector(list, (s) => s.context.total ?? 0);

  // Optimistic: the star turns at once and turns back if the gateway refuses.
  const toggleFavorite = async (order: OrderSummary) => {
    const isFavorite = !order.isFavorite;
    list.send({ type: 'list.updateItem', id: order.id, changes: { isFavorite } });
    if (!(await commands.setFavorite(order, isFavorite))) {
      list.send({ type: 'list.updateItem', id: order.id, changes: { isFavorite: !isFavorite } });
    }
  };

  if (phase === 'counting') {
    return (
      <div className="orders-list__loading">
        {[0, 1, 2].map((index) => <Skeleton key={index} rows={3} imageSize={0} announce={index === 0} />)}
      </div>
    );
  }
  if (phase === 'empty') {
    if (narrowed) return <EmptyState title={t('orders.list.nothingFound')} text={t('orders.list.nothingFoundText')} icon="search" />;
    return (
      <EmptyState
        title={t(`orders.list.empty.${view}`)}
        text={t(`orders.list.emptyText.${view}`)}
        icon="cart"
        action={view === 'all' ? { label: t('orders.list.toProjects'), to: '/projects?status=actual' } : undefined}
      />
    );
  }
  if (phase === 'failed') {
    // Spec 8: the failure itself is only logged; the page says plainly that there is nothing to show.
    return (
      <div className="orders-list__failed">
        <p>{t('orders.list.failed')}</p>
        <Button variant="secondary" onClick={() => list.send({ type: 'list.reload' })}>{t('orders.list.retry')}</Button>
      </div>
    );
  }
  return (
    <WindowedPages
      pages={pages}
      pageSize={pageSize}
      total={total}
      rowHeight={ORDER_ROW_HEIGHT}
      label={t('orders.list.label')}
      className="orders-list"
      rowClassName="orders-list__row"
      texts={{ pageFailed: t('orders.list.pageFailed'), retry: t('orders.list.retry') }}
      skeleton={{ rows: 3, imageSize: 0 }}
      renderItem={(order) => <OrderItem order={order} onToggleFavorite={(item) => void toggleFavorite(item)} />}
      onPageVisible={(page) => list.send({ type: 'list.pageVisible', page })}
      onRetryPage={(page) => list.send({ type: 'list.retryPage', page })}
    />
  );
}
