import { describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { panelSizeMm } from '../../src/contract/board-checks';
import { DEFAULT_PRICE_TABLE as T } from '../../server/pricing/price-table';
import { quoteFor } from '../../server/pricing/quote';
import { roundKopecks } from '../../server/pricing/quote-lines';
import { PLAIN, line, pcb } from './pricing-fixtures';

describe('panels', () => {
  const panelParams = (changes: Partial<NonNullable<ProjectParams['panel']>> = {}): ProjectParams => {
    const base = defaultParams('panel');
    return {
      ...base,
      quantity: 6,
      board: { ...PLAIN },
      panel: { columns: 3, rows: 2, spacingMm: 2, railMm: 5, fiducials: false, separation: 'vcut', ...changes },
    };
  };

  it('prices the panel area instead of loose boards, plus the fees per panel', () => {
    const params = panelParams();
    const size = panelSizeMm(PLAIN, params.panel ?? { columns: 0, rows: 0, spacingMm: 0, railMm: 0, fiducials: false, separation: 'vcut' });
    const perPanel = Math.max((size.widthMm * size.heightMm) / 10_000 * T.pcb.ratePerDm2ByLayers[2], T.pcb.minBoardCharge);
    const quote = quoteFor(params, T);
    expect(line(quote, 'panels')).toBe(roundKopecks(6 * perPanel));
    expect(line(quote, 'boards')).toBeUndefined();
    expect(line(quote, 'panelFee')).toBe(6 * T.panel.perPanel);
    expect(line(quote, 'separation')).toBe(6 * T.panel.vcutPerPanel);
    expect(line(quote, 'fiducials')).toBeUndefined();
    expect(quote.perUnit).toBe(roundKopecks(quote.total / 6));
  });

  it('charges tab routing and fiducials per panel', () => {
    const quote = quoteFor(panelParams({ separation: 'tab', fiducials: true }), T);
    expect(line(quote, 'separation')).toBe(6 * T.panel.tabPerPanel);
    expect(line(quote, 'fiducials')).toBe(6 * T.panel.fiducialsPerPanel);
  });

  it('charges an edge connector for every board of every panel', () => {
    const params = panelParams();
    const quote = quoteFor({ ...params, board: { ...params.board, edgeConnector: true } }, T);
    const { setup, perBoard } = T.pcb.edgeConnector;
    expect(line(quote, 'edgeConnector')).toBe(setup + 6 * 3 * 2 * perBoard);
  });
});

describe('stencils', () => {
  const stencilParams = (changes: Partial<NonNullable<ProjectParams['stencil']>>): ProjectParams => {
    const base = defaultParams('stencil');
    return {
      ...base,
      quantity: 2,
      board: { ...PLAIN, widthMm: 20, heightMm: 20 },
      stencil: { sides: 'top', thicknessMm: 0.12, frameMarginMm: 20, widthMm: 140, heightMm: 120, ...changes },
    };
  };

  it('prices by the size class of the longer side', () => {
    let previousMax = 0;
    for (const sizeClass of T.stencil.sizeClasses) {
      for (const side of [previousMax + 1, sizeClass.maxSideMm]) {
        if (side < 20) continue;
        const quote = quoteFor(stencilParams({ widthMm: 60, heightMm: side }), T);
        expect(line(quote, 'stencil'), `${side} mm`).toBe(2 * sizeClass.price);
      }
      previousMax = sizeClass.maxSideMm;
    }
  });

  it('adds each side and multiplies by the thickness', () => {
    const both = quoteFor(stencilParams({ sides: 'both' }), T);
    expect(line(both, 'stencilSides')).toBe(2 * 2 * T.stencil.perSide);
    const thin = quoteFor(stencilParams({ thicknessMm: 0.1 }), T);
    const base = 2 * ((T.stencil.sizeClasses[0]?.price ?? 0) + T.stencil.perSide);
    expect(line(thin, 'stencilThickness')).toBe(roundKopecks(base * (T.stencil.thickness['0.1'] - 1)));
    expect(thin.days).toBe(T.stencil.days.standard);
  });
});

describe('assembly', () => {
  const mounting = { components: 50, uniqueParts: 12, smd: 44, tht: 6, sides: 1 as const };
  const assembly = (productType: 'mounting' | 'module', changes: Partial<typeof mounting> | { sides: 2 } = {}): ProjectParams =>
    ({ ...defaultParams(productType), quantity: 4, board: { ...PLAIN }, mounting: { ...mounting, ...changes } });

  it('charges set-up per unique part and each SMD and THT part', () => {
    const quote = quoteFor(assembly('mounting'), T);
    expect(line(quote, 'mountingSetup')).toBe(T.mounting.setupBase + 12 * T.mounting.setupPerUniquePart);
    expect(line(quote, 'smd')).toBe(4 * 44 * T.mounting.perSmd);
    expect(line(quote, 'tht')).toBe(4 * 6 * T.mounting.perTht);
    expect(line(quote, 'boards')).toBeUndefined();
    expect(quote.days).toBe(T.mounting.days.standard);
  });

  it('multiplies the placements of a two-sided assembly', () => {
    const quote = quoteFor(assembly('mounting', { sides: 2 }), T);
    const placements = 4 * (44 * T.mounting.perSmd + 6 * T.mounting.perTht);
    expect(line(quote, 'twoSided')).toBe(roundKopecks(placements * (T.mounting.twoSidedMultiplier - 1)));
  });

  it('prices a module as its boards plus their assembly, in the days of both', () => {
    const module = quoteFor(assembly('module'), T);
    const boards = quoteFor(pcb({}, 4), T);
    const parts = quoteFor(assembly('mounting'), T);
    expect(module.total).toBe(roundKopecks(boards.total + parts.total));
    expect(module.days).toBe(boards.days + parts.days);
  });
});
