import { useHeaderInfo } from '../../../services/header-info';
import { useT } from '../../../services/i18n';
import { ORDER_VIEW_COUNTERS, ORDER_VIEWS, type OrderView } from '../../../services/orders';
import { useSession } from '../../components/session-context';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { OrderList } from './order-list';
import { OrdersToolbar } from './orders-toolbar';
import { useDocumentTitle } from '../projects/use-document-title';
import { useOrderList } from './use-order-list';
import './orders.css';

/** /orders: all orders, or one view of spec 2.3 named in the query (?status=… or ?favorite=true). */
export default function OrdersPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const controls = useOrderList();
  const { view, changeView } = controls;
  const counters = useSession((s) => s.context.counters);
  const viewTitle = view === 'all' ? title : t(`orders.views.${view}`);
  useHeaderInfo(null, view === 'all' ? null : viewTitle);
  useDocumentTitle(viewTitle);
  const tabs: TabItem<OrderView>[] = ORDER_VIEWS.map((id) => ({
    id, name: t(`orders.views.${id}`), total: counters ? ORDER_VIEW_COUNTERS[id]?.(counters) : undefined,
  }));

  return (
    <div className="orders-page">
      <div className="orders-page__header">
        <h1 className="orders-page__title">{viewTitle}</h1>
      </div>
      <Tabs tabs={tabs} value={view} onValueChange={changeView} label={t('orders.viewsLabel')} />
      <section className="orders-page__list" aria-label={viewTitle}>
        <OrdersToolbar controls={controls} />
        <OrderList controls={controls} />
      </section>
    </div>
  );
}
