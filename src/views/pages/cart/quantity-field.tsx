import { useEffect, useId, useState } from 'react';
import { CART_MAX_QUANTITY } from '../../../contract/cart';
import { isQuantityInRange } from '../../../machines/cart-types';
import { useT } from '../../../services/i18n';

interface QuantityFieldProps {
  /** The quantity the cart holds for the line (typed, being sent, or saved). */
  value: number;
  title: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

const parse = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * A spin button with − and + beside it: arrows step it (natively), digits type it. Only a whole number from 1 to
 * CART_MAX_QUANTITY is passed on; anything else is marked in place and put back when the field is left.
 */
export function QuantityField({ value, title, disabled = false, onChange }: QuantityFieldProps) {
  const t = useT();
  const errorId = `${useId()}-error`;
  const [text, setText] = useState(String(value));
  // The cart's value wins when it changes: a refused quantity comes back here.
  useEffect(() => setText(String(value)), [value]);
  const invalid = !isQuantityInRange(parse(text));

  const change = (next: string) => {
    setText(next);
    const quantity = parse(next);
    if (isQuantityInRange(quantity)) onChange(quantity);
  };
  const step = (delta: number) => change(String(Math.min(CART_MAX_QUANTITY, Math.max(1, (invalid ? value : parse(text)) + delta))));

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
          onBlur={() => {
            if (invalid) setText(String(value));
          }}
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
      {invalid ? <p className="cart-quantity__error" id={errorId}>{t('cart.quantity.range', { max: CART_MAX_QUANTITY })}</p> : null}
    </div>
  );
}
