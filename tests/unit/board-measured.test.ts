import { describe, expect, it } from 'vitest';
import { defaultParams, type PcbParams, type ProductType, type ProjectParams } from '../../src/contract/board';
import type { BoardMeasurements } from '../../src/contract/board-files';
import { SIZE_TOLERANCE_MM, filesProblems } from '../../src/contract/board-measured';

/** Parameters may ask for more than the files measure, never less; the shared rule of the wizard and gateway. */

const UNO: BoardMeasurements = {
  widthMm: 68.58, heightMm: 53.34, sizeFromOutline: true, layerCount: 2, copperLayers: ['top', 'bottom'], drillHits: 212,
  smallestHoleMm: 0.4, holeSizesMm: [0.4, 0.8], pasteTop: true, pasteBottom: false, pasteWidthMm: 60, pasteHeightMm: 45,
};
const params = (board: Partial<PcbParams>, productType: ProductType = 'pcb'): ProjectParams => {
  const base = defaultParams(productType);
  return { ...base, board: { ...base.board, widthMm: 68.58, heightMm: 53.34, layers: 2, minHoleMm: 0.4, ...board } };
};
const codes = (m: BoardMeasurements | null, p: ProjectParams) => filesProblems(m, p).map((problem) => `${problem.field}:${problem.code}`);

describe('parameters held to the files', () => {
  it('finds nothing when the parameters are what the files measure, or more', () => {
    expect(codes(UNO, params({}))).toEqual([]);
    expect(codes(UNO, params({ widthMm: 100, heightMm: 80, layers: 4, minHoleMm: 0.2 }))).toEqual([]);
  });

  it('names each side, the layers and the hole below the files', () => {
    expect(codes(UNO, params({ widthMm: 10, heightMm: 10, layers: 1, minHoleMm: 0.5 }))).toEqual([
      'board.widthMm:sizeBelowFiles', 'board.heightMm:sizeBelowFiles', 'board.layers:layersBelowFiles', 'board.minHoleMm:holeAboveFiles',
    ]);
  });

  it('takes a side typed within the tolerance, and the board turned round', () => {
    expect(codes(UNO, params({ widthMm: 68.58 - SIZE_TOLERANCE_MM, heightMm: 53.34 - SIZE_TOLERANCE_MM }))).toEqual([]);
    expect(codes(UNO, params({ widthMm: 68.47 }))).toEqual(['board.widthMm:sizeBelowFiles']);
    expect(codes(UNO, params({ widthMm: 53.34, heightMm: 68.58 }))).toEqual([]);
    expect(codes(UNO, params({ widthMm: 53.34, heightMm: 60 }))).toEqual(['board.widthMm:sizeBelowFiles']);
  });

  it('holds the layers to the next offered count and the hole to the smallest the factory drills', () => {
    expect(codes({ ...UNO, layerCount: 3 }, params({ layers: 2 }))).toEqual(['board.layers:layersBelowFiles']);
    expect(codes({ ...UNO, layerCount: 3 }, params({ layers: 4, thicknessMm: 1.6 }))).toEqual([]);
    expect(codes({ ...UNO, smallestHoleMm: 0.1 }, params({ minHoleMm: 0.15 }))).toEqual([]);
    expect(codes({ ...UNO, smallestHoleMm: 0.1 }, params({ minHoleMm: 0.2 }))).toEqual(['board.minHoleMm:holeAboveFiles']);
  });

  it('leaves what was not measured to the declared values: no copper, no drill, no measurements at all', () => {
    expect(codes({ ...UNO, layerCount: 0, smallestHoleMm: null }, params({ layers: 1, minHoleMm: 3 }))).toEqual([]);
    expect(codes(null, params({ widthMm: 10, heightMm: 10, layers: 1 }))).toEqual([]);
  });

  it('holds a stencil to the board\'s size only, and assembly alone to nothing', () => {
    expect(codes(UNO, params({ widthMm: 10, heightMm: 10, layers: 1 }, 'stencil'))).toEqual([
      'board.widthMm:sizeBelowFiles', 'board.heightMm:sizeBelowFiles',
    ]);
    expect(codes(UNO, params({ widthMm: 10, heightMm: 10, layers: 1 }, 'mounting'))).toEqual([]);
    expect(codes(UNO, params({ layers: 1 }, 'panel'))).toEqual(['board.layers:layersBelowFiles']);
  });
});
