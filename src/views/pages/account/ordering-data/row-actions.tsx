import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';

interface RowActionsProps {
  /** Locale section with row.edit, row.editLabel, row.delete, row.deleteLabel ({{name}}). */
  section: string;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** Edit and delete of one row; their accessible names say which row, since every row has the same two. */
export function RowActions({ section, name, onEdit, onDelete }: RowActionsProps) {
  const t = useT();
  return (
    <div className="od-row__actions">
      <Button variant="secondary" className="od-row__action" aria-label={t(`${section}.row.editLabel`, { name })} onClick={onEdit}>
        {t(`${section}.row.edit`)}
      </Button>
      <Button variant="secondary" className="od-row__action od-row__action--danger" aria-label={t(`${section}.row.deleteLabel`, { name })} onClick={onDelete}>
        {t(`${section}.row.delete`)}
      </Button>
    </div>
  );
}
