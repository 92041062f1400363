import { useId, useState } from 'react';
import { LIMITS } from '../../../contract/board';
import { isQuantityInRange, problemTextKey } from '../../../contract/board-checks';
import type { ProjectSetItem, ProjectSetKind } from '../../../contract/project-sets';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Icon } from '../../components/ui/icon';
import { Tooltip } from '../../components/ui/tooltip';
import { ProjectThumbnail } from '../projects/project-thumbnail';
import { StatusBadge } from '../projects/status-badge';

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
          {kind === 'folder' || !changeable ? <span>{t('projectSets.page.quantity', { count: item.quantity })}</span> : null}
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

/**
 * A kit's quantity of the project: saved on Enter or on leaving the field when it changed and is a quantity an order
 * could take (the cart's and the wizard's check); anything else stays as typed, explained under the field, unsaved.
 */
function QuantityField({ item, disabled, onSave }: { item: ProjectSetItem; disabled: boolean; onSave: (quantity: number) => void }) {
  const t = useT();
  const errorId = `${useId()}-error`;
  const [value, setValue] = useState(String(item.quantity));
  const quantity = value.trim() === '' ? Number.NaN : Number(value);
  const valid = isQuantityInRange(quantity);
  const save = () => {
    if (valid && quantity !== item.quantity) onSave(quantity);
  };
  return (
    <div className="set-line__quantity-field">
      <label className="set-line__quantity">
        <span className="visually-hidden">{t('projectSets.page.quantityLabel', { title: item.title })}</span>
        <input
          type="number"
          className="field__input"
          inputMode="numeric"
          min={LIMITS.quantity.min}
          max={LIMITS.quantity.max}
          step={1}
          value={value}
          disabled={disabled}
          aria-invalid={!valid || undefined}
          aria-describedby={valid ? undefined : errorId}
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
      {valid ? null : <p className="set-line__quantity-error" id={errorId}>{t(problemTextKey('quantityRange'))}</p>}
    </div>
  );
}
