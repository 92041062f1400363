import { getLocale } from '../../../services/i18n';

/** Millimetres as people write them: at most two decimals, the locale's decimal mark ('100,5' in Russian). */
export function formatMm(value: number): string {
  return new Intl.NumberFormat(getLocale() === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
}
