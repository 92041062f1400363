import { useActorRef } from '@xstate/react';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { ORDER_LINE_SORT_CODES, ORDER_LINE_STATUSES, type OrderLineListItem, type OrderLineStatus } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { lineStatusOf, orderLinesListFlow, productTypeOf, readOrderLineSort } from '../../../services/order-lines';
import { EmptyState } from '../../components/empty-state';
import { useListQuery } from '../../components/paged-list/paged-list';
import { filterSelect, ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { PositionItem } from './position-item';
import { WindowedList } from './windowed-list';
import { ListsPageHeader } from './lists-page-header';
import './lists.css';

const first = <T,>(filters: readonly string[], of: (code: string) => T | null): T | null =>
  filters.map(of).find((found) => found !== null) ?? null;

/** /positions (menu 'Позиции'): the order lines of every client of the user, by line status and product type. */
export default function PositionsPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const list = useActorRef(orderLinesListFlow, { input: { query: { sort: readOrderLineSort() } } });
  const query = useListQuery(list);
  // A line status and a product type are both filter codes of the contract; the gateway ANDs the two groups.
  const filters = query.filters ?? [];
  const status = first(filters, lineStatusOf);
  const productType = first(filters, productTypeOf);
  const filter = (nextStatus: OrderLineStatus | null, nextType: ProductType | null) =>
    list.send({ type: 'list.filter', filters: [...(nextStatus ? [nextStatus] : []), ...(nextType ? [nextType] : [])] });
  const narrowed = query.search !== undefined || filters.length > 0;

  return (
    <div className="lists-page">
      <ListsPageHeader title={title} lead={t('lists.positions.lead')} />
      <section className="lists-page__list" aria-label={title}>
        <ListToolbar
          list={list}
          search={{ label: t('lists.positions.searchLabel'), placeholder: t('lists.positions.searchPlaceholder') }}
          selects={[
            filterSelect(
              t('lists.positions.statusLabel'),
              t('lists.positions.allStatuses'),
              ORDER_LINE_STATUSES,
              status,
              (next) => filter(next, productType),
              (code) => t(`orderLineStatus.${code}`),
            ),
            filterSelect(
              t('lists.typeLabel'),
              t('lists.allTypes'),
              PRODUCT_TYPES,
              productType,
              (next) => filter(status, next),
              (code) => t(`wizard.productTypes.${code}`),
            ),
            sortSelect(
              t('lists.sortLabel'),
              ORDER_LINE_SORT_CODES,
              ['title'],
              query.sort,
              (sort) => list.send({ type: 'list.sort', sort }),
              (value) => t(`lists.positions.sort.${value}`),
            ),
          ]}
        />
        <WindowedList<OrderLineListItem>
          list={list}
          label={t('lists.positions.label')}
          itemHeight={76}
          renderItem={(line) => <PositionItem key={line.id} line={line} />}
          failedText={t('lists.positions.failed')}
          empty={
            narrowed ? (
              <EmptyState title={t('lists.nothingFound')} text={t('lists.nothingFoundText')} icon="search" />
            ) : (
              <EmptyState
                title={t('lists.positions.empty')}
                text={t('lists.positions.emptyText')}
                action={{ label: t('lists.positions.toProjects'), to: '/projects?status=actual' }}
              />
            )
          }
        />
      </section>
    </div>
  );
}
