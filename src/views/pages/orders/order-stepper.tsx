import type { Order } from '../../../contract/orders';
import { formatDate } from '../../../services/format';
import { openRequest } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { orderProgress } from '../../../services/order-progress';
import { Icon } from '../../components/ui/icon';

/** Оформление → Ожидает оплаты → Изготовление → На складе → Отгружен, each with the date it was reached. */
export function OrderStepper({ order }: { order: Pick<Order, 'status' | 'holdReason' | 'holdCode' | 'history' | 'statusChangedAt' | 'requests'> }) {
  const t = useT();
  const steps = orderProgress(order);
  // The review the customer chose is the expected path: the step waits, it is not held.
  const review = order.holdCode === 'dfmReview';
  const held = review ? 'order-step--review' : 'order-step--held';
  // An engineer's question or corrections hold the order until the customer answers: the step says whose move it is.
  const asked = order.holdCode === 'engineerRequest';
  const heldText = t(review ? 'orders.stepper.review' : asked && openRequest(order)?.kind === 'correction' ? 'orders.stepper.correction'
    : asked ? 'orders.stepper.request' : 'orders.stepper.held');
  return (
    <ol className="order-stepper" aria-label={t('orders.stepper.label')}>
      {steps.map((step) => (
        <li
          key={step.status}
          className={`order-step order-step--${step.state}${step.held ? ` ${held}` : ''}${step.status === 'canceled' ? ' order-step--canceled' : ''}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-status={step.status}
        >
          <span className="order-step__mark" aria-hidden="true">
            {step.state === 'done' ? <Icon name="check" size={16} /> : null}
            {step.status === 'canceled' ? <Icon name="close" size={16} /> : null}
          </span>
          <span className="order-step__name">{t(`orderStatusOne.${step.status}`)}</span>
          <span className="visually-hidden">{t(`orders.stepper.states.${step.state}`)}</span>
          {step.reachedAt ? <span className="order-step__date">{formatDate(step.reachedAt)}</span> : null}
          {step.held ? <span className={review ? 'order-step__review' : 'order-step__held'}>{heldText}</span> : null}
        </li>
      ))}
    </ol>
  );
}
