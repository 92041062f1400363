/**
 * The one number format of each language: Russian '2 960,92' and '68,58', English '2,960.92' and
 * '68.58'. Every number the portal shows goes through here — prices, sizes, thicknesses, quantities, percentages,
 * and numbers put into texts (`t` formats numeric params with it). It takes the locale as an argument instead of
 * reading it, so `i18n.ts` can use it without an import cycle.
 */

export type NumberLocale = 'ru' | 'en';

/** BCP 47 tags: Russian groups with a no-break space and writes a decimal comma; English the other way round. */
const TAGS: Record<NumberLocale, string> = { ru: 'ru-RU', en: 'en-US' };

export interface NumberOptions {
  /** Decimals always shown (prices: 2). */
  minFraction?: number;
  /** Decimals at most (default 2: millimetres and prices never need more). */
  maxFraction?: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: NumberLocale, minFraction: number, maxFraction: number): Intl.NumberFormat {
  const key = `${locale}/${minFraction}/${maxFraction}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(TAGS[locale], {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      // ru-RU leaves four-digit numbers ungrouped by default ('1234'); the product spec groups every thousand ('1 234,50').
      useGrouping: 'always',
      // '-0' after rounding a tiny negative reads as an error.
      signDisplay: 'negative',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number in the language's format; at most two decimals unless told otherwise. */
export function formatNumberIn(locale: NumberLocale, value: number, options: NumberOptions = {}): string {
  const minFraction = options.minFraction ?? 0;
  return formatterOf(locale, minFraction, Math.max(minFraction, options.maxFraction ?? 2)).format(value);
}

/**
 * Params that name a thing rather than count it (`id`, `clientId`, `year`) are shown as they are: project 12345 is
 * '№ 12345', not '№ 12 345'.
 */
export const isIdentifierParam = (name: string): boolean => name === 'id' || name.endsWith('Id') || name === 'year';

/** The numbers of a text made of numbers and signs ('50 × 68.58'), each written the language's way. */
export function formatNumbersInText(locale: NumberLocale, text: string): string {
  return text.replace(/\d+(?:\.\d+)?/g, (match) => formatNumberIn(locale, Number(match), { maxFraction: 4 }));
}

/**
 * A number typed into a field, read the language's way and forgivingly: '68,58' and '68.58' in either
 * language, thousands grouped with spaces ('1 000') or, in English, commas ('1,000'). NaN for anything else.
 */
export function parseNumberIn(locale: NumberLocale, text: string): number {
  let bare = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (locale === 'en' && /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) bare = bare.replace(/,/g, '');
  bare = bare.replace(',', '.');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(bare) ? Number(bare) : Number.NaN;
}
