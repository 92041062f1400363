import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { Tooltip } from '../../components/ui/tooltip';

interface OrderStarProps {
  isFavorite: boolean;
  /** The order's number, so each star on a list has its own accessible name. */
  number: string;
  onToggle: () => void;
}

/** The favourite star of an order: a toggle button, pressed while the order is a favourite. */
export function OrderStar({ isFavorite, number, onToggle }: OrderStarProps) {
  const t = useT();
  const label = t(isFavorite ? 'orders.favorite.remove' : 'orders.favorite.add', { number });
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`order-star${isFavorite ? ' order-star--on' : ''}`}
        aria-pressed={isFavorite}
        aria-label={label}
        onClick={onToggle}
      >
        <Icon name="star" size={20} />
      </button>
    </Tooltip>
  );
}
