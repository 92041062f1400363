// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COPPER_UM, FINISHES, LAYER_COUNTS, MASK_COLORS, MATERIALS, THICKNESSES_MM, URGENCIES, defaultParams,
  type PcbParams, type ProjectParams,
} from '../../src/contract/board';
import { PARAM_PROBLEM_CODES } from '../../src/contract/board-checks';
import { ApiError } from '../../server/http/errors';
import { translate } from '../../server/http/messages';
import { DEFAULT_PRICE_TABLE as T } from '../../server/pricing/price-table';
import { problemMessageKey, quoteFor } from '../../server/pricing/quote';
import { roundKopecks } from '../../server/pricing/quote-lines';
import { line, pcb, plainCharge, sum } from './pricing-fixtures';

describe('the worked example of docs/pricing.md', () => {
  it('prices the four-layer controller board at 25 027.91 in 8 days', () => {
    const params: ProjectParams = {
      ...pcb({ widthMm: 120, heightMm: 85, layers: 4, material: 'fr4_tg170', maskColor: 'black', finish: 'enig', minTrackMm: 0.1, minHoleMm: 0.2 }, 25),
      urgency: 'fast',
    };
    const quote = quoteFor(params, T);
    expect(quote.lines.map((item) => [item.code, item.amount])).toEqual([
      ['setup', 6500], ['boards', 6630], ['material', 1326], ['finish', 2386.8], ['maskColor', 1034.28], ['urgency', 7150.83],
    ]);
    expect(quote).toMatchObject({ total: 25027.91, perUnit: 1001.12, days: 8, tableVersion: T.version });
  });
});

describe('boards', () => {
  it('charges the set-up and the area rate of each layer count', () => {
    for (const layers of LAYER_COUNTS) {
      const quote = quoteFor(pcb({ layers }), T);
      expect(line(quote, 'setup'), `${layers}`).toBe(T.pcb.setupByLayers[layers]);
      expect(line(quote, 'boards'), `${layers}`).toBe(roundKopecks(10 * plainCharge(layers)));
      expect(quote.total).toBe(roundKopecks(T.pcb.setupByLayers[layers] + 10 * plainCharge(layers)));
    }
  });

  it('charges at least the minimum per board', () => {
    const quote = quoteFor(pcb({ widthMm: 10, heightMm: 10 }, 7), T);
    expect(0.01 * T.pcb.ratePerDm2ByLayers[2]).toBeLessThan(T.pcb.minBoardCharge);
    expect(line(quote, 'boards')).toBe(7 * T.pcb.minBoardCharge);
  });

  /** Each value of one option: its line is boards × (multiplier − 1), and nothing else changes. */
  function expectMultiplier(code: string, multiplierOf: (value: never) => number, values: readonly unknown[], board: (value: never) => Partial<PcbParams>) {
    const boards = 10 * plainCharge();
    for (const value of values as never[]) {
      const factor = multiplierOf(value);
      const quote = quoteFor(pcb(board(value)), T);
      expect(line(quote, code), `${code} ${String(value)}`).toBe(factor === 1 ? undefined : roundKopecks(boards * (factor - 1)));
      expect(quote.total, `${code} ${String(value)}`).toBe(roundKopecks(T.pcb.setupByLayers[2] + boards * factor));
    }
  }

  it('multiplies by the material', () => {
    expectMultiplier('material', (m: (typeof MATERIALS)[number]) => T.pcb.material[m], MATERIALS,
      (material: (typeof MATERIALS)[number]) => ({ material, finish: 'osp' }));
  });
  it('multiplies by the thickness', () => {
    expectMultiplier('thickness', (t: (typeof THICKNESSES_MM)[number]) => T.pcb.thickness[`${t}`], THICKNESSES_MM,
      (thicknessMm: (typeof THICKNESSES_MM)[number]) => ({ thicknessMm }));
  });
  it('multiplies by the copper weight', () => {
    expectMultiplier('copper', (c: (typeof COPPER_UM)[number]) => T.pcb.copper[`${c}`], COPPER_UM,
      (copperUm: (typeof COPPER_UM)[number]) => ({ copperUm }));
  });
  it('multiplies by the finish', () => {
    expectMultiplier('finish', (f: (typeof FINISHES)[number]) => T.pcb.finish[f], FINISHES,
      (finish: (typeof FINISHES)[number]) => ({ finish }));
  });
  it('multiplies by the mask colour, less for no mask', () => {
    expect(T.pcb.maskColor.none).toBeLessThan(1);
    expectMultiplier('maskColor', (c: (typeof MASK_COLORS)[number]) => T.pcb.maskColor[c], MASK_COLORS,
      (maskColor: (typeof MASK_COLORS)[number]) => ({ maskColor, silkColor: maskColor === 'none' ? 'none' : maskColor === 'white' ? 'black' : 'white' }));
  });
  it('multiplies once for fine tracks, small holes or both', () => {
    const { trackBelowMm, holeBelowMm, multiplier } = T.pcb.fineFeatures;
    const cases: [Partial<PcbParams>, number][] = [
      [{ minTrackMm: trackBelowMm }, 1], [{ minTrackMm: trackBelowMm - 0.01 }, multiplier],
      [{ minHoleMm: holeBelowMm, thicknessMm: 1.6 }, 1], [{ minHoleMm: holeBelowMm - 0.02, thicknessMm: 1.6 }, multiplier],
      [{ minTrackMm: trackBelowMm - 0.01, minHoleMm: holeBelowMm - 0.02 }, multiplier],
    ];
    for (const [board, factor] of cases) expectMultiplier('fineFeatures', () => factor, [0], () => board);
  });

  it('charges an edge connector once for its set-up and per board, outside the option multipliers', () => {
    const { setup, perBoard } = T.pcb.edgeConnector;
    const without = quoteFor(pcb({ finish: 'enig' }), T);
    const quote = quoteFor(pcb({ finish: 'enig', edgeConnector: true }), T);
    expect(quote.lines.find((item) => item.code === 'edgeConnector')).toEqual({
      code: 'edgeConnector',
      amount: setup + 10 * perBoard,
      detail: `${setup} + 10 × ${perBoard}`,
    });
    expect(line(quote, 'finish')).toBe(line(without, 'finish'));
    expect(quote.total).toBe(roundKopecks(without.total + setup + 10 * perBoard));
    // Saved before the option: no line, the same price as choosing it off.
    expect(line(quoteFor(pcb({ edgeConnector: false }), T), 'edgeConnector')).toBeUndefined();
    expect(quoteFor(pcb({ edgeConnector: false }), T)).toEqual(quoteFor(pcb(), T));
  });

  it('chains multipliers, each line adding to the amount so far', () => {
    const quote = quoteFor(pcb({ material: 'fr4_tg170', finish: 'enig' }), T);
    const boards = 10 * plainCharge();
    expect(line(quote, 'material')).toBe(roundKopecks(boards * (T.pcb.material.fr4_tg170 - 1)));
    expect(line(quote, 'finish')).toBe(roundKopecks(boards * T.pcb.material.fr4_tg170 * (T.pcb.finish.enig - 1)));
    expect(quote.total).toBe(sum(quote));
  });
});

