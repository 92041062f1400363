import { formatNumber } from '../../services/format';
import { LocalLink } from './local-link';
import './counter-cards.css';

export interface CounterCard {
  label: string;
  to: string;
  value: number;
}

/** Counters as cards, each a link to the list it counts (the dashboard, /at-work). */
export function CounterCards({ cards, columns = 3 }: { cards: readonly CounterCard[]; columns?: number }) {
  return (
    <ul className="counter-cards" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {cards.map((card) => (
        <li key={card.to}>
          <LocalLink to={card.to} className="counter-card">
            <span className="counter-card__label">{card.label}</span>
            <span className="counter-card__value">{formatNumber(card.value)}</span>
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}
