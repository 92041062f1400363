import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../services/i18n';
import {
  ORDER_VIEW_COUNTERS, ORDER_VIEWS, orderFiltersOf, orderListQuery, ordersListFlow, orderViewOfSearch, readOrderSort,
  searchOfOrderView, type OrderView,
} from '../../../services/orders';
import { Tabs } from '../../components/ui/tabs';
import { useListViews, useReplaceSearch } from '../../components/use-list-views';
import { OrderList } from './order-list';
import { OrdersToolbar } from './orders-toolbar';
import './orders.css';

/**
 * /orders: all orders, or one view of the product spec's query filters named in the query (?status=… or ?favorite=true), replaced rather than
 * pushed so Back leaves the page and a reload keeps the view. Search and sort are the list machine's.
 */
export default function OrdersPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const replaceSearch = useReplaceSearch();
  const currentSearch = useSearch();
  const view = orderViewOfSearch(currentSearch);
  const list = useActorRef(ordersListFlow, { input: { query: orderListQuery(view, readOrderSort()) } });
  const { viewTitle, tabs } = useListViews(list, { views: ORDER_VIEWS, view, counters: ORDER_VIEW_COUNTERS, textKey: 'orders.views', title });
  useEffect(() => list.send({ type: 'list.filter', filters: orderFiltersOf(view) }), [list, view]);
  const changeView = (next: OrderView) => {
    if (next !== view) replaceSearch(searchOfOrderView(next, currentSearch));
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
