import type { Cart, CartLine } from '../../contract/cart';
import { sumPrices } from './cart-rules';
import type { QuantityResult } from './cart-types';

// Sample carts of the cart and checkout machines: the registry's path walks and the unit tests.

export function sampleCartLine(id: number, fields: Partial<CartLine> = {}): CartLine {
  return {
    id, projectId: 100 + id, title: `Плата ${id}`, productType: 'pcb', projectStatus: 'actual', clientId: 1,
    clientName: 'Электронные системы', quantity: 10, price: 12_000, unitPrice: 1_200, days: 7, previewUrl: null, hasFiles: true, dfmReview: false,
    ...fields,
  };
}

export const cartOf = (lines: CartLine[]): Cart => ({ lines, total: sumPrices(lines) });

/** Line 1 and 2 of «Электронные системы» (2 is a draft without a price), line 3 of «ИП Кузнецов». */
export const SAMPLE_LINES = {
  first: sampleCartLine(1),
  draft: sampleCartLine(2, { projectStatus: 'draft', price: null, unitPrice: null, days: null }),
  other: sampleCartLine(3, { clientId: 2, clientName: 'ИП Кузнецов А. В.', price: 5_000, unitPrice: 500 }),
};

export const SAMPLE_CART_TWO_CLIENTS = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.draft, SAMPLE_LINES.other]);
export const SAMPLE_CART_ONE_CLIENT = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.draft]);
/** A project entered by hand (no files) beside one with files: checkout asks for the files or 'files later'. */
export const SAMPLE_CART_HAND_ENTERED = cartOf([sampleCartLine(4, { title: 'Плата без файлов', hasFiles: false }), SAMPLE_LINES.first]);
/** A board for an engineer's review beside a clean one: checkout offers to place it apart. */
export const SAMPLE_CART_WITH_REVIEW = cartOf([SAMPLE_LINES.first, sampleCartLine(5, { title: 'Плата на проверку', dfmReview: true })]);
export const SAMPLE_CART_NOTHING_TO_ORDER = cartOf([SAMPLE_LINES.draft]);
export const SAMPLE_CART_EMPTY = cartOf([]);
export const SAMPLE_CART = cartOf([SAMPLE_LINES.first, SAMPLE_LINES.other]);

/** SetQuantity answers for lines 1 and 3: priced again, or refused. */
export const SAMPLE_QUANTITY_SAVED: QuantityResult[] = [
  { lineId: 1, line: { ...SAMPLE_LINES.first, quantity: 20, price: 21_000, unitPrice: 1_050 } },
  { lineId: 3, line: { ...SAMPLE_LINES.other, quantity: 5, price: 3_000, unitPrice: 600 } },
];
export const SAMPLE_QUANTITY_REFUSED: QuantityResult[] = [
  { lineId: 1, error: 'Проект изменён: откройте его и сохраните снова' },
  { lineId: 3, error: 'Проект изменён: откройте его и сохраните снова' },
];
