import type { EngineerRequest } from '../../../contract/engineer-requests';
import type { Order } from '../../../contract/orders';
import { requestState, requestsNewestFirst, type RequestState } from '../../../services/engineer-requests';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { CorrectionAnswer } from './correction-answer';
import { CorrectionChanges } from './correction-changes';
import { OrderPanel } from './order-panel';
import { RequestAnswerForm } from './request-answer-form';

const at = (iso: string) => ({ date: formatDate(iso), time: formatTime(iso) });

/** What is asked: a decision, corrections to accept, or new files of the lines named (of the whole order when none is). */
function askedText(t: ReturnType<typeof useT>, order: Order, request: EngineerRequest): string {
  if (request.kind === 'decision') return t('orders.requests.asked.decision');
  if (request.kind === 'correction') return t('orders.requests.asked.correction');
  const titles = order.lines.filter((line) => request.lineIds.includes(line.id)).map((line) => line.title);
  return titles.length === 0 ? t('orders.requests.asked.filesAll') : t('orders.requests.asked.files', { lines: titles.join(', ') });
}

/** Where the request stands: awaiting the customer (and what to do), answered when and how, or gone past. */
function RequestOutcome({ order, request, state }: { order: Order; request: EngineerRequest; state: RequestState }) {
  const t = useT();
  if (state === 'answered') {
    const when = at(request.answeredAt ?? request.at);
    return (
      <div className="order-request__answered">
        <p className="order-request__state">
          {t(request.kind === 'files' ? 'orders.requests.state.filesSent' : request.kind === 'decision' ? 'orders.requests.state.answered'
            : request.answer === 'accepted' ? 'orders.requests.state.accepted' : 'orders.requests.state.declined', when)}
        </p>
        {request.answer && request.kind === 'decision' ? <p className="order-note__text order-request__answer">{request.answer}</p> : null}
      </div>
    );
  }
  if (state === 'closed') return <p className="order-request__state">{t('orders.requests.state.closed')}</p>;
  return (
    <>
      <p className="order-request__state order-request__state--open">
        {t(request.kind === 'files' ? 'orders.requests.state.awaitingFiles'
          : request.kind === 'correction' ? 'orders.requests.state.awaitingAcceptance' : 'orders.requests.state.awaitingAnswer')}
      </p>
      {request.kind === 'decision' ? <RequestAnswerForm order={order} request={request} /> : null}
      {request.kind === 'correction' ? <CorrectionAnswer order={order} request={request} /> : null}
    </>
  );
}

/**
 * The engineer's requests at the check as a thread, newest first: who asked, when, what, and where each
 * stands. One awaiting the customer is marked, and the order waits for it; files asked for go through the files panel.
 */
export function OrderRequests({ order }: { order: Order }) {
  const t = useT();
  const requests = requestsNewestFirst(order);
  if (requests.length === 0) return null;
  const open = requests.some((request) => requestState(order, request) === 'open');
  return (
    <OrderPanel id="order-requests-title" title={t('orders.requests.title')} className={`order-requests${open ? ' order-requests--open' : ''}`}>
      <ol className="order-notes">
        {requests.map((request) => {
          const state = requestState(order, request);
          return (
            <li key={request.id} className={`order-note order-request order-request--${state}`} data-request-id={request.id}>
              <div className="order-note__head">
                <span className="order-note__subject">{askedText(t, order, request)}</span>
                <span className="order-note__author">{request.authorName}</span>
                <time className="order-note__date" dateTime={request.at}>{t('orders.info.at', at(request.at))}</time>
              </div>
              <p className="order-note__text">{request.message}</p>
              {request.kind === 'correction' ? <CorrectionChanges order={order} request={request} open={state === 'open'} /> : null}
              <RequestOutcome order={order} request={request} state={state} />
            </li>
          );
        })}
      </ol>
    </OrderPanel>
  );
}
