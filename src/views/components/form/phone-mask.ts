/** The Russian phone mask of the product spec's validation rules, '+7 (999) 999-99-99', written by hand to stay tiny. */

const NATIONAL_LENGTH = 10;

/** The national digits (after +7) found in whatever the field holds: typed, masked or pasted text. */
export function nationalDigits(value: string): string {
  const trimmed = value.trim();
  // The mask's own '+7' prefix is not a typed digit.
  let digits = (trimmed.startsWith('+7') ? trimmed.slice(2) : trimmed).replace(/\D/g, '');
  // A pasted full number (8 999 … or 7 999 …) carries its country digit.
  if (!trimmed.startsWith('+7') && digits.length === NATIONAL_LENGTH + 1 && /^[78]/.test(digits)) {
    digits = digits.slice(1);
  }
  return digits.slice(0, NATIONAL_LENGTH);
}

/** Masks national digits progressively: '999123' → '+7 (999) 123'. */
export function maskNationalDigits(digits: string): string {
  if (digits.length === 0) return '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let text = `+7 (${parts[0]}`;
  if (digits.length > 3) text += `) ${parts[1]}`;
  if (digits.length > 6) text += `-${parts[2]}`;
  if (digits.length > 8) text += `-${parts[3]}`;
  return text;
}

/** The international form the gateway takes ('+79991234567'); partial input keeps its digits so validation can name it. */
export function internationalPhone(digits: string): string {
  return digits.length === 0 ? '' : `+7${digits}`;
}

/**
 * Applies an edit to the masked value. When a deletion removed only mask punctuation,
 * the digit before it goes too, so backspace never gets stuck on ') ' or '-'.
 */
export function applyPhoneEdit(previous: string, next: string, caret: number | null): string {
  // Someone typing the country code by hand: keep '+' and '+7' until the first national digit.
  if (/^\+7?$/.test(next)) return next;
  const before = nationalDigits(previous);
  let digits = nationalDigits(next);
  if (next.length < previous.length && digits === before && digits.length > 0) {
    const digitsBeforeCaret = nationalDigits(next.slice(0, caret ?? next.length)).length;
    const index = Math.max(0, digitsBeforeCaret - 1);
    digits = digits.slice(0, index) + digits.slice(index + 1);
  }
  return maskNationalDigits(digits);
}
