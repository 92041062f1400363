import { Icon } from './icon';
import { Tooltip } from './tooltip';
import './ui.css';

interface FavoriteStarProps {
  isFavorite: boolean;
  /** Names the record, so each star on a list has its own accessible name; also the tooltip. */
  label: string;
  onToggle: () => void;
}

/** The favourite star of a record: a toggle button, pressed while the record is a favourite. */
export function FavoriteStar({ isFavorite, label, onToggle }: FavoriteStarProps) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`favorite-star${isFavorite ? ' favorite-star--on' : ''}`}
        aria-pressed={isFavorite}
        aria-label={label}
        onClick={onToggle}
      >
        <Icon name="star" size={20} />
      </button>
    </Tooltip>
  );
}
