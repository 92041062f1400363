import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';

/**
 * A 404 from Get: the order does not exist or belongs to a client the user is not a member of (the gateway does
 * not tell which). The error page's look, inside the portal's frame, with the way back to the orders.
 */
export function OrderNotFound() {
  const t = useT();
  return (
    <section className="order-not-found" aria-labelledby="order-not-found-title">
      <p className="order-not-found__code" aria-hidden="true">404</p>
      <h1 id="order-not-found-title">{t('orders.page.notFound')}</h1>
      <p className="order-not-found__text">{t('orders.page.notFoundText')}</p>
      <div className="order-not-found__actions">
        <LocalLink to="/orders" className="ui-button ui-button--primary">{t('orders.page.toOrders')}</LocalLink>
        <LocalLink to="/" className="ui-button ui-button--secondary">{t('errors.toHome')}</LocalLink>
      </div>
    </section>
  );
}
