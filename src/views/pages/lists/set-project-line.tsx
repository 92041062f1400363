import { useState } from 'react';
import type { ProjectSetItem, ProjectSetKind } from '../../../contract/project-sets';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Icon } from '../../components/ui/icon';
import { Tooltip } from '../../components/ui/tooltip';
import { ProjectThumbnail } from '../projects/project-thumbnail';
import { StatusBadge } from '../projects/status-badge';

const MAX_QUANTITY = 100_000;

interface SetProjectLineProps {
  item: ProjectSetItem;
  kind: ProjectSetKind;
  /** The caller may change the set: quantity (kits) and remove. */
  changeable: boolean;
  busy: boolean;
  onQuantity: (item: ProjectSetItem, quantity: number) => void;
  onRemove: (item: ProjectSetItem) => void;
}

/** One project of a set: picture, title (its page), type, status, quantity (a kit's own, editable), price, remove. */
export function SetProjectLine({ item, kind, changeable, busy, onQuantity, onRemove }: SetProjectLineProps) {
  const t = useT();
  const removeLabel = t(`projectSets.${kind}.removeLabel`, { title: item.title });
  return (
    <li className="set-line" data-project-id={item.projectId} aria-busy={busy || undefined}>
      <ProjectThumbnail project={item} />
      <div className="list-line__main">
        <div className="list-line__head">
          <LocalLink to={`/project/${item.projectId}`} className="list-line__title">{item.title}</LocalLink>
          <StatusBadge status={item.status} />
        </div>
        <div className="list-line__meta">
          <span>{t(`wizard.productTypes.${item.productType}`)}</span>
          {kind === 'group' || !changeable ? <span>{t('projectSets.page.quantity', { count: item.quantity })}</span> : null}
        </div>
      </div>
      {kind === 'kit' && changeable
        ? <QuantityField key={item.quantity} item={item} disabled={busy} onSave={(quantity) => onQuantity(item, quantity)} />
        : <span />}
      <div className="list-line__sum"><span className="list-line__amount">{formatPrice(item.price)}</span></div>
      {changeable ? (
        <Tooltip content={removeLabel}>
          <button type="button" className="ui-icon-button" aria-label={removeLabel} disabled={busy} onClick={() => onRemove(item)}>
            <Icon name="close" size={18} />
          </button>
        </Tooltip>
      ) : <span />}
    </li>
  );
}

/** A kit's quantity of the project: saved on Enter or on leaving the field, when it changed and is 1–100 000. */
function QuantityField({ item, disabled, onSave }: { item: ProjectSetItem; disabled: boolean; onSave: (quantity: number) => void }) {
  const t = useT();
  const [value, setValue] = useState(String(item.quantity));
  const quantity = Number(value);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
  const save = () => {
    if (!valid) {
      setValue(String(item.quantity));
      return;
    }
    if (quantity !== item.quantity) onSave(quantity);
  };
  return (
    <label className="set-line__quantity">
      <span className="visually-hidden">{t('projectSets.page.quantityLabel', { title: item.title })}</span>
      <input
        type="number"
        className="field__input"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        value={value}
        disabled={disabled}
        aria-invalid={!valid || undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      <span aria-hidden="true">{t('projectSets.page.pieces')}</span>
    </label>
  );
}
