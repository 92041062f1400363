import { useId, useState } from 'react';
import { isQuantityInRange, problemTextKey } from '../../../contract/board-checks';
import { CART_MAX_QUANTITY } from '../../../contract/cart';
import { useT } from '../../../services/i18n';

interface QuantityFieldProps {
  /** The quantity the cart shows for the line: typed (valid or not, NaN when not a number), being sent, or saved. */
  value: number;
  /** The line's saved quantity: − and + step from it while the typed one is not a number. */
  saved: number;
  title: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/** What is typed as a number ('-3', '2.5' and '99999999' are numbers, just not quantities), else NaN. */
const parse = (text: string): number => (/^\s*-?\d+(?:[.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN);
const clamp = (quantity: number) => Math.min(CART_MAX_QUANTITY, Math.max(1, quantity));

/**
 * A spin button with − and + beside it: arrows step it (natively), digits type it. Every change goes to the cart,
 * which sends only a whole number from 1 to CART_MAX_QUANTITY; anything else stays as typed and is explained in
 * place with the wizard's words, until it is corrected.
 */
export function QuantityField({ value, saved, title, disabled = false, onChange }: QuantityFieldProps) {
  const t = useT();
  const errorId = `${useId()}-error`;
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The cart's value wins when it changes from outside (a refused quantity comes back), unless it is what is typed.
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Number.isNaN(value) && !Object.is(parse(text), value)) setText(String(value));
  }
  const invalid = !isQuantityInRange(value);

  const change = (next: string) => {
    setText(next);
    onChange(parse(next));
  };
  const step = (delta: number) => change(String(clamp((Number.isFinite(value) ? Math.round(value) : saved) + delta)));

  return (
    <div className="cart-quantity">
      <div className="cart-quantity__controls">
        <button
          type="button"
          className="cart-quantity__step"
          aria-label={t('cart.quantity.decrease', { title })}
          disabled={disabled || value <= 1}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          type="number"
          className="cart-quantity__input"
          inputMode="numeric"
          min={1}
          max={CART_MAX_QUANTITY}
          step={1}
          value={text}
          disabled={disabled}
          aria-label={t('cart.quantity.label', { title })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => change(event.target.value)}
        />
        <button
          type="button"
          className="cart-quantity__step"
          aria-label={t('cart.quantity.increase', { title })}
          disabled={disabled || value >= CART_MAX_QUANTITY}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {invalid ? <p className="cart-quantity__error" id={errorId}>{t(problemTextKey('quantityRange'))}</p> : null}
    </div>
  );
}
