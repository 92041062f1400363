import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COPPER_UM, FINISHES, LAYER_COUNTS, MASK_COLORS, MATERIALS, PRODUCT_TYPES, STENCIL_SIDES, STENCIL_THICKNESSES_MM,
  THICKNESSES_MM, URGENCIES, defaultParams, type ProjectParams,
} from '../../src/contract/board';
import { checkProjectParams } from '../../src/contract/board-checks';
import { VAT_PERCENT } from '../../src/contract/orders';
import { invoiceLineOf, invoiceTotals } from '../../server/orders/invoices/lines';
import { DEFAULT_PRICE_TABLE } from '../../server/pricing/price-table';
import { quoteFor } from '../../server/pricing/quote';

/**
 * Property: for any makeable project and quantity, priced by the price table as the cart and checkout
 * price it, the invoice's lines hold as an accountant checks them — price × quantity is the sum to the kopeck, the
 * total is the sum of the lines and the figure the customer saw, the VAT is the 22/122 part of each line summed.
 * PROPERTY_RUNS / PROPERTY_SEED for a longer search.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
const SEED = Number(process.env.PROPERTY_SEED ?? 3232);

const kopecks = (value: number) => Math.round(value * 100);

const paramsArbitrary: fc.Arbitrary<ProjectParams> = fc.record({
  productType: fc.constantFrom(...PRODUCT_TYPES),
  quantity: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20_000 })),
  urgency: fc.constantFrom(...URGENCIES),
  widthMm: fc.integer({ min: 500, max: 30_000 }).map((hundredths) => hundredths / 100),
  heightMm: fc.integer({ min: 500, max: 30_000 }).map((hundredths) => hundredths / 100),
  layers: fc.constantFrom(...LAYER_COUNTS),
  material: fc.constantFrom(...MATERIALS),
  thicknessMm: fc.constantFrom(...THICKNESSES_MM),
  copperUm: fc.constantFrom(...COPPER_UM),
  maskColor: fc.constantFrom(...MASK_COLORS),
  finish: fc.constantFrom(...FINISHES),
  minTrackMm: fc.constantFrom(0.1, 0.127, 0.15, 0.2),
  edgeConnector: fc.boolean(),
  columns: fc.integer({ min: 1, max: 6 }),
  rows: fc.integer({ min: 1, max: 6 }),
  stencilSides: fc.constantFrom(...STENCIL_SIDES),
  stencilThicknessMm: fc.constantFrom(...STENCIL_THICKNESSES_MM),
  smd: fc.integer({ min: 0, max: 900 }),
  tht: fc.integer({ min: 0, max: 90 }),
  uniqueParts: fc.integer({ min: 1, max: 120 }),
  sides: fc.constantFrom(1 as const, 2 as const),
}).map((p) => {
  const base = defaultParams(p.productType);
  return {
    ...base, quantity: p.quantity, urgency: p.urgency,
    board: {
      ...base.board, widthMm: p.widthMm, heightMm: p.heightMm, layers: p.layers, material: p.material, thicknessMm: p.thicknessMm,
      copperUm: p.copperUm, maskColor: p.maskColor, finish: p.finish, minTrackMm: p.minTrackMm, edgeConnector: p.edgeConnector,
    },
    panel: base.panel ? { ...base.panel, columns: p.columns, rows: p.rows } : null,
    stencil: base.stencil
      ? { ...base.stencil, sides: p.stencilSides, thicknessMm: p.stencilThicknessMm, widthMm: p.widthMm + 40, heightMm: p.heightMm + 40 }
      : null,
    mounting: base.mounting
      ? { ...base.mounting, smd: p.smd, tht: p.tht, components: p.smd + p.tht, uniqueParts: Math.min(p.uniqueParts, p.smd + p.tht), sides: p.sides }
      : null,
  };
}).filter((params) => checkProjectParams(params).length === 0);

/** An order of one to five projects, each line priced as the cart prices it and stored as checkout stores it. */
const orderArbitrary = fc.array(fc.tuple(paramsArbitrary, fc.string({ minLength: 1, maxLength: 20 })), { minLength: 1, maxLength: 5 })
  .map((projects) => projects.map(([params, title]) => {
    const quote = quoteFor(params, DEFAULT_PRICE_TABLE);
    return { title, productType: params.productType, params, quantity: params.quantity, total: quote.total };
  }));

describe('an invoice of any order', () => {
  it('has lines whose price × quantity is their sum, a total that is the sum of the lines and the order, and the VAT of each line summed', () => {
    fc.assert(fc.property(orderArbitrary, (ordered) => {
      const lines = ordered.map(invoiceLineOf);
      for (const line of lines) {
        expect(kopecks(line.unitPrice) * line.quantity).toBe(kopecks(line.total));
        expect(Number.isInteger(line.quantity) && line.quantity > 0).toBe(true);
      }
      const { amount, vat } = invoiceTotals(lines);
      const lineSum = lines.reduce((sum, line) => sum + kopecks(line.total), 0);
      expect(kopecks(amount)).toBe(lineSum);
      // The customer pays what checkout showed: the sum of the lines' prices.
      expect(kopecks(amount)).toBe(ordered.reduce((sum, line) => sum + kopecks(line.total), 0));
      // Tax Code art. 164 p. 4 and art. 168: 22/122 of each line's VAT-inclusive sum, to the kopeck, half up.
      const lineVat = lines.map((line) => Math.floor((kopecks(line.total) * VAT_PERCENT * 2 + (100 + VAT_PERCENT)) / (2 * (100 + VAT_PERCENT))));
      expect(kopecks(vat)).toBe(lineVat.reduce((sum, value) => sum + value, 0));
    }), { numRuns: RUNS, seed: SEED });
  });
});
