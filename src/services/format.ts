import type { UserSummary } from '../contract/user';
import { getLocale, t } from './i18n';
import { formatNumberIn, formatNumbersInText, parseNumberIn, type NumberOptions } from '../contract/number-format';

/**
 * Display formatters of the product spec's validation rules and constants. The texts they fall back to ('Оценка', 'неизвестно') live in the
 * `format` locale section, which loads with the signed-in frame.
 */

/** U+00A0: thousands stay on one line with their number and sign, and read as the space of the product spec. */
const NBSP = '\u00a0';

/** A number as the current language writes it ('1 234,5' in Russian, '1,234.5' in English); two decimals at most. */
export function formatNumber(value: number, options?: NumberOptions): string {
  return formatNumberIn(getLocale(), value, options);
}

/** Millimetres as people write them: at most two decimals, the language's decimal mark ('100,5' in Russian). */
export function formatMm(value: number): string {
  return formatNumberIn(getLocale(), value, { maxFraction: 2 });
}

/** A number as a field shows it for editing: the language's decimal mark and groups, up to three decimals (0,075 mm). */
export function formatInputNumber(value: number): string {
  return formatNumberIn(getLocale(), value, { maxFraction: 3 });
}

/** What a field's text is as a number, read the language's way; NaN when it is none. */
export function parseInputNumber(text: string): number {
  return parseNumberIn(getLocale(), text);
}

/** A typed number written back the language's way on leaving its field ('0.15' → '0,15'), every typed digit kept. */
export function writtenBackNumber(text: string): string {
  const typed = parseInputNumber(text);
  if (!Number.isFinite(typed)) return text;
  const written = formatNumber(typed, { maxFraction: 6 });
  return parseInputNumber(written) === typed ? written : text;
}

/** A text of numbers and signs from the gateway ('50 × 68.58'), its numbers in the language's format. */
export function formatNumbersIn(text: string): string {
  return formatNumbersInText(getLocale(), text);
}

/**
 * Two decimals, grouped thousands, the ₽ sign; an unknown price reads 'Оценка'. Russian '2 960,92 ₽',
 * English '2,960.92 ₽': the number follows the language, the sign stays the rouble's.
 */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return t('format.estimate');
  return `${formatNumberIn(getLocale(), value, { minFraction: 2, maxFraction: 2 })}${NBSP}${t('format.currency')}`;
}

/** A change of a price with its sign ('+1 234,00 ₽', '−1 234,00 ₽' with the minus sign); less than a kopeck reads '0,00 ₽'. */
export function formatPriceChange(value: number): string {
  const kopecks = Math.round(value * 100);
  const sign = kopecks > 0 ? '+' : kopecks < 0 ? '\u2212' : '';
  return `${sign}${formatPrice(Math.abs(kopecks) / 100)}`;
}

type DateInput = string | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Null for missing, unparsable and placeholder dates (the gateway's year-1 'no date' default). */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() <= 1) return null;
  return date;
}

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string): Map<string, string> {
  const formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone, hourCycle: 'h23' });
  return new Map(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * 'DD.MM.YYYY' in the user's time zone (`timeZone` is for tests). A date without a time ('2025-08-28') is a
 * calendar day and is shown as is, not shifted by the zone.
 */
export function formatDate(value: DateInput, timeZone?: string): string {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    if (match && toDate(value)) return `${match[3]}.${match[2]}.${match[1]}`;
  }
  const date = toDate(value);
  if (!date) return t('format.unknownDate');
  const found = parts(date, { day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone);
  return `${found.get('day')}.${found.get('month')}.${found.get('year')}`;
}

/** 'HH:mm' (24-hour) in the user's time zone; unknown reads 'неизвестно'. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return t('format.unknownDate');
  const found = parts(date, { hour: '2-digit', minute: '2-digit' }, timeZone);
  return `${found.get('hour')}:${found.get('minute')}`;
}

/** The integer part of 100 × step / total; null (hidden) when either is missing or zero. */
export function progressPercent(step: number | null | undefined, total: number | null | undefined): number | null {
  if (!step || !total || !Number.isFinite(step) || !Number.isFinite(total)) return null;
  return Math.trunc((100 * step) / total);
}

/** A person's name as the header shows it, first name, patronymic, last name. */
export function fullName(user: Pick<UserSummary, 'firstName' | 'patronymic' | 'lastName'>): string {
  return [user.firstName, user.patronymic, user.lastName].filter((part) => part.trim() !== '').join(' ');
}
