import type { OrderHistoryEntry } from '../../../contract/orders';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { orderEvents, type OrderEvent } from '../../../services/order-progress';
import { OrderPanel } from './order-panel';

/** The note under an entry: a hold's reason, a cancellation's reason, a shipment's tracking number. */
function noteKey(event: OrderEvent): string {
  if (event.kind === 'held') return 'orders.history.reason';
  if (event.status === 'canceled') return 'orders.history.reason';
  if (event.status === 'shipped') return 'orders.history.tracking';
  return 'orders.history.note';
}

/** Every change of the order, newest first, with its date, time and note. */
export function OrderHistory({ history }: { history: readonly OrderHistoryEntry[] }) {
  const t = useT();
  const events = orderEvents(history);
  return (
    <OrderPanel id="order-history-title" title={t('orders.history.title')}>
      {events.length === 0 ? <p className="order-panel__empty">{t('orders.history.empty')}</p> : (
        <ol className="order-history">
          {events.map((event) => (
            <li key={`${event.at}-${event.status}-${event.kind}`} className={`order-history__entry order-history__entry--${event.kind}`}>
              <time className="order-history__time" dateTime={event.at}>
                {t('orders.info.at', { date: formatDate(event.at), time: formatTime(event.at) })}
              </time>
              <span className="order-history__what">
                {event.kind === 'status'
                  ? t(`orderStatusOne.${event.status}`)
                  : t(`orders.history.${event.kind}`, { status: t(`orderStatusOne.${event.status}`) })}
              </span>
              {event.note ? <span className="order-history__note">{t(noteKey(event), { note: event.note })}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </OrderPanel>
  );
}
