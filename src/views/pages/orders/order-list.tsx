import type { OrderSummary } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import type { OrderView } from '../../../services/orders';
import { EmptyState } from '../../components/empty-state';
import { PagedList, useListQuery, type ListActor } from '../../components/paged-list/paged-list';
import { WindowedPages } from '../../components/paged-list/windowed-pages';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSetOrderFavorite } from './api/order-mutations';
import { OrderItem } from './order-item';

/** About one line's height, px, until lines are measured. */
const ORDER_ROW_HEIGHT = 96;

/** Skeletons while counting, the empty or failed state, or the windowed pages of orders. */
export function OrderList({ list, view }: { list: ListActor<OrderSummary>; view: OrderView }) {
  const t = useT();
  // A search is on: an empty list then says "nothing found", not "no orders yet".
  const narrowed = useListQuery(list).search !== undefined;
  const setFavorite = useSetOrderFavorite();

  // Optimistic: the star turns at once and turns back if the gateway refuses.
  const toggleFavorite = (order: OrderSummary) => {
    const isFavorite = !order.isFavorite;
    list.send({ type: 'list.updateItem', id: order.id, changes: { isFavorite } });
    // Each line's own call: stars clicked one after another each turn back on their own refusal.
    setFavorite.mutateAsync({ order, isFavorite }).catch(() => {
      list.send({ type: 'list.updateItem', id: order.id, changes: { isFavorite: !isFavorite } });
    });
  };

  const emptyState = narrowed
    ? <EmptyState title={t('orders.list.nothingFound')} text={t('orders.list.nothingFoundText')} icon="search" />
    : (
      <EmptyState
        title={t(`orders.list.empty.${view}`)}
        text={t(`orders.list.emptyText.${view}`)}
        icon="cart"
        action={view === 'all' ? { label: t('orders.list.toProjects'), to: '/projects?status=actual' } : undefined}
      />
    );
  return (
    <PagedList
      list={list}
      counting={(
        <div className="orders-list__loading">
          {[0, 1, 2].map((index) => <Skeleton key={index} rows={3} imageSize={0} announce={index === 0} />)}
        </div>
      )}
      empty={emptyState}
      failed={(
        // Spec 8: the failure itself is only logged; the page says plainly that there is nothing to show.
        <div className="orders-list__failed">
          <p>{t('orders.list.failed')}</p>
          <Button variant="secondary" onClick={() => list.send({ type: 'list.reload' })}>{t('orders.list.retry')}</Button>
        </div>
      )}
    >
      {({ pages, pageSize, total, pageVisible, retryPage }) => (
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
          renderItem={(order) => <OrderItem order={order} onToggleFavorite={toggleFavorite} />}
          onPageVisible={pageVisible}
          onRetryPage={retryPage}
        />
      )}
    </PagedList>
  );
}
