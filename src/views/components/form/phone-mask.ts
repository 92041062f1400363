import { format, type MaskOptions, type Track } from '@react-input/mask';

/** The Russian phone mask of spec section 5, '+7 (999) 999-99-99', applied by @react-input/mask. */
export const PHONE_MASK = { mask: '+7 (___) ___-__-__', replacement: { _: /\d/ } } satisfies MaskOptions;

/** The mask's fixed start: an edit there comes before every national digit. */
const PREFIX = '+7 (';
const NATIONAL_LENGTH = 10;

/**
 * The national digits (after +7) of a typed, pasted or stored number: '+7 …', '8 …' and '7 …' with 11 digits
 * carry a country digit that is not part of the number.
 */
export function nationalDigits(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('+7')) return trimmed.slice(2).replace(/\D/g, '').slice(0, NATIONAL_LENGTH);
  const digits = trimmed.replace(/\D/g, '');
  return (digits.length === NATIONAL_LENGTH + 1 && /^[78]/.test(digits) ? digits.slice(1) : digits).slice(0, NATIONAL_LENGTH);
}

/** The masked text of a stored number ('+79991234567' → '+7 (999) 123-45-67'); '' stays ''. */
export function maskPhone(value: string): string {
  return format(nationalDigits(value), PHONE_MASK);
}

/**
 * Feeds the mask only national digits. A pasted or typed country code in front ('+7', or 8/7 of an 11-digit
 * number) is dropped; typing '+' then '7' into the empty start is that code too, so the pair is swallowed.
 * `plusTyped` remembers the '+' between the two key presses (the mask itself keeps no '+' of the user's).
 */
export function createPhoneTrack(plusTyped: { current: boolean }): Track {
  return ({ inputType, data, selectionStart }) => {
    const typedPlus = plusTyped.current;
    plusTyped.current = false;
    if (inputType !== 'insert' || selectionStart > PREFIX.length) return data;
    if (data === '+') {
      plusTyped.current = true;
      return false;
    }
    if (typedPlus && data.startsWith('7')) return data.slice(1) || false;
    return nationalDigits(data);
  };
}
