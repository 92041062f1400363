import type { ConfirmedChange } from '../../../machines/group-popup/group-popup-types';
import { useT } from '../../../services/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { GroupPopupActor } from './group-popup-context';

type Wording = { text: string; ok: string };

/** The texts of the product spec's error catalogue; leaving a group (removing oneself) has its own, written in docs/decisions.md. */
function wordingOf(change: ConfirmedChange, isMe: (id: number) => boolean): Wording {
  switch (change.kind) {
    case 'removeParticipant':
      return isMe(change.userId)
        ? { text: 'groups.confirm.leaveGroup', ok: 'groups.confirm.leave' }
        : { text: 'groups.confirm.removeParticipant', ok: 'groups.confirm.delete' };
    case 'transferOwnership': return { text: 'groups.confirm.transferOwnership', ok: 'groups.confirm.transfer' };
    case 'deleteGroup': return { text: 'groups.confirm.removeGroup', ok: 'groups.confirm.delete' };
    case 'removeContact': return { text: 'groups.confirm.removeContact', ok: 'groups.confirm.delete' };
  }
}

export function GroupConfirm() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const confirmation = GroupPopupActor.useSelector((s) => (s.matches({ open: { work: 'confirming' } }) ? s.context.confirmation : null));
  const participants = GroupPopupActor.useSelector((s) => s.context.group?.participants);
  const isMe = (id: number) => participants?.some((p) => p.person.id === id && p.person.isMe) ?? false;
  const wording = confirmation ? wordingOf(confirmation, isMe) : null;
  return (
    <ConfirmDialog
      open={wording !== null}
      text={wording ? t(wording.text) : undefined}
      okLabel={wording ? t(wording.ok) : undefined}
      cancelLabel={t('groups.confirm.cancel')}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
    />
  );
}
