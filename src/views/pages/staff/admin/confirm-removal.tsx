import { useT } from '../../../../services/i18n';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface ConfirmRemovalProps<Item> {
  /** What is about to be removed; none while nothing is asked. */
  item: Item | null;
  text: (item: Item) => string;
  okLabel: string;
  onConfirm: (item: Item) => void;
  onClose: () => void;
}

/** The question before an integration (a system's key, a webhook) is removed for good. */
export function ConfirmRemoval<Item>({ item, text, okLabel, onConfirm, onClose }: ConfirmRemovalProps<Item>) {
  const t = useT();
  return (
    <ConfirmDialog
      open={item !== null}
      text={item ? text(item) : ''}
      okLabel={okLabel}
      cancelLabel={t('staff.check.close')}
      onConfirm={() => {
        if (item) onConfirm(item);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
