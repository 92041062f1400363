import { useT } from '../../../services/i18n';
import { FavoriteStar } from '../../components/ui/favorite-star';

/** The favourite star of an order, named by the order's number. */
export function OrderStar({ isFavorite, number, onToggle }: { isFavorite: boolean; number: string; onToggle: () => void }) {
  const t = useT();
  const label = t(isFavorite ? 'orders.favorite.remove' : 'orders.favorite.add', { number });
  return <FavoriteStar isFavorite={isFavorite} label={label} onToggle={onToggle} />;
}
