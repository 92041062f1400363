import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Invitation } from '../../../contract/client-access';
import { inviteModalFlowFor } from '../../../services/client-access';
import { useT, type t as translate } from '../../../services/i18n';
import { useSessionActor } from '../session-context';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Modal } from '../ui/modal';
import { CLIENT_MODAL_WIDTH, CloseButton, DetailList, FinishLine, ModalFailed, ModalLoading, useDateTime } from './modal-parts';

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
  const busy = (which: 'accept' | 'decline' | 'cancel') => settling && action === which;
  const label = (which: 'accept' | 'decline' | 'cancel', idle: string, working: string) => t(`clientModals.invitation.${busy(which) ? working : idle}`);

  let footer = <CloseButton onClose={onClose} />;
  if (open && invitation.canAnswer) {
    footer = (
      <>
        <Button variant="secondary" busy={busy('decline')} disabled={settling} onClick={() => modal.send({ type: 'invitation.decline' })}>
          {label('decline', 'decline', 'declining')}
        </Button>
        <Button busy={busy('accept')} disabled={settling} onClick={() => modal.send({ type: 'invitation.accept' })}>
          {label('accept', 'accept', 'accepting')}
        </Button>
      </>
    );
  } else if (open && invitation.canCancel) {
    footer = (
      <>
        <Button variant="secondary" busy={busy('cancel')} disabled={settling} onClick={() => modal.send({ type: 'invitation.cancel' })}>
          {label('cancel', 'cancel', 'canceling')}
        </Button>
        <CloseButton onClose={onClose} />
      </>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('clientModals.invitationTitle', { id: invitationId })}
      width={CLIENT_MODAL_WIDTH}
      className="client-modal"
      footer={footer}
    >
      {step === 'loading' ? <ModalLoading /> : null}
      {step === 'failed' ? <ModalFailed text={t('clientModals.invitation.loadFailed')} onRetry={() => modal.send({ type: 'invitation.retry' })} /> : null}
      {invitation && step !== 'loading' && step !== 'failed' ? <InvitationBody invitation={invitation} finished={step === 'finished'} /> : null}
      <ConfirmDialog
        open={step === 'confirmingCancel'}
        text={t('clientModals.invitation.cancelConfirm', { email: invitation?.email ?? '' })}
        okLabel={t('clientModals.invitation.cancelOk')}
        cancelLabel={t('clientModals.invitation.cancelKeep')}
        onConfirm={() => modal.send({ type: 'invitation.confirmCancel' })}
        onCancel={() => modal.send({ type: 'invitation.keep' })}
      />
    </Modal>
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
