import { useT } from '../../../services/i18n';
import { EntityLoading } from '../../components/entity-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { OrderActions } from './order-actions';
import { OrderComplaints } from './order-complaints';
import { OrderDocuments } from './order-documents';
import { OrderFiles } from './order-files';
import { OrderHeader } from './order-header';
import { OrderHistory } from './order-history';
import { OrderInfo } from './order-info';
import { OrderLines } from './order-lines';
import { EntityNotFound } from '../../components/entity-not-found';
import { isNotFound } from '../../data/query-client';
import { useOrder } from './api/get-order';
import { useSetOrderFavorite } from './api/order-mutations';
import { OrderRequests } from './order-requests';
import { OrderReviews } from './order-reviews';
import { OrderStepper } from './order-stepper';

/**
 * /orders/:id — where the order is, the engineer's questions, what it holds, its invoice and history, reviews and
 * complaints, and actions.
 */
export function OrderView({ id }: { id: number }) {
  const t = useT();
  const { data: order, error, isError, refetch } = useOrder(id);
  const setFavorite = useSetOrderFavorite();
  // The route knows only the database id, which is not the order's number: until the number is known, just 'Заказ'.
  useDocumentTitle(order ? t('orders.page.title', { number: order.number }) : t('pages.order.title'));

  if (isNotFound(error))
    return (
      <EntityNotFound
        title={t('orders.page.notFound')}
        text={t('orders.page.notFoundText')}
        back={{ to: '/orders', label: t('orders.page.toOrders') }}
      />
    );
  if (!order) {
    return (
      <div className="order-page">
        <h1 className="order-page__title">{t('ui.loading')}</h1>
        <EntityLoading
          block="order-page"
          failed={isError}
          failedText={t('orders.page.failed')}
          retryLabel={t('orders.list.retry')}
          onRetry={() => void refetch()}
          skeletons={[{ rows: 3, imageSize: 0 }, { rows: 6, imageSize: 0 }]}
        />
      </div>
    );
  }

  return (
    <div className="order-page">
      <OrderHeader order={order} onToggleFavorite={() => setFavorite.mutate({ order, isFavorite: !order.isFavorite })}>
        <OrderActions order={order} />
      </OrderHeader>
      <OrderStepper order={order} />
      {/* What the engineer asks comes first, the files it may ask for right under it. */}
      <OrderRequests order={order} />
      <OrderFiles order={order} />
      <div className="order-page__body">
        {/* The lines take the page's whole width: seven columns do not fit beside the information panel. */}
        <div className="order-page__lines">
          <OrderLines order={order} />
        </div>
        <div className="order-page__main">
          <OrderDocuments order={order} />
          <OrderReviews order={order} />
          <OrderComplaints order={order} />
        </div>
        <div className="order-page__side">
          <OrderInfo order={order} />
          <OrderHistory history={order.history} />
        </div>
      </div>
    </div>
  );
}
