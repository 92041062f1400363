import { VAT_PERCENT } from './orders';

/**
 * VAT of a VAT-inclusive amount: the 22/122 part (Tax Code art. 164 p. 4), in whole kopecks, half away from zero.
 * Shared by the checkout, the invoice and the УПД, so every document states one figure.
 */
export function vatOf(amount: number): number {
  const kopecks = Math.round(amount * 100);
  return Math.round((kopecks * VAT_PERCENT) / (100 + VAT_PERCENT)) / 100;
}

/**
 * VAT of several lines: each line's VAT to the kopeck, then their sum — the 'Всего к оплате' of column 8 of a
 * счёт-фактура (the УПД), which the invoice and the checkout repeat.
 */
export function vatOfLines(totals: readonly number[]): number {
  return totals.reduce((sum, total) => sum + Math.round(vatOf(total) * 100), 0) / 100;
}
