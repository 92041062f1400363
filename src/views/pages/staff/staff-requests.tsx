import type { StaffOrder } from '../../../contract/staff-orders';
import { useT } from '../../../services/i18n';
import { dateTime } from '../../../services/staff/staff-format';

/** What the engineers asked the customer at the check and what the customer answered, oldest first. */
export function StaffRequests({ staffOrder }: { staffOrder: StaffOrder }) {
  const t = useT();
  const { requests, order } = staffOrder;
  const titleOf = (lineId: number) => order.lines.find((line) => line.id === lineId)?.title ?? String(lineId);
  return (
    <section className="staff-requests" aria-labelledby="staff-requests-heading">
      <h2 id="staff-requests-heading">{t('staff.order.requests')}</h2>
      {requests.length === 0 ? <p className="staff-muted">{t('staff.order.noRequests')}</p> : (
        <ol className="staff-requests__list">
          {requests.map((request) => (
            <li key={request.id}>
              <p className="staff-requests__meta">
                <strong>{t(request.kind === 'files' ? 'staff.order.requestFiles' : 'staff.order.requestDecision')}</strong>
                {' · '}{request.authorName}{' · '}{dateTime(request.at)}
                {request.kind === 'files' ? ` · ${request.lineIds.length === 0 ? t('staff.order.allLines') : request.lineIds.map(titleOf).join(', ')}` : ''}
              </p>
              <p className="staff-requests__message">{request.message}</p>
              <p className="staff-muted">
                {request.answeredAt ? t('staff.order.answered', { at: dateTime(request.answeredAt), answer: request.answer ?? '' }) : t('staff.order.unanswered')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
