import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Invitation } from '../../../contract/client-access';
import { inviteModalFlowFor } from '../../../services/client-access';
import { useT, type t as translate } from '../../../services/i18n';
import { useSessionActor } from '../session-context';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { AnswerButtons, ClientModal, CloseButton, DetailList, FinishLine, useDateTime } from './modal-parts';

/** Loading, then the invitation, then the finish look; the invitee answers, the sender may cancel. */
export function InviteModal({ invitationId, onClose }: { invitationId: number; onClose: () => void }) {
  const t = useT();
  const session = useSessionActor();
  const machine = useMemo(() => inviteModalFlowFor(session), [session]);
  const modal = useActorRef(machine, { input: { invitationId } });
  const step = useSelector(modal, (s) => s.value);
  const invitation = useSelector(modal, (s) => s.context.invitation);
  const action = useSelector(modal, (s) => s.context.action);
  const settling = step === 'settling';
  const open = invitation !== null && invitation.status === 'pending' && (step === 'detail' || settling || step === 'confirmingCancel');
  const canceling = settling && action === 'cancel';
  const label = (text: string) => t(`clientModals.invitation.${text}`);

  let footer = <CloseButton onClose={onClose} />;
  if (open && invitation.canAnswer) {
    footer = (
      <AnswerButtons
        sending={settling ? action : null}
        texts={{ decline: [label('decline'), label('declining')], accept: [label('accept'), label('accepting')] }}
        onAnswer={(answer) => modal.send({ type: `invitation.${answer}` })}
      />
    );
  } else if (open && invitation.canCancel) {
    footer = (
      <>
        <Button variant="secondary" busy={canceling} disabled={settling} onClick={() => modal.send({ type: 'invitation.cancel' })}>
          {label(canceling ? 'canceling' : 'cancel')}
        </Button>
        <CloseButton onClose={onClose} />
      </>
    );
  }

  return (
    <ClientModal title={t('clientModals.invitationTitle', { id: invitationId })} footer={footer} step={step} onClose={onClose}
      failedText={t('clientModals.invitation.loadFailed')} onRetry={() => modal.send({ type: 'invitation.retry' })}>
      {invitation ? <InvitationBody invitation={invitation} finished={step === 'finished'} /> : null}
      <ConfirmDialog
        open={step === 'confirmingCancel'}
        text={t('clientModals.invitation.cancelConfirm', { email: invitation?.email ?? '' })}
        okLabel={t('clientModals.invitation.cancelOk')}
        cancelLabel={t('clientModals.invitation.cancelKeep')}
        onConfirm={() => modal.send({ type: 'invitation.confirmCancel' })}
        onCancel={() => modal.send({ type: 'invitation.keep' })}
      />
    </ClientModal>
  );
}

function InvitationBody({ invitation, finished }: { invitation: Invitation; finished: boolean }) {
  const t = useT();
  const dateTime = useDateTime();
  return (
    <>
      {finished ? <FinishLine success={invitation.status === 'accepted'} text={statusLine(invitation, t)} /> : null}
      <DetailList
        rows={[
          { label: t('clientModals.invitation.client'), value: invitation.clientName },
          { label: t('clientModals.invitation.creator'), value: invitation.creatorName },
          { label: t('clientModals.invitation.email'), value: invitation.email },
          { label: t('clientModals.invitation.role'), value: t(`clientAccess.roles.${invitation.role}`) },
          { label: t('clientModals.invitation.createdAt'), value: dateTime(invitation.createdAt) },
        ]}
      />
      {!finished && !invitation.canAnswer ? <p className="client-modal__note">{t('clientModals.invitation.waiting')}</p> : null}
    </>
  );
}

/** The product spec's error catalogue: 'Приглашение принято', 'Приглашение отклонено', 'Приглашение отменил …'. */
function statusLine(invitation: Invitation, t: typeof translate): string {
  if (invitation.status === 'accepted') return t('clientModals.invitation.accepted');
  if (invitation.status === 'declined') return t('clientModals.invitation.declined');
  if (invitation.cancelerName) return t('clientModals.invitation.canceledBy', { name: invitation.cancelerName });
  return t('clientModals.invitation.canceled');
}
