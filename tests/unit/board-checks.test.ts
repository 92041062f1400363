import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MOUNTING, LIMITS, defaultParams, type PcbParams, type ProductType, type ProjectParams,
} from '../../src/contract/board';
import type { BoardMeasurements } from '../../src/contract/board-files';
import {
  BOARD_RULES, MIN_THICKNESS_BY_LAYERS, PARAM_PROBLEM_CODES, checkProjectParams, panelSizeMm, paramsFromMeasurements,
  problemTextKey, stencilSizeMm,
} from '../../src/contract/board-checks';

type Changes = Partial<Omit<ProjectParams, 'board'>> & { board?: Partial<PcbParams> };
function params(productType: ProductType, changes: Changes = {}): ProjectParams {
  const base = defaultParams(productType);
  const mounting = productType === 'mounting' || productType === 'module'
    ? { ...DEFAULT_MOUNTING, components: 10, uniqueParts: 4, smd: 8, tht: 2 }
    : null;
  return { ...base, mounting, ...changes, board: { ...base.board, ...changes.board } };
}
const codes = (p: ProjectParams) => checkProjectParams(p).map((problem) => `${problem.field}:${problem.code}`);

describe('checkProjectParams', () => {
  it('finds nothing wrong with the defaults of each product type (assembly with parts)', () => {
    for (const type of ['pcb', 'panel', 'stencil', 'mounting', 'module'] as const) expect(codes(params(type)), type).toEqual([]);
  });

  it('asks for the part of the parameters the product type needs', () => {
    expect(codes(params('panel', { panel: null }))).toEqual(['panel:panelMissing']);
    expect(codes(params('stencil', { stencil: null }))).toEqual(['stencil:stencilMissing']);
    expect(codes(params('module', { mounting: null }))).toEqual(['mounting:mountingMissing']);
  });

  it('names the field of a number outside its range, in the wizard before the gateway', () => {
    expect(codes(params('pcb', { quantity: 0 }))).toEqual(['quantity:quantityRange']);
    expect(codes(params('pcb', { quantity: 2.5 }))).toEqual(['quantity:quantityRange']);
    expect(codes(params('pcb', { board: { widthMm: LIMITS.boardMm.max + 1 } }))).toEqual(['board.widthMm:boardSizeRange']);
    expect(codes(params('pcb', { board: { heightMm: Number.NaN } }))).toEqual(['board.heightMm:boardSizeRange']);
    expect(codes(params('pcb', { board: { minTrackMm: 0.05 } }))).toEqual(['board.minTrackMm:minTrackRange']);
    const panel = params('panel');
    expect(codes({ ...panel, panel: panel.panel && { ...panel.panel, rows: 0 } })).toEqual(['panel.rows:panelCountRange']);
  });

  const board = (changes: Partial<PcbParams>) => codes(params('pcb', { board: changes }));

  it('allows aluminium with 1 or 2 layers only, and 0.8 mm or thicker', () => {
    expect(board({ material: 'aluminium', layers: 2 })).toEqual([]);
    expect(board({ material: 'aluminium', layers: 4 })).toEqual(['board.layers:aluminiumLayers']);
    expect(board({ material: 'aluminium', layers: 1, thicknessMm: 0.6 })).toEqual(['board.thicknessMm:aluminiumThin']);
    expect(board({ material: 'aluminium', layers: 1, thicknessMm: BOARD_RULES.aluminiumMinThicknessMm })).toEqual([]);
  });

  it('refuses HASL, leaded or not, on Rogers', () => {
    expect(board({ material: 'rogers', finish: 'hasl' })).toEqual(['board.finish:rogersHasl']);
    expect(board({ material: 'rogers', finish: 'hasl_lf' })).toEqual(['board.finish:rogersHasl']);
    expect(board({ material: 'rogers', finish: 'enig' })).toEqual([]);
  });

  it('needs a thicker board for more layers', () => {
    for (const [layers, least] of Object.entries(MIN_THICKNESS_BY_LAYERS)) {
      const count = Number(layers) as PcbParams['layers'];
      expect(board({ layers: count, thicknessMm: least, minHoleMm: 0.3 }), `${layers} at ${least}`).toEqual([]);
    }
    expect(board({ layers: 4, thicknessMm: 0.4 })).toEqual(['board.thicknessMm:thicknessForLayers']);
    expect(board({ layers: 6, thicknessMm: 0.6 })).toEqual(['board.thicknessMm:thicknessForLayers']);
    expect(board({ layers: 12, thicknessMm: 1.2 })).toEqual(['board.thicknessMm:thicknessForLayers']);
  });

  it('makes 3.2 mm boards with up to 8 layers', () => {
    expect(board({ layers: 8, thicknessMm: 3.2, minHoleMm: 0.4 })).toEqual([]);
    expect(board({ layers: 10, thicknessMm: 3.2, minHoleMm: 0.4 })).toEqual(['board.thicknessMm:thickBoardLayers']);
  });

  it('needs wider tracks and a thicker board for heavy copper', () => {
    expect(board({ copperUm: 70, minTrackMm: 0.15 })).toEqual([]);
    expect(board({ copperUm: 70, minTrackMm: 0.125 })).toEqual(['board.minTrackMm:copper70Track']);
    expect(board({ copperUm: 105, minTrackMm: 0.2 })).toEqual([]);
    expect(board({ copperUm: 105, minTrackMm: 0.15 })).toEqual(['board.minTrackMm:copper105Track']);
    expect(board({ copperUm: 105, minTrackMm: 0.2, thicknessMm: 0.8 })).toEqual(['board.copperUm:copper105Thin']);
  });

  it('keeps the board at most ten times thicker than its smallest hole', () => {
    expect(board({ thicknessMm: 1.6, minHoleMm: 0.16 })).toEqual([]);
    expect(board({ thicknessMm: 1.6, minHoleMm: 0.15 })).toEqual(['board.minHoleMm:holeAspectRatio']);
    expect(board({ thicknessMm: 2.4, minHoleMm: 0.2 })).toEqual(['board.minHoleMm:holeAspectRatio']);
  });

  it('prints silkscreen only on a mask and in a colour that shows', () => {
    expect(board({ maskColor: 'none', silkColor: 'white' })).toEqual(['board.silkColor:silkWithoutMask']);
    expect(board({ maskColor: 'none', silkColor: 'none' })).toEqual([]);
    expect(board({ maskColor: 'white', silkColor: 'white' })).toEqual(['board.silkColor:silkSameAsMask']);
    expect(board({ maskColor: 'black', silkColor: 'black' })).toEqual(['board.silkColor:silkSameAsMask']);
    expect(board({ maskColor: 'white', silkColor: 'black' })).toEqual([]);
  });

  it('keeps panels within the line, with room for the router and rails for fiducials', () => {
    const base = params('panel');
    const panel = (changes: Partial<NonNullable<ProjectParams['panel']>>, boardChanges: Partial<PcbParams> = {}) =>
      codes({ ...base, board: { ...base.board, ...boardChanges }, panel: base.panel && { ...base.panel, ...changes } });
    expect(panel({ columns: 6 })).toEqual(['panel.columns:panelTooLarge']);
    expect(panel({ rows: 8 })).toEqual(['panel.rows:panelTooLarge']);
    expect(panel({ separation: 'tab', spacingMm: 1.5 })).toEqual(['panel.spacingMm:tabSpacing']);
    expect(panel({ separation: 'tab', spacingMm: BOARD_RULES.tabMinSpacingMm })).toEqual([]);
    expect(panel({ separation: 'vcut' }, { thicknessMm: 0.4 })).toEqual(['panel.separation:vcutThin']);
    expect(panel({ separation: 'tab' }, { thicknessMm: 0.4 })).toEqual([]);
    expect(panel({ fiducials: true, railMm: 3 })).toEqual(['panel.railMm:fiducialsNeedRails']);
    expect(panel({ fiducials: false, railMm: 0 })).toEqual([]);
  });

  it('wants a stencil that covers the board either way round', () => {
    const base = params('stencil');
    const stencil = (widthMm: number, heightMm: number) => codes({ ...base, stencil: base.stencil && { ...base.stencil, widthMm, heightMm } });
    expect(stencil(90, 120)).toEqual([]);
    expect(stencil(90, 90)).toEqual(['stencil.widthMm:stencilSmallerThanBoard']);
  });

  it('checks the parts of an assembly add up', () => {
    const mounting = (changes: Partial<NonNullable<ProjectParams['mounting']>>, layers: PcbParams['layers'] = 2) => {
      const base = params('mounting', { board: { layers } });
      return codes({ ...base, mounting: base.mounting && { ...base.mounting, ...changes } });
    };
    expect(mounting({ components: 0, smd: 0, tht: 0, uniqueParts: 0 })).toEqual(['mounting.components:noComponents']);
    expect(mounting({ smd: 5 })).toEqual(['mounting.smd:smdThtSum']);
    expect(mounting({ uniqueParts: 11 })).toEqual(['mounting.uniqueParts:uniquePartsRange']);
    expect(mounting({ uniqueParts: 0 })).toEqual(['mounting.uniqueParts:uniquePartsRange']);
    expect(mounting({ sides: 2 }, 1)).toEqual(['mounting.sides:twoSidesOneLayer']);
    expect(mounting({ sides: 2 }, 2)).toEqual([]);
  });

  it('has a text for every code in both languages', () => {
    for (const lang of ['ru', 'en']) {
      const texts = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
      const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
      for (const code of PARAM_PROBLEM_CODES) expect(typeof lookup(problemTextKey(code)), `${lang} ${code}`).toBe('string');
    }
  });
});

