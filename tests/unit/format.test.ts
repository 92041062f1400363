import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDate, formatInputNumber, formatMm, formatNumber, formatNumbersIn, formatPrice, formatPriceChange, formatTime, parseInputNumber,
  progressPercent,
} from '../../src/services/format';
import { formatPhone } from '../../src/services/phone-format';
import { applyLocale, loadLocale, loadPortalTexts, t } from '../../src/services/i18n';

const NBSP = '\u00a0';

beforeAll(async () => {
  await loadPortalTexts();
  await loadLocale('en');
});
afterAll(() => applyLocale('ru'));

describe('formatPhone', () => {
  it('shows 11 digits led by 8 or 7 as a +7 number', () => {
    expect(formatPhone('89991234567')).toBe('+7 999 123 45 67');
    expect(formatPhone('79991234567')).toBe('+7 999 123 45 67');
    expect(formatPhone('8 (999) 123-45-67')).toBe('+7 999 123 45 67');
    expect(formatPhone('+7 (999) 123-45-67')).toBe('+7 999 123 45 67');
  });

  it('shows 12-digit numbers as international numbers', () => {
    expect(formatPhone('380501234567')).toBe('+380 50 123 4567');
    expect(formatPhone('998901234567')).toBe('+998 90 123 45 67');
  });

  it('shows Belarus numbers with or without their +', () => {
    expect(formatPhone('+375291234567')).toBe('+375 29 123 45 67');
    expect(formatPhone('375291234567')).toBe('+375 29 123 45 67');
  });

  it('returns anything else as given', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('19991234567')).toBe('19991234567');
    expect(formatPhone('999123456789012')).toBe('999123456789012');
    expect(formatPhone('call the office')).toBe('call the office');
    expect(formatPhone('8 999 123-45-67 ext. 12')).toBe('8 999 123-45-67 ext. 12');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('formatPriceChange', () => {
  it('says a rise with a plus, a fall with the minus sign and no change without a sign, in the language\'s numbers', () => {
    expect(formatPriceChange(1234)).toBe(`+1${NBSP}234,00${NBSP}₽`);
    expect(formatPriceChange(-1234.5)).toBe(`\u22121${NBSP}234,50${NBSP}₽`);
    expect(formatPriceChange(0)).toBe(`0,00${NBSP}₽`);
    expect(formatPriceChange(-0.004)).toBe(`0,00${NBSP}₽`);
    applyLocale('en');
    expect(formatPriceChange(1234)).toBe('+1,234.00 ₽'.replace(' ', NBSP));
    applyLocale('ru');
  });
});

describe('formatPrice', () => {
  it('shows two decimals, space-grouped thousands and the rouble sign', () => {
    expect(formatPrice(1234.5)).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatPrice(0)).toBe(`0,00${NBSP}₽`);
    expect(formatPrice(7)).toBe(`7,00${NBSP}₽`);
    expect(formatPrice(999.999)).toBe(`1${NBSP}000,00${NBSP}₽`);
    expect(formatPrice(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
    expect(formatPrice(-1500)).toBe(`-1${NBSP}500,00${NBSP}₽`);
    expect(formatPrice(-0.001)).toBe(`0,00${NBSP}₽`);
  });

  it('reads an unknown price as the estimate text, in the current language', () => {
    expect(formatPrice(null)).toBe('Оценка');
    expect(formatPrice(undefined)).toBe('Оценка');
    expect(formatPrice(Number.NaN)).toBe('Оценка');
    applyLocale('en');
    expect(formatPrice(null)).toBe('Estimate');
    applyLocale('ru');
  });
});

describe('formatDate and formatTime', () => {
  it('formats DD.MM.YYYY and HH:mm in the given time zone', () => {
    expect(formatDate('2025-08-28T21:30:00Z', 'Europe/Moscow')).toBe('29.08.2025');
    expect(formatTime('2025-08-28T21:30:00Z', 'Europe/Moscow')).toBe('00:30');
    expect(formatDate('2025-08-28T21:30:00Z', 'UTC')).toBe('28.08.2025');
    expect(formatTime('2025-08-28T21:30:00Z', 'UTC')).toBe('21:30');
    expect(formatTime('2025-01-05T03:04:00Z', 'UTC')).toBe('03:04');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 12)), 'UTC')).toBe('29.02.2024');
  });

  it("uses the user's own time zone by default", () => {
    const date = new Date(2025, 7, 28, 9, 5);
    expect(formatDate(date.toISOString())).toBe('28.08.2025');
    expect(formatTime(date.toISOString())).toBe('09:05');
  });

  it('keeps a date without a time on its calendar day in every zone', () => {
    expect(formatDate('2025-08-28', 'America/Los_Angeles')).toBe('28.08.2025');
    expect(formatDate('2025-08-28', 'Asia/Vladivostok')).toBe('28.08.2025');
  });

  it("reads missing, invalid and placeholder dates as 'неизвестно'", () => {
    for (const value of [null, undefined, '', 'not a date', '2025-13-45', '0001-01-01T00:00:00']) {
      expect(formatDate(value)).toBe('неизвестно');
      expect(formatTime(value)).toBe('неизвестно');
    }
    applyLocale('en');
    expect(formatDate(null)).toBe('unknown');
    applyLocale('ru');
  });
});

