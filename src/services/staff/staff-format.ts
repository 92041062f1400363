import { formatDate, formatTime } from '../format';
import { t } from '../i18n';

const MINUTE = 60_000;

/** How long an order has waited, in words: 'меньше минуты', '45 мин', '3 ч 20 мин', '2 д 5 ч'. */
export function waitingWords(since: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / MINUTE));
  if (minutes < 1) return t('staff.waiting.justNow');
  if (minutes < 60) return t('staff.waiting.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('staff.waiting.hours', { hours, minutes: minutes % 60 });
  return t('staff.waiting.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** '28.11.2026 14:05' in the user's time zone. */
export const dateTime = (value: string): string => `${formatDate(value)} ${formatTime(value)}`;
