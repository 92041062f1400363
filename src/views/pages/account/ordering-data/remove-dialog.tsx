import { useT } from '../../../../services/i18n';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RemoveDialogProps {
  /** Locale section with remove.confirm ({{name}}), remove.ok, remove.cancel. */
  section: string;
  /** The name of the thing to delete; the dialog is open while it is set. */
  name: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a delete; Cancel is focused first, so Enter alone never deletes. */
export function RemoveDialog({ section, name, onConfirm, onCancel }: RemoveDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      open={name !== null}
      text={t(`${section}.remove.confirm`, { name: name ?? '' })}
      okLabel={t(`${section}.remove.ok`)}
      cancelLabel={t(`${section}.remove.cancel`)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
