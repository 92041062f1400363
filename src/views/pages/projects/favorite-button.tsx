import { useT } from '../../../services/i18n';
import { FavoriteStar } from '../../components/ui/favorite-star';

/** The favourite star of a project, named by the project's title. */
export function FavoriteButton({ isFavorite, title, onToggle }: { isFavorite: boolean; title: string; onToggle: () => void }) {
  const t = useT();
  const label = t(isFavorite ? 'projects.favorite.remove' : 'projects.favorite.add', { title });
  return <FavoriteStar isFavorite={isFavorite} label={label} onToggle={onToggle} />;
}