describe('urgency and days', () => {
  it('multiplies the whole order and sets the days by urgency and layers', () => {
    for (const urgency of URGENCIES) {
      for (const layers of [2, 8] as const) {
        const quote = quoteFor({ ...pcb({ layers, thicknessMm: 1.6 }), urgency }, T);
        const subtotal = T.pcb.setupByLayers[layers] + 10 * plainCharge(layers);
        const { multiplier, days } = T.urgency[urgency];
        expect(line(quote, 'urgency')).toBe(multiplier === 1 ? undefined : roundKopecks(subtotal * (multiplier - 1)));
        expect(quote.total).toBe(roundKopecks(subtotal * multiplier));
        expect(quote.days).toBe(days + T.pcb.extraDaysByLayers[layers]);
      }
    }
  });
});

describe('refusals', () => {
  it('answers 400 naming the first field, with every problem listed', () => {
    const params = pcb({ material: 'aluminium', layers: 4, maskColor: 'none' });
    try {
      quoteFor(params, T);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError).toMatchObject({ status: 400, field: 'board.layers', code: 'aluminiumLayers' });
      expect(apiError.data.problems).toEqual([
        { field: 'board.layers', code: 'aluminiumLayers' }, { field: 'board.silkColor', code: 'silkWithoutMask' },
      ]);
      expect(apiError.body('ru').error).toContain('алюминиевом');
    }
  });

  it('says the same as the wizard for every problem, in both languages', () => {
    for (const lang of ['ru', 'en'] as const) {
      const texts = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
        wizard: { problems: Record<string, string> };
      };
      for (const code of PARAM_PROBLEM_CODES) expect(translate(lang, problemMessageKey(code)), code).toBe(texts.wizard.problems[code]);
    }
  });
});

describe('the breakdown', () => {
  it('adds up to the total, with a text for every line code', () => {
    const ru = JSON.parse(readFileSync(new URL('../../locales/ru.json', import.meta.url), 'utf8')) as { pricing: { lines: Record<string, string> } };
    const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as { pricing: { lines: Record<string, string> } };
    const quotes = [
      quoteFor({ ...pcb({ finish: 'enig', maskColor: 'red', minTrackMm: 0.15, minHoleMm: 0.19, copperUm: 70, thicknessMm: 0.8 }, 333), urgency: 'express' }, T),
      quoteFor({ ...defaultParams('panel'), urgency: 'fast' }, T),
      quoteFor({ ...defaultParams('module'), mounting: { components: 7, uniqueParts: 3, smd: 4, tht: 3, sides: 2 } }, T),
      quoteFor({ ...defaultParams('stencil'), stencil: { sides: 'both', thicknessMm: 0.2, frameMarginMm: 20, widthMm: 140, heightMm: 120 } }, T),
    ];
    for (const quote of quotes) {
      expect(quote.total).toBe(sum(quote));
      for (const item of quote.lines) {
        expect(Math.round(item.amount * 100) / 100).toBe(item.amount);
        expect(ru.pricing.lines[item.code], item.code).toBeTruthy();
        expect(en.pricing.lines[item.code], item.code).toBeTruthy();
      }
    }
  });

  it('is quick enough to ask on every change', () => {
    const params = defaultParams('panel');
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) quoteFor(params, T);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});
