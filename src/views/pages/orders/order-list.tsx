import type { OrderSummary } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import type { OrderView } from '../../../services/orders';
import { EmptyState } from '../../components/empty-state';
import { CountFailed, CountingSkeletons, PagedList, useListQuery, type ListActor } from '../../components/paged-list/paged-list';
import { favoriteToggle } from '../../components/paged-list/favorite-toggle';
import { WindowedPages } from '../../components/paged-list/windowed-pages';
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

  const toggleFavorite = favoriteToggle(list, (order, isFavorite) => setFavorite.mutateAsync({ order, isFavorite }));

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
      counting={<CountingSkeletons className="orders-list__loading" rows={3} imageSize={0} />}
      empty={emptyState}
      failed={<CountFailed list={list} className="orders-list__failed" text={t('orders.list.failed')} retryLabel={t('orders.list.retry')} />}
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
