import { describe, expect, it } from 'vitest';
import { DEFAULT_PCB, LAYER_COUNTS, THICKNESSES_MM, type PcbParams } from '../../src/contract/board';
import { STANDARD_STACKUPS, thicknessToleranceMm } from '../../src/contract/stackups';
import { stackupOf } from '../../src/services/stackup';

const board = (changes: Partial<PcbParams>): PcbParams => ({ ...DEFAULT_PCB, ...changes });
/** Copper and dielectric: what makes the nominal thickness (mask and silk sit on top of it). */
const pressedMm = (params: PcbParams) =>
  stackupOf(params).rows.filter((row) => row.kind !== 'mask' && row.kind !== 'silk').reduce((sum, row) => sum + row.thicknessMm, 0);

describe('standard stack-ups', () => {
  it('draws a 4-layer 1.6 mm board as the table\'s 7628 build: 0.2104 mm prepregs round a 1.065 mm core', () => {
    const stackup = stackupOf(board({ layers: 4, thicknessMm: 1.6 }));
    const pressed = stackup.rows.filter((row) => row.kind !== 'mask' && row.kind !== 'silk')
      .map((row) => [row.kind, row.thicknessMm, row.sheets.join('+')]);
    expect(pressed).toEqual([
      ['copper', 0.035, ''], ['prepreg', 0.2104, '7628'], ['copper', 0.0152, ''], ['core', 1.065, ''],
      ['copper', 0.0152, ''], ['prepreg', 0.2104, '7628'], ['copper', 0.035, ''],
    ]);
    expect(stackup.standard).toEqual({ code: 'L4-1.6-7628', material: 'FR-4, Tg 135' });
    expect(stackup.symmetric).toBe(true);
  });

  it('draws 6 and 8 layers at 1.6 mm as JLCPCB\'s current JLC06161H-3313 and JLC08161H-2116 builds, on 0.5 oz inner copper', () => {
    const dielectrics = (layers: PcbParams['layers']) => stackupOf(board({ layers, thicknessMm: 1.6 })).rows
      .filter((row) => row.kind === 'prepreg' || row.kind === 'core').map((row) => [row.kind, row.thicknessMm, row.sheets.join('+')]);
    const innerCopper = (layers: PcbParams['layers']) => stackupOf(board({ layers, thicknessMm: 1.6 })).rows
      .filter((row) => row.kind === 'copper').slice(1, -1).map((row) => row.thicknessMm);
    expect(dielectrics(6)).toEqual([
      ['prepreg', 0.0994, '3313'], ['core', 0.55, ''], ['prepreg', 0.1088, '2116'], ['core', 0.55, ''], ['prepreg', 0.0994, '3313'],
    ]);
    expect(dielectrics(8)).toEqual([
      ['prepreg', 0.1164, '2116'], ['core', 0.3, ''], ['prepreg', 0.1528, '1080+1080'], ['core', 0.3, ''],
      ['prepreg', 0.1528, '1080+1080'], ['core', 0.3, ''], ['prepreg', 0.1164, '2116'],
    ]);
    expect([...innerCopper(6), ...innerCopper(8)]).toEqual(Array.from({ length: 10 }, () => 0.0152));
  });

  it('gives the dielectric height from each outer copper layer to its reference plane from the table', () => {
    expect(stackupOf(board({ layers: 4, thicknessMm: 1.6 })).referenceHeights).toEqual([
      { copper: 1, reference: 2, heightMm: 0.2104 }, { copper: 4, reference: 3, heightMm: 0.2104 },
    ]);
    expect(stackupOf(board({ layers: 6, thicknessMm: 1.6 })).referenceHeights[0]).toEqual({ copper: 1, reference: 2, heightMm: 0.0994 });
    expect(stackupOf(board({ layers: 1 })).referenceHeights).toEqual([]);
  });

  it('presses every standard build to its nominal thickness within the fabs\' tolerance, with 1 oz outer copper', () => {
    for (const standard of STANDARD_STACKUPS) {
      expect(standard.dielectrics, standard.code).toHaveLength(standard.layers - 1);
      const params = board({ layers: standard.layers, thicknessMm: standard.thicknessMm, copperUm: 35 });
      expect(Math.abs(pressedMm(params) - standard.thicknessMm), standard.code).toBeLessThanOrEqual(thicknessToleranceMm(standard.thicknessMm));
      expect(stackupOf(params).standard?.code).toBe(standard.code);
    }
  });

  it('draws every other build at its nominal thickness and says it is not a standard one', () => {
    for (const layers of LAYER_COUNTS) {
      for (const thicknessMm of THICKNESSES_MM) {
        const params = board({ layers, thicknessMm });
        // A build whose copper alone is thicker than the board cannot be pressed; the line refuses it anyway.
        const copperMm = Math.min(layers, 2) * 0.035 + Math.max(0, layers - 2) * 0.035;
        if (stackupOf(params).standard || copperMm >= thicknessMm) continue;
        expect(Math.abs(pressedMm(params) - thicknessMm), `${layers} × ${thicknessMm}`).toBeLessThanOrEqual(0.001 * layers);
      }
    }
    expect(stackupOf(board({ layers: 12, thicknessMm: 1.6 })).standard).toBeNull();
  });
});
