import type { OwnerActionKind } from '../../../machines/group-popup';
import { useT } from '../../../services/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { GroupPopupActor } from './group-popup-context';

/** Spec 8: each owner action (and removing a contact) asks first; the ok button names the action. */
const OK_LABEL: Record<OwnerActionKind, string> = {
  removeParticipant: 'groups.confirm.delete',
  transferOwnership: 'groups.confirm.transfer',
  removeGroup: 'groups.confirm.delete',
  removeContact: 'groups.confirm.delete',
};

export function GroupConfirm() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const kind = GroupPopupActor.useSelector((s) => (s.matches({ open: { confirm: 'confirming' } }) ? s.context.confirmation?.kind ?? null : null));
  return (
    <ConfirmDialog
      open={kind !== null}
      text={kind ? t(`groups.confirm.${kind}`) : undefined}
      okLabel={kind ? t(OK_LABEL[kind]) : undefined}
      cancelLabel={t('groups.confirm.cancel')}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
    />
  );
}
