import { ApiError } from '../../../../services/api';
import { t as translate, useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
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

/** Runs a delete and says how it went in a toast (remove.done / remove.failed of the section). */
export function removeWithToast(section: string, name: string, remove: () => Promise<void>, onRemoved: () => void): void {
  remove().then(
    () => {
      showToast({ kind: 'success', text: translate(`${section}.remove.done`, { name }) });
      onRemoved();
    },
    (error: unknown) => {
      const reason = error instanceof ApiError ? error.message : translate('errors.generic');
      showToast({ kind: 'error', text: translate(`${section}.remove.failed`, { error: reason }) });
    },
  );
}
