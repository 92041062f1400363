import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHeaderInfo } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import {
  ORDER_VIEW_COUNTERS, ORDER_VIEWS, orderFiltersOf, orderListQuery, ordersListFlow, orderViewOfSearch, readOrderSort,
  searchOfOrderView, type OrderView,
} from '../../../services/orders';
import { useSession } from '../../components/session-context';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useFreshCounters } from '../../components/use-fresh-counters';
import { OrderList } from './order-list';
import { OrdersToolbar } from './orders-toolbar';
import { useDocumentTitle } from '../projects/use-document-title';
import './orders.css';

/**
 * /orders: all orders, or one view of the product spec's query filters named in the query (?status=… or ?favorite=true), replaced rather than
 * pushed so Back leaves the page and a reload keeps the view. Search and sort are the list machine's.
 */
export default function OrdersPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const [location, navigate] = useLocation();
  const currentSearch = useSearch();
  const view = orderViewOfSearch(currentSearch);
  const list = useActorRef(ordersListFlow, { input: { query: orderListQuery(view, readOrderSort()) } });
  useFreshCounters(list, ORDER_VIEW_COUNTERS);
  useEffect(() => list.send({ type: 'list.filter', filters: orderFiltersOf(view) }), [list, view]);
  const counters = useSession((s) => s.context.counters);
  const viewTitle = view === 'all' ? title : t(`orders.views.${view}`);
  useHeaderInfo(null, view === 'all' ? null : viewTitle);
  useDocumentTitle(viewTitle);
  const tabs: TabItem<OrderView>[] = ORDER_VIEWS.map((id) => ({
    id, name: t(`orders.views.${id}`), total: counters ? ORDER_VIEW_COUNTERS[id]?.(counters) : undefined,
  }));
  const changeView = (next: OrderView) => {
    if (next === view) return;
    const nextSearch = searchOfOrderView(next, currentSearch);
    navigate(nextSearch ? `${location}?${nextSearch}` : location, { replace: true });
  };

  return (
    <div className="orders-page">
      <div className="orders-page__header">
        <h1 className="orders-page__title">{viewTitle}</h1>
      </div>
      <Tabs tabs={tabs} value={view} onValueChange={changeView} label={t('orders.viewsLabel')} />
      <section className="orders-page__list" aria-label={viewTitle}>
        <OrdersToolbar list={list} />
        <OrderList list={list} view={view} />
      </section>
    </div>
  );
}
