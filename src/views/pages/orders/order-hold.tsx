import type { Order } from '../../../contract/orders';
import { openRequest } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { pluralText } from '../../../services/plural';

/**
 * Why the order waits. A review the customer chose is the expected path, said calmly with how long it usually
 * takes; any other hold (the operator's, files awaited, an engineer's question or corrections) stays an alarm.
 */
export function OrderHold({ order }: { order: Order }) {
  const t = useT();
  if (order.holdReason === null) return null;
  if (order.holdCode === 'dfmReview') {
    return (
      <div className="order-review" role="status">
        <Icon name="info" size={22} className="order-review__icon" />
        <div>
          <p className="order-review__title">{pluralText(t, 'orders.page.awaitingReview', order.reviewHours ?? 24)}</p>
          <p className="order-hold__text">{t('orders.page.awaitingReviewText')}</p>
        </div>
      </div>
    );
  }
  // Awaiting files, an answer or an acceptance, it is the customer who moves it on: the panels below say how.
  const text = order.holdCode === 'engineerRequest'
    ? t(openRequest(order)?.kind === 'correction' ? 'orders.page.heldForCorrection' : 'orders.page.heldForRequest')
    : order.filesAwaited ? null : t('orders.page.heldText');
  return (
    <div className="order-hold" role="alert">
      <Icon name="info" size={22} className="order-hold__icon" />
      <div>
        <p className="order-hold__title">{t('orders.page.held', { reason: order.holdReason })}</p>
        {text ? <p className="order-hold__text">{text}</p> : null}
      </div>
    </div>
  );
}
