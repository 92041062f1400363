import { Icon } from './icon';
import { Tooltip } from './tooltip';

interface FavoriteStarProps {
  isFavorite: boolean;
  /** Names the record, so each star on a list has its own accessible name; also the tooltip. */
  label: string;
  /** The star's block class; `<class>--on` marks it pressed. */
  className: string;
  onToggle: () => void;
  disabled?: boolean;
}

/** The favourite star of a record: a toggle button, pressed while the record is a favourite. */
export function FavoriteStar({ isFavorite, label, className, onToggle, disabled }: FavoriteStarProps) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`${className}${isFavorite ? ` ${className}--on` : ''}`}
        aria-pressed={isFavorite}
        aria-label={label}
        disabled={disabled}
        onClick={onToggle}
      >
        <Icon name="star" size={20} />
      </button>
    </Tooltip>
  );
}
