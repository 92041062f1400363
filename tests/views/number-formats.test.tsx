// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import { applyLocale, loadLocale, type Locale } from '../../src/services/i18n';
import { bindSession } from '../../src/services/session';
import { renderApp } from './app-harness';
import { fakeOrders, orderLine, renderOrderPage, sampleOrder } from './orders-harness';
import { fakeProjects, project, projectsSession, renderProjectPage, renderProjectsPage } from './projects-harness';

/**
 * One number format per language. Representative pages (an order, a project with its price lines and
 * parameters, the projects list) are rendered in each language with numbers that show the difference — a price over
 * a thousand, fractional millimetres, a quantity of a thousand — and every number on the page is checked.
 */

vi.mock('../../src/services/board-images', () => import('./board-images-stub'));

const NBSP = '\u00a0';
let undo: (() => void)[] = [];

beforeAll(async () => {
  await loadLocale('en');
});
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
  applyLocale('ru');
});

/** Phone numbers are digits in groups by their own rule; they are not numbers to format. */
const withoutPhones = (text: string) => text.replace(/\+\d[\d ()-]{9,}\d/g, ' ');

/**
 * Numbers written the other language's way. Russian: a decimal point ('68.58'; a date '05.01.2026' has two points
 * and is not one). English: a decimal comma ('1,6', '2 960,92') or thousands split by a space ('2 960.92').
 */
function foreignNumbers(text: string, locale: Locale): string[] {
  const plain = withoutPhones(text);
  const patterns = locale === 'ru'
    ? [/(?<![\d.])\d+\.\d+(?![\d.])/g]
    : [/(?<![\d,])\d+,\d{1,2}(?![\d,])/g, /\d[ \u00a0\u202f]\d{3}(?:[.,]\d+)?(?!\d)/g];
  return patterns.flatMap((pattern) => plain.match(pattern) ?? []);
}

const lang = (locale: Locale) => {
  applyLocale(locale);
};

const priced = sampleOrder(9, {
  total: 2960.92,
  lines: [orderLine(21, 'Контроллер', { quantity: 1000, unitPrice: 2.96092, total: 2960.92, status: 'in_production' })],
  invoice: {
    id: 70,
    number: 'СЧ-2026-00070',
    issuedAt: '2026-01-07T10:30:00.000Z',
    amount: 2960.92,
    vat: 533.93,
    paidAt: null,
    pdfUrl: '/files/invoices/70.pdf',
    transfer: null,
  },
});

const board = project(1, {
  widthMm: 68.58, heightMm: 53.34, quantity: 1000, price: 12_345.5,
  params: { ...defaultParams('pcb'), quantity: 1000, board: { ...defaultParams('pcb').board, widthMm: 68.58, heightMm: 53.34, thicknessMm: 1.6 } },
  quote: {
    total: 12_345.5, perUnit: 12.35, days: 7, tableVersion: '2025-09',
    lines: [{ code: 'boards', amount: 10_345.5, detail: '1000 × 10.35' }, { code: 'setup', amount: 2_000, detail: '2' }],
  },
});

async function orderPageText(locale: Locale): Promise<string> {
  lang(locale);
  const fake = fakeOrders({ orders: [priced] });
  undo.push(fake.install());
  const { session } = projectsSession();
  undo.push(() => session.stop(), bindSession(session));
  renderOrderPage('/orders/9', session);
  await screen.findByRole('heading', { level: 1, name: /ПП-2026-00009/ });
  return document.body.textContent ?? '';
}

async function projectPageText(locale: Locale): Promise<string> {
  lang(locale);
  const fake = fakeProjects({ projects: [board] });
  undo.push(fake.install());
  const { session } = projectsSession();
  undo.push(() => session.stop());
  renderProjectPage('/project/1', session);
  await screen.findByRole('heading', { level: 1, name: 'Плата 1' });
  return document.body.textContent ?? '';
}

async function projectsListText(locale: Locale): Promise<string> {
  lang(locale);
  const fake = fakeProjects({ projects: [board] });
  undo.push(fake.install());
  const { session } = projectsSession();
  undo.push(() => session.stop());
  renderProjectsPage('/projects', session);
  await screen.findByRole('link', { name: 'Плата 1' });
  return document.body.textContent ?? '';
}

describe('one number format per language', () => {
  it('the order page in Russian: decimal comma and spaced thousands, also for prices and quantities', async () => {
    const text = await orderPageText('ru');
    expect(text).toContain(`2${NBSP}960,92${NBSP}₽`);
    expect(text).toContain(`1${NBSP}000 шт.`);
    expect(foreignNumbers(text, 'ru')).toEqual([]);
  });

  it('the order page in English: decimal point and comma thousands, also for prices', async () => {
    const text = await orderPageText('en');
    expect(text).toContain(`2,960.92${NBSP}₽`);
    expect(text).toContain('1,000 pcs');
    expect(text).toContain('22%');
    expect(foreignNumbers(text, 'en')).toEqual([]);
  });

  it('the project page in Russian: sizes, thickness, quantity and the price lines\' details alike', async () => {
    const text = await projectPageText('ru');
    expect(text).toContain('68,58 × 53,34 мм');
    expect(text).toContain('1,6 мм');
    expect(text).toContain(`1${NBSP}000 × 10,35`);
    expect(text).toContain(`12${NBSP}345,50${NBSP}₽`);
    expect(foreignNumbers(text, 'ru')).toEqual([]);
  });

  it('the project page in English', async () => {
    const text = await projectPageText('en');
    expect(text).toContain('68.58 × 53.34 mm');
    expect(text).toContain('1.6 mm');
    expect(text).toContain('1,000 × 10.35');
    expect(text).toContain(`12,345.50${NBSP}₽`);
    expect(foreignNumbers(text, 'en')).toEqual([]);
  });

  it('the knowledge centre in both languages: limits, thicknesses and rules', async () => {
    for (const [path, locale] of [['/help', 'ru'], ['/en/help', 'en']] as const) {
      lang(locale);
      renderApp(path);
      await screen.findByRole('navigation', { name: locale === 'ru' ? 'Содержание' : 'Contents' }, { timeout: 5000 });
      await screen.findByRole('table', { name: locale === 'ru' ? 'Параметры, которые можно заказать' : 'Parameters you can order' });
      const text = document.body.textContent ?? '';
      expect(text).toContain(locale === 'ru' ? `до 100${NBSP}000 шт.` : 'to 100,000 pcs');
      expect(foreignNumbers(text, locale)).toEqual([]);
      cleanup();
    }
  });

  it('the projects list in both languages: the board size and the quantity', async () => {
    const ru = await projectsListText('ru');
    expect(ru).toContain('68,58 × 53,34');
    expect(foreignNumbers(ru, 'ru')).toEqual([]);
    cleanup();
    const en = await projectsListText('en');
    expect(en).toContain('68.58 × 53.34');
    expect(foreignNumbers(en, 'en')).toEqual([]);
  });
});