describe('progressPercent', () => {
  it('is the integer part of 100 × step / total', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(1, 8)).toBe(12);
  });

  it('is null when either is missing or zero', () => {
    expect(progressPercent(0, 5)).toBeNull();
    expect(progressPercent(2, 0)).toBeNull();
    expect(progressPercent(null, 5)).toBeNull();
    expect(progressPercent(2, undefined)).toBeNull();
    expect(progressPercent(Number.NaN, 5)).toBeNull();
  });
});

describe('one number format per language', () => {
  it('writes Russian numbers with a decimal comma and no-break-space thousands', () => {
    expect(formatNumber(68.58)).toBe('68,58');
    expect(formatMm(1.6)).toBe('1,6');
    expect(formatNumber(1000)).toBe(`1${NBSP}000`);
    expect(formatPrice(2960.92)).toBe(`2${NBSP}960,92${NBSP}₽`);
  });

  it('writes English numbers with a decimal point and comma thousands, the price too', () => {
    applyLocale('en');
    try {
      expect(formatNumber(68.58)).toBe('68.58');
      expect(formatMm(1.6)).toBe('1.6');
      expect(formatNumber(1000)).toBe('1,000');
      expect(formatPrice(2960.92)).toBe(`2,960.92${NBSP}₽`);
      expect(formatPrice(-0.001)).toBe(`0.00${NBSP}₽`);
    } finally {
      applyLocale('ru');
    }
  });

  it('formats the numbers put into texts, but not the ids', () => {
    expect(t('wizard.units.sizeValue', { width: 68.58, height: 1250 })).toBe(`68,58 × 1${NBSP}250 мм`);
    expect(t('projects.item.number', { id: 12345 })).toContain('12345');
    applyLocale('en');
    try {
      expect(t('wizard.units.sizeValue', { width: 68.58, height: 1250 })).toBe('68.58 × 1,250 mm');
    } finally {
      applyLocale('ru');
    }
  });

  it('rewrites the numbers of a price line detail and leaves its signs', () => {
    expect(formatNumbersIn('50 × 68.58')).toBe('50 × 68,58');
    expect(formatNumbersIn('×1.125')).toBe('×1,125');
    expect(formatNumbersIn('1500 + 12 × 3.5')).toBe(`1${NBSP}500 + 12 × 3,5`);
    applyLocale('en');
    try {
      expect(formatNumbersIn('1500 + 12 × 3.5')).toBe('1,500 + 12 × 3.5');
    } finally {
      applyLocale('ru');
    }
  });
});

describe('a number field', () => {
  it('shows its value the language\'s way, to the thousandth a class needs', () => {
    applyLocale('ru');
    expect(formatInputNumber(68.58)).toBe('68,58');
    expect(formatInputNumber(0.075)).toBe('0,075');
    expect(formatInputNumber(100000)).toBe(`100${NBSP}000`);
    applyLocale('en');
    expect(formatInputNumber(0.075)).toBe('0.075');
    expect(formatInputNumber(100000)).toBe('100,000');
    applyLocale('ru');
  });

  it('reads what is typed forgivingly: either decimal mark, thousands grouped, nothing else', () => {
    applyLocale('ru');
    expect([parseInputNumber('68,58'), parseInputNumber('68.58'), parseInputNumber(`100${NBSP}000`), parseInputNumber(' 1 000 ')]).toEqual([
      68.58, 68.58, 100000, 1000,
    ]);
    expect([parseInputNumber(''), parseInputNumber('абв'), parseInputNumber('1,2,3'), parseInputNumber('1e3')].every(Number.isNaN)).toBe(true);
    applyLocale('en');
    expect([parseInputNumber('1,000'), parseInputNumber('0,1'), parseInputNumber('68.58')]).toEqual([1000, 0.1, 68.58]);
    applyLocale('ru');
  });
});
