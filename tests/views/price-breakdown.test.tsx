// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PriceQuote } from '../../src/contract/projects';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import { PriceBreakdown } from '../../src/views/components/board/price-breakdown';

beforeAll(async () => {
  await loadLocale('en');
});
afterEach(() => {
  cleanup();
  applyLocale('ru');
});

const quote = (layers: string): PriceQuote => ({
  total: 12_000, perUnit: 1_200, days: 7, tableVersion: '2026-01',
  lines: [{ code: 'setup', amount: 3_000, detail: layers }, { code: 'boards', amount: 9_000, detail: '10 × 900' }],
});

/** The text of the price line whose name starts with `name`. */
const lineText = (name: string) => within(screen.getByRole('table')).getByRole('rowheader', { name: new RegExp(`^${name}`) }).textContent;

describe('price breakdown', () => {
  it('says the setup line\'s number is the layer count, in Russian plural forms', () => {
    const { rerender } = render(<PriceBreakdown quote={quote('4')} state="quoted" />);
    expect(lineText('Подготовка производства')).toBe('Подготовка производства4 слоя');
    rerender(<PriceBreakdown quote={quote('1')} state="quoted" />);
    expect(lineText('Подготовка производства')).toBe('Подготовка производства1 слой');
    rerender(<PriceBreakdown quote={quote('6')} state="quoted" />);
    expect(lineText('Подготовка производства')).toBe('Подготовка производства6 слоёв');
    // A formula reads as it is.
    expect(lineText('Платы по площади')).toBe('Платы по площади10 × 900');
  });

  it('says it in English', () => {
    applyLocale('en');
    render(<PriceBreakdown quote={quote('2')} state="quoted" />);
    expect(screen.getByText('2 layers')).toBeTruthy();
  });
});
