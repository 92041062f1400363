import type { EngineerRequest } from '../../../contract/engineer-requests';
import type { StaffOrder } from '../../../contract/staff-orders';
import { requestState } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { dateTime } from '../../../services/staff/staff-format';
import { CorrectionChanges } from '../orders/correction-changes';

const KIND_KEYS = { files: 'staff.order.requestFiles', decision: 'staff.order.requestDecision', correction: 'staff.order.requestCorrection' } as const;

/** Where a request stands: a correction awaits acceptance, is accepted or declined; a question is answered or not. */
function RequestState({ staffOrder, request }: { staffOrder: StaffOrder; request: EngineerRequest }) {
  const t = useT();
  const state = requestState(staffOrder.order, request);
  if (request.kind !== 'correction') {
    return (
      <p className="staff-muted">
        {request.answeredAt ? t('staff.order.answered', { at: dateTime(request.answeredAt), answer: request.answer ?? '' }) : t('staff.order.unanswered')}
      </p>
    );
  }
  const at = dateTime(request.answeredAt ?? request.at);
  const text = state === 'open' ? t('staff.order.correctionAwaiting')
    : state === 'closed' ? t('staff.order.correctionClosed')
      : t(request.answer === 'accepted' ? 'staff.order.correctionAccepted' : 'staff.order.correctionDeclined', { at });
  return <p className={`staff-requests__state staff-requests__state--${state === 'open' ? 'open' : request.answer ?? 'closed'}`}>{text}</p>;
}

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
                <strong>{t(KIND_KEYS[request.kind])}</strong>
                {' · '}{request.authorName}{' · '}{dateTime(request.at)}
                {request.kind === 'files' ? ` · ${request.lineIds.length === 0 ? t('staff.order.allLines') : request.lineIds.map(titleOf).join(', ')}` : ''}
              </p>
              <p className="staff-requests__message">{request.message}</p>
              {request.kind === 'correction' ? (
                <CorrectionChanges order={order} request={request} open={requestState(order, request) === 'open'} />
              ) : null}
              <RequestState staffOrder={staffOrder} request={request} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
