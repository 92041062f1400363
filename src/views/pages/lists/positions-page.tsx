import { useMemo, useState } from 'react';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { ORDER_LINE_SORT_CODES, ORDER_LINE_STATUSES, type OrderLineListItem, type OrderLineStatus } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { orderLineListQuery, orderLinesListMachine, readOrderLineSort, writeOrderLineSort } from '../../../services/order-lines';
import { EmptyState } from '../../components/empty-state';
import { filterSelect, ListToolbar, sortSelect } from './list-toolbar';
import { PagedList } from './paged-list';
import { PositionItem } from './position-item';
import { useListSearch, usePagedList, useRememberedSort } from './use-paged-list';
import './lists.css';

/** /positions (menu 'Позиции'): the order lines of every client of the user, by line status and product type. */
export default function PositionsPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const { search, setSearch, settled } = useListSearch();
  const { sort, changeSort } = useRememberedSort(readOrderLineSort, writeOrderLineSort);
  const [status, setStatus] = useState<OrderLineStatus | null>(null);
  const [productType, setProductType] = useState<ProductType | null>(null);
  const query = useMemo(() => orderLineListQuery(status, productType, sort, settled), [status, productType, sort, settled]);
  const list = usePagedList(orderLinesListMachine, query);
  const narrowed = settled !== '' || status !== null || productType !== null;

  return (
    <div className="lists-page">
      <header className="lists-page__header">
        <div>
          <h1 className="lists-page__title">{title}</h1>
          <p className="lists-page__lead">{t('lists.positions.lead')}</p>
        </div>
      </header>
      <section className="lists-page__list" aria-label={title}>
        <ListToolbar
          search={{ label: t('lists.positions.searchLabel'), placeholder: t('lists.positions.searchPlaceholder'), value: search, onChange: setSearch }}
          selects={[
            filterSelect(t('lists.positions.statusLabel'), t('lists.positions.allStatuses'), ORDER_LINE_STATUSES, status, setStatus, (code) => t(`orderLineStatus.${code}`)),
            filterSelect(t('lists.typeLabel'), t('lists.allTypes'), PRODUCT_TYPES, productType, setProductType, (code) => t(`wizard.productTypes.${code}`)),
            sortSelect(t('lists.sortLabel'), ORDER_LINE_SORT_CODES, ['title'], sort, changeSort, (value) => t(`lists.positions.sort.${value}`)),
          ]}
        />
        <PagedList<OrderLineListItem>
          list={list}
          label={t('lists.positions.label')}
          itemHeight={76}
          renderItem={(line) => <PositionItem key={line.id} line={line} />}
          failedText={t('lists.positions.failed')}
          empty={narrowed
            ? <EmptyState title={t('lists.nothingFound')} text={t('lists.nothingFoundText')} icon="search" />
            : <EmptyState title={t('lists.positions.empty')} text={t('lists.positions.emptyText')} action={{ label: t('lists.positions.toProjects'), to: '/projects?status=actual' }} />}
        />
      </section>
    </div>
  );
}
