import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Icon } from '../../components/ui/icon';
import { linesForReview, linesWithoutFiles } from '../../../machines/checkout/checkout-rules';
import type { PlacedOrder } from '../../../contract/cart';
import { CheckoutActor } from './checkout-actor';

/** The end of checkout: the order's number and the ways to follow it. */
export function PlacedView() {
  const t = useT();
  const placed = CheckoutActor.useSelector((snapshot) => snapshot.context.placed);
  // Placed with 'файлы пришлю позже': the order waits for them, and the customer should know where to send them.
  const awaitsFiles = CheckoutActor.useSelector((snapshot) => snapshot.context.filesLater && linesWithoutFiles(snapshot.context).length > 0);
  // With a line for an engineer's review, the order waits at the check for that review.
  const forReview = CheckoutActor.useSelector((snapshot) => linesForReview(snapshot.context).length > 0);
  if (!placed) return null;
  if (placed.reviewOrder) return <PlacedTwo placed={placed} review={placed.reviewOrder} />;
  return (
    <section className="checkout-step checkout-placed" aria-labelledby="checkout-placed-title">
      <Icon name="success" size={40} className="checkout-placed__icon" />
      <h2 className="checkout-step__title" id="checkout-placed-title" tabIndex={-1} data-step-heading="">
        {t('checkout.placed.title', { number: placed.number })}
      </h2>
      <p className="checkout-step__lead">{t(awaitsFiles ? 'checkout.placed.filesLater' : forReview ? 'checkout.placed.review' : 'checkout.placed.text')}</p>
      <div className="checkout-placed__links">
        <LocalLink to={`/orders/${placed.orderId}`} className="ui-button ui-button--primary">{t('checkout.placed.open')}</LocalLink>
        <LocalLink to="/orders" className="ui-button ui-button--secondary">{t('checkout.placed.list')}</LocalLink>
      </div>
    </section>
  );
}

/** The lines for review placed apart: the clean order goes on, the other waits for the engineer. */
function PlacedTwo({ placed, review }: { placed: PlacedOrder; review: { orderId: number; number: string } }) {
  const t = useT();
  return (
    <section className="checkout-step checkout-placed" aria-labelledby="checkout-placed-title">
      <Icon name="success" size={40} className="checkout-placed__icon" />
      <h2 className="checkout-step__title" id="checkout-placed-title" tabIndex={-1} data-step-heading="">
        {t('checkout.placed.twoTitle', { number: placed.number, review: review.number })}
      </h2>
      <p className="checkout-step__lead">{t('checkout.placed.twoClean', { number: placed.number })}</p>
      <p className="checkout-step__lead">{t('checkout.placed.twoReview', { review: review.number })}</p>
      <div className="checkout-placed__links">
        <LocalLink to={`/orders/${placed.orderId}`} className="ui-button ui-button--primary">
          {t('checkout.placed.openNumber', { number: placed.number })}
        </LocalLink>
        <LocalLink to={`/orders/${review.orderId}`} className="ui-button ui-button--secondary">
          {t('checkout.placed.openNumber', { number: review.number })}
        </LocalLink>
        <LocalLink to="/orders" className="ui-button ui-button--secondary">
          {t('checkout.placed.list')}
        </LocalLink>
      </div>
    </section>
  );
}
