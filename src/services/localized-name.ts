import { getLocale } from './i18n';

/**
 * A name the gateway sends in both languages (`nameEn` under /en, falling back to the Russian name). Apart from
 * the dictionaries' cache so that a page showing one such name (the order's delivery) does not load the cache.
 */
export function localizedName(item: { name: string; nameEn: string }): string {
  return getLocale() === 'en' && item.nameEn ? item.nameEn : item.name;
}
