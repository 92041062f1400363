import { ORDER_SORT_CODES, type OrderSummary } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { DEFAULT_ORDER_SORT } from '../../../services/orders';
import { ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { useListQuery, type ListActor } from '../../components/paged-list/paged-list';
import { OrdersExport } from './orders-export';

/** Search and sort of the orders list (each change an event of its list machine), and its export. */
export function OrdersToolbar({ list }: { list: ListActor<OrderSummary> }) {
  const t = useT();
  const sort = useListQuery(list).sort ?? DEFAULT_ORDER_SORT;
  return (
    <ListToolbar
      list={list}
      search={{ label: t('orders.list.searchLabel'), placeholder: t('orders.list.searchPlaceholder') }}
      // Both directions of every sort, oldest or A to Z first: the default (creation, oldest first) leads.
      selects={[sortSelect(t('orders.list.sortLabel'), ORDER_SORT_CODES, ORDER_SORT_CODES, sort,
        (next) => list.send({ type: 'list.sort', sort: next }), (value) => t(`orders.sort.${value}`))]}
    >
      <OrdersExport list={list} />
    </ListToolbar>
  );
}
