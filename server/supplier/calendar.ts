/**
 * Invoice dates are the manufacturer's calendar dates (Moscow time), whatever the gateway's own time zone: an
 * invoice issued at 23:30 UTC is dated the next day, as the accountant in Moscow sees it.
 */
const MOSCOW = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', year: 'numeric', month: 'numeric', day: 'numeric' });

export interface CalendarDate { year: number; month: number; day: number }

export function moscowDate(at: Date): CalendarDate {
  const parts = Object.fromEntries(MOSCOW.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const MONTHS_GENITIVE = [
  'января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря',
] as const;

/** '21 ноября 2026 г.', as the title of a Russian invoice names its date. */
export function dateInWords(at: Date): string {
  const { year, month, day } = moscowDate(at);
  return `${day} ${MONTHS_GENITIVE[month - 1] ?? ''} ${year} г.`;
}

/** 'DD.MM.YYYY' of the Moscow calendar date `days` days after `at`. */
export function dateAfterDays(at: Date, days: number): string {
  const { year, month, day } = moscowDate(at);
  const later = new Date(Date.UTC(year, month - 1, day + days));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(later.getUTCDate())}.${pad(later.getUTCMonth() + 1)}.${later.getUTCFullYear()}`;
}
