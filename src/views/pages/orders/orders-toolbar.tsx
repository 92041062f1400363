import { ORDER_SORT_CODES } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import type { OrderSummary } from '../../../contract/orders';
import { DEFAULT_ORDER_SORT, type OrderSort } from '../../../services/orders';
import { FieldFrame } from '../../components/form/field';
import { useListQuery, useSearchText, type ListActor } from '../../components/paged-list/paged-list';
import { Icon } from '../../components/ui/icon';
import { OrdersExport } from './orders-export';

/** Both directions of every sort; the spec's default (creation, oldest first) leads. */
const SORTS: OrderSort[] = ORDER_SORT_CODES.flatMap((code) => (['asc', 'desc'] as const).map((orderBy) => ({ code, orderBy })));
const sortValue = (sort: Pick<OrderSort, 'orderBy'> & { code: string }) => `${sort.code}-${sort.orderBy}`;

/** Search and sort of the orders list (each change an event of its list machine), and its export. */
export function OrdersToolbar({ list }: { list: ListActor<OrderSummary> }) {
  const t = useT();
  const search = useSearchText(list);
  const sort = useListQuery(list).sort ?? DEFAULT_ORDER_SORT;
  return (
    <div className="orders-toolbar">
      <FieldFrame label={t('orders.list.searchLabel')} className="orders-toolbar__search">
        {({ id }) => (
          <>
            <Icon name="search" size={18} className="orders-toolbar__search-icon" />
            <input
              id={id}
              type="search"
              className="field__input"
              value={search}
              placeholder={t('orders.list.searchPlaceholder')}
              maxLength={200}
              onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
            />
          </>
        )}
      </FieldFrame>
      <FieldFrame label={t('orders.list.sortLabel')} className="orders-toolbar__sort">
        {({ id }) => (
          <select
            id={id}
            className="field__input orders-select"
            value={sortValue(sort)}
            onChange={(event) => {
              const next = SORTS.find((option) => sortValue(option) === event.target.value);
              if (next) list.send({ type: 'list.sort', sort: next });
            }}
          >
            {SORTS.map((option) => (
              <option key={sortValue(option)} value={sortValue(option)}>{t(`orders.sort.${sortValue(option)}`)}</option>
            ))}
          </select>
        )}
      </FieldFrame>
      <OrdersExport list={list} />
    </div>
  );
}
