import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AccessRequest } from '../../../contract/client-access';
import { accessRequestModalFlowFor } from '../../../services/client-access';
import { formatPhone } from '../../../services/phone-format';
import { useT, type t as translate } from '../../../services/i18n';
import { useSessionActor } from '../session-context';
import { AnswerButtons, ClientModal, CloseButton, DetailList, FinishLine, useDateTime } from './modal-parts';

/** Loading, then the request, then the finish look; the machine decides which and what is allowed. */
export function AccessRequestModal({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const t = useT();
  const session = useSessionActor();
  const machine = useMemo(() => accessRequestModalFlowFor(session), [session]);
  const modal = useActorRef(machine, { input: { requestId } });
  const step = useSelector(modal, (s) => s.value);
  const request = useSelector(modal, (s) => s.context.request);
  const decision = useSelector(modal, (s) => s.context.decision);
  const deciding = step === 'deciding';
  const decidable = request !== null && request.status === 'pending' && request.canDecide && (step === 'detail' || deciding);

  const footer = decidable ? (
    <AnswerButtons
      sending={deciding ? decision : null}
      texts={{
        decline: [t('clientModals.request.decline'), t('clientModals.request.declining')],
        accept: [t('clientModals.request.accept'), t('clientModals.request.accepting')],
      }}
      onAnswer={(action) => modal.send({ type: `request.${action}` })}
    />
  ) : (
    <CloseButton onClose={onClose} />
  );

  return (
    <ClientModal title={t('clientModals.accessRequestTitle', { id: requestId })} footer={footer} step={step} onClose={onClose}
      failedText={t('clientModals.request.loadFailed')} onRetry={() => modal.send({ type: 'request.retry' })}>
      {request ? <RequestBody request={request} finished={step === 'finished'} /> : null}
    </ClientModal>
  );
}

function RequestBody({ request, finished }: { request: AccessRequest; finished: boolean }) {
  const t = useT();
  const dateTime = useDateTime();
  const notGiven = <span className="client-modal__none">{t('clientModals.notGiven')}</span>;
  return (
    <>
      {finished ? <FinishLine success={request.status === 'accepted'} text={statusLine(request, t)} /> : null}
      <DetailList
        rows={[
          { label: t('clientModals.request.client'), value: request.clientName },
          { label: t('clientModals.request.requester'), value: request.requesterName },
          {
            label: t('clientModals.request.email'),
            value: request.requesterEmail ? <a href={`mailto:${request.requesterEmail}`}>{request.requesterEmail}</a> : notGiven,
          },
          { label: t('clientModals.request.phone'), value: request.requesterPhone ? formatPhone(request.requesterPhone) : notGiven },
          {
            label: t('clientModals.request.message'),
            value: request.message ? <span className="client-modal__message">{request.message}</span> : notGiven,
          },
          { label: t('clientModals.request.createdAt'), value: dateTime(request.createdAt) },
        ]}
      />
      {!finished && !request.canDecide ? <p className="client-modal__note">{t('clientModals.request.waiting')}</p> : null}
    </>
  );
}

/** The product spec's error catalogue: 'Запрос принял …' / 'Запрос отклонил …'. */
function statusLine(request: AccessRequest, t: typeof translate): string {
  const accepted = request.status === 'accepted';
  if (!request.solverName) return t(accepted ? 'clientModals.request.accepted' : 'clientModals.request.declined');
  return t(accepted ? 'clientModals.request.acceptedBy' : 'clientModals.request.declinedBy', { name: request.solverName });
}
