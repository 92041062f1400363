import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Apart from format.ts (on every signed-in page): the library's metadata weighs as much as the dashboard's own code,
// and only the pages that show a phone number need it.

/**
 * 11 digits led by 8 or 7 are a Russian number (+7 …); 12 digits are a full international number
 * (+375 29 … for Belarus, which is 13 characters with its '+'). Anything else — short numbers, extensions,
 * text, numbers the library cannot place — is shown exactly as stored, so nothing the user typed is lost.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const trimmed = raw.trim();
  // Only digits, spaces, brackets, dashes and one leading '+' count as a phone number to reformat.
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return raw;
  const digits = trimmed.replace(/\D/g, '');
  let international: string | null = null;
  if (digits.length === 11 && /^[78]/.test(digits)) international = `+7${digits.slice(1)}`;
  else if (digits.length === 12) international = `+${digits}`;
  if (international === null) return raw;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isPossible() ? parsed.formatInternational() : raw;
}
