import { defaultParams, type PcbParams, type ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import { DEFAULT_PRICE_TABLE as T } from '../../server/pricing/price-table';
import { roundKopecks } from '../../server/pricing/quote-lines';

/** A board whose every option multiplier is 1 in the default table, so one change shows one multiplier alone. */
export const PLAIN: PcbParams = {
  widthMm: 100, heightMm: 80, layers: 2, material: 'fr4', thicknessMm: 1.6, copperUm: 35, maskColor: 'green',
  silkColor: 'white', finish: 'hasl', minTrackMm: 0.2, minHoleMm: 0.4,
};
export const pcb = (board: Partial<PcbParams> = {}, quantity = 10): ProjectParams =>
  ({ ...defaultParams('pcb'), quantity, board: { ...PLAIN, ...board } });
export const line = (quote: PriceQuote, code: string) => quote.lines.find((item) => item.code === code)?.amount;
export const sum = (quote: PriceQuote) => roundKopecks(quote.lines.reduce((total, item) => total + item.amount, 0));
/** Area charge of the plain board, 100 × 80 mm = 0.8 dm², per board. */
export const plainCharge = (layers: PcbParams['layers'] = 2) => Math.max(0.8 * T.pcb.ratePerDm2ByLayers[layers], T.pcb.minBoardCharge);
