/**
 * Normalises a Russian phone typed through the mask `+7 (999) 999-99-99` (or as 8…, 7…, 9…)
 * to the gateway's form +7XXXXXXXXXX; null when the digits cannot be such a number.
 */
export function normalizePhone(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  return null;
}
