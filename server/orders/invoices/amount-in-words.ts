/**
 * A sum in roubles written out as Russian invoices and payment orders write it: 'Двенадцать тысяч четыреста
 * пятьдесят рублей 50 копеек'. Thousands are feminine (одна тысяча, две тысячи), roubles and millions masculine;
 * kopecks stay in figures, always two digits, as accountants' software prints them.
 */
type Forms = readonly [one: string, few: string, many: string];
type Gender = 'masculine' | 'feminine';

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'] as const;
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'] as const;
const TEENS = [
  'десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать',
  'восемнадцать', 'девятнадцать',
] as const;
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'] as const;
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'] as const;

const ROUBLES: Forms = ['рубль', 'рубля', 'рублей'];
const KOPECKS: Forms = ['копейка', 'копейки', 'копеек'];
/** Groups of three digits above the units, from thousands up. */
const SCALES: ReadonlyArray<{ forms: Forms; gender: Gender }> = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'feminine' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'masculine' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'masculine' },
];

/** 1 рубль, 2–4 рубля, 5–20 рублей, then again by the last digit (21 рубль, 111 рублей). */
export function pluralForm(count: number, forms: Forms): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** 1–999 in words; empty for 0. */
function triadInWords(value: number, gender: Gender): string[] {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const words: string[] = [HUNDREDS[hundreds] ?? ''];
  if (rest >= 10 && rest < 20) {
    words.push(TEENS[rest - 10] ?? '');
  } else {
    words.push(TENS[Math.floor(rest / 10)] ?? '');
    words.push((gender === 'feminine' ? UNITS_FEMININE : UNITS_MASCULINE)[rest % 10] ?? '');
  }
  return words.filter((word) => word !== '');
}

/** Whole roubles in words with the word 'рубль' in its form; 'ноль рублей' for 0. Up to 999 999 999 999. */
export function roublesInWords(roubles: number): string {
  if (!Number.isSafeInteger(roubles) || roubles < 0 || roubles >= 1e12) throw new RangeError(`roublesInWords: ${roubles}`);
  if (roubles === 0) return `ноль ${ROUBLES[2]}`;
  const words: string[] = [];
  for (let index = SCALES.length - 1; index >= 0; index -= 1) {
    const scale = SCALES[index];
    const group = Math.floor(roubles / 1000 ** (index + 1)) % 1000;
    if (scale && group > 0) words.push(...triadInWords(group, scale.gender), pluralForm(group, scale.forms));
  }
  const units = roubles % 1000;
  words.push(...triadInWords(units, 'masculine'), pluralForm(roubles, ROUBLES));
  return words.join(' ');
}

/** The whole sum: 12450.5 → 'Двенадцать тысяч четыреста пятьдесят рублей 50 копеек'. */
export function amountInWords(amount: number): string {
  const kopecksTotal = Math.round(amount * 100);
  const roubles = Math.floor(kopecksTotal / 100);
  const kopecks = kopecksTotal % 100;
  const text = `${roublesInWords(roubles)} ${String(kopecks).padStart(2, '0')} ${pluralForm(kopecks, KOPECKS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
