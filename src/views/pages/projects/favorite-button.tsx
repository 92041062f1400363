import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { Tooltip } from '../../components/ui/tooltip';

interface FavoriteButtonProps {
  isFavorite: boolean;
  /** The project's title, so each star on a list has its own accessible name. */
  title: string;
  onToggle: () => void;
  disabled?: boolean;
}

/** The favourite star: a toggle button, pressed while the project is a favourite. */
export function FavoriteButton({ isFavorite, title, onToggle, disabled }: FavoriteButtonProps) {
  const t = useT();
  const label = t(isFavorite ? 'projects.favorite.remove' : 'projects.favorite.add', { title });
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`project-favorite${isFavorite ? ' project-favorite--on' : ''}`}
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
