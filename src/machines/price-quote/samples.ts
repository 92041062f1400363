import { defaultParams, type ProjectParams } from '../../contract/board';
import type { PriceQuote } from '../../contract/projects';

// Sample payloads of the price machine: the registry's path walks and the unit tests.

export const SAMPLE_QUOTE: PriceQuote = {
  total: 12_480, perUnit: 1248, days: 7, tableVersion: '2025-09',
  lines: [{ code: 'setup', amount: 2500 }, { code: 'area', amount: 9980 }],
};

export const SAMPLE_PARAMS: ProjectParams = defaultParams();
/** Parameters the factory cannot make: a 1 m wide board. */
export const SAMPLE_BAD_PARAMS: ProjectParams = { ...SAMPLE_PARAMS, board: { ...SAMPLE_PARAMS.board, widthMm: 1000 } };
