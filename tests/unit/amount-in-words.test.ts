import { describe, expect, it } from 'vitest';
import { amountInWords, pluralForm, roublesInWords } from '../../server/orders/invoices/amount-in-words';
import { dateAfterDays, dateInWords } from '../../server/supplier/calendar';

/** The total in words of a Russian invoice: genders (одна тысяча, один миллион), plural forms, kopecks in figures. */
const CASES: Array<[number, string]> = [
  [0, 'Ноль рублей 00 копеек'],
  [0.01, 'Ноль рублей 01 копейка'],
  [1, 'Один рубль 00 копеек'],
  [1.01, 'Один рубль 01 копейка'],
  [2.02, 'Два рубля 02 копейки'],
  [5.05, 'Пять рублей 05 копеек'],
  [11, 'Одиннадцать рублей 00 копеек'],
  [12.12, 'Двенадцать рублей 12 копеек'],
  [14.22, 'Четырнадцать рублей 22 копейки'],
  [21, 'Двадцать один рубль 00 копеек'],
  [22.21, 'Двадцать два рубля 21 копейка'],
  [101, 'Сто один рубль 00 копеек'],
  [111, 'Сто одиннадцать рублей 00 копеек'],
  [1000, 'Одна тысяча рублей 00 копеек'],
  [1001, 'Одна тысяча один рубль 00 копеек'],
  [2000, 'Две тысячи рублей 00 копеек'],
  [5000, 'Пять тысяч рублей 00 копеек'],
  [11_000, 'Одиннадцать тысяч рублей 00 копеек'],
  [21_000, 'Двадцать одна тысяча рублей 00 копеек'],
  [12_450.5, 'Двенадцать тысяч четыреста пятьдесят рублей 50 копеек'],
  [100_000.99, 'Сто тысяч рублей 99 копеек'],
  [1_000_000, 'Один миллион рублей 00 копеек'],
  [1_001_000, 'Один миллион одна тысяча рублей 00 копеек'],
  [2_000_000, 'Два миллиона рублей 00 копеек'],
  [5_000_002, 'Пять миллионов два рубля 00 копеек'],
  [1_234_567.89, 'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек'],
  [2_000_000_000, 'Два миллиарда рублей 00 копеек'],
  [999_999.99, 'Девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек'],
];

describe('amountInWords', () => {
  it.each(CASES)('%d → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds a floating-point sum to whole kopecks instead of truncating it', () => {
    expect(amountInWords(0.1 + 0.2)).toBe('Ноль рублей 30 копеек');
    expect(amountInWords(1.005 * 1000)).toBe('Одна тысяча пять рублей 00 копеек');
  });

  it('refuses sums it cannot write', () => {
    expect(() => roublesInWords(-1)).toThrow(RangeError);
    expect(() => roublesInWords(1e12)).toThrow(RangeError);
  });
});

describe('pluralForm', () => {
  const forms = ['рубль', 'рубля', 'рублей'] as const;
  it.each([[1, 'рубль'], [2, 'рубля'], [4, 'рубля'], [5, 'рублей'], [11, 'рублей'], [12, 'рублей'], [14, 'рублей'],
    [21, 'рубль'], [22, 'рубля'], [25, 'рублей'], [111, 'рублей'], [112, 'рублей'], [121, 'рубль'], [0, 'рублей']] as const)(
    '%d %s', (count, form) => { expect(pluralForm(count, forms)).toBe(form); });
});

describe('invoice dates (Moscow calendar)', () => {
  it('names the date in words with the month in the genitive', () => {
    expect(dateInWords(new Date('2026-11-21T09:00:00Z'))).toBe('21 ноября 2026 г.');
    expect(dateInWords(new Date('2026-03-01T09:00:00Z'))).toBe('1 марта 2026 г.');
  });

  it('dates an invoice issued late in the UTC evening by the next Moscow day', () => {
    expect(dateInWords(new Date('2026-12-31T22:30:00Z'))).toBe('1 января 2027 г.');
  });

  it('counts the payment term in calendar days across a month end', () => {
    expect(dateAfterDays(new Date('2026-11-28T09:00:00Z'), 5)).toBe('03.12.2026');
  });
});