describe('sizes', () => {
  it('puts the rails on the long sides of the panel only', () => {
    const wide = { columns: 2, rows: 2, spacingMm: 2, railMm: 5, fiducials: true, separation: 'vcut' as const };
    expect(panelSizeMm({ widthMm: 100, heightMm: 80 }, wide)).toEqual({ widthMm: 202, heightMm: 172 });
    expect(panelSizeMm({ widthMm: 30, heightMm: 40 }, { ...wide, columns: 1, rows: 3 })).toEqual({ widthMm: 40, heightMm: 124 });
    expect(panelSizeMm({ widthMm: 10.005, heightMm: 10 }, { ...wide, columns: 3, rows: 1, railMm: 0, spacingMm: 0 }))
      .toEqual({ widthMm: 30.02, heightMm: 10 });
  });

  it('rounds stencils up to the next 10 mm around the paste with the margin', () => {
    expect(stencilSizeMm(100, 80, 20)).toEqual({ widthMm: 140, heightMm: 120 });
    expect(stencilSizeMm(100.2, 61, 20)).toEqual({ widthMm: 150, heightMm: 110 });
    expect(stencilSizeMm(0.1 + 0.2, 9.7, 0)).toEqual({ widthMm: 10, heightMm: 10 });
  });
});

describe('paramsFromMeasurements', () => {
  const measured: BoardMeasurements = {
    widthMm: 68.5799, heightMm: 53.3401, sizeFromOutline: true, layerCount: 3, copperLayers: ['top', 'inner', 'bottom'],
    drillHits: 120, smallestHoleMm: 0.2032, holeSizesMm: [0.2032, 1], pasteTop: true, pasteBottom: true,
    pasteWidthMm: 60.3, pasteHeightMm: 45,
  };

  it('proposes the measured size, the next offered layer count and the smallest hole', () => {
    const result = paramsFromMeasurements(measured, params('pcb', { board: { thicknessMm: 0.4, layers: 2 } }));
    expect(result.board).toMatchObject({ widthMm: 68.58, heightMm: 53.34, layers: 4, minHoleMm: 0.2, thicknessMm: 0.6 });
    expect(result.stencil).toBeNull();
    expect(checkProjectParams(result)).toEqual([]);
  });

  it('keeps what the files cannot say and clamps what is out of reach', () => {
    const base = params('pcb');
    const result = paramsFromMeasurements({ ...measured, widthMm: 900, heightMm: 0, layerCount: 20, smallestHoleMm: null }, base);
    expect(result.board).toMatchObject({ widthMm: LIMITS.boardMm.max, heightMm: base.board.heightMm, layers: 12, minHoleMm: base.board.minHoleMm });
    expect(result.board.thicknessMm).toBe(MIN_THICKNESS_BY_LAYERS[12]);
  });

  it('sizes a stencil from the paste and picks its sides', () => {
    const stencil = paramsFromMeasurements(measured, params('stencil')).stencil;
    expect(stencil).toMatchObject({ sides: 'both', widthMm: 110, heightMm: 90 });
    const bottomOnly = paramsFromMeasurements({ ...measured, pasteTop: false, pasteWidthMm: null, pasteHeightMm: null }, params('stencil'));
    expect(bottomOnly.stencil).toMatchObject({ sides: 'bottom', widthMm: 110, heightMm: 100 });
  });
});
