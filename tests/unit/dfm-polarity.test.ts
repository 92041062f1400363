import { describe, expect, it } from 'vitest';
import type { DfmPlace } from '../../src/contract/dfm';
import { drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * Clear polarity, negative plane films and copper-to-edge counted by place, each on the smallest board
 * that shows it, with one real violation that must still be found.
 */

const box = ([x0, y0]: Point, [x1, y1]: Point) => [...line([x0, y0], [x1, y0]), `${xy([x1, y1])}D01*`, `${xy([x0, y1])}D01*`, `${xy([x0, y0])}D01*`];
const region = (from: Point, to: Point) => ['G36*', ...box(from, to), 'G37*'];
const flash = (point: Point) => `${xy(point)}D03*`;

const under = (found: DfmPlace[], rule: string, limit: number) => found.filter((place) => place.rule === rule && place.valueMm < limit)
  .map((place) => ({ value: place.valueMm, at: place.at && [Math.round(place.at.x * 100) / 100, Math.round(place.at.y * 100) / 100], file: place.fileId }));

const outline = gerber(['%ADD10C,0.100*%'], ['D10*', ...box([0, 0], [30, 20])]);

describe('clear polarity', () => {
  it('takes copper away: a whole-board pour cut back from the edge by clear strokes is as far from the edge as the cut', async () => {
    // Sprint-Layout pours the whole board dark and cuts isolation out in clear; here a 1 mm clear frame on the
    // edge leaves the pour 0.5 mm from it. The pad drawn dark after, 0.1 mm from the left edge, is the real violation.
    const found = await places({
      'board-Edge_Cuts.gm1': outline,
      'board-F_Cu.gtl': gerber(['%ADD10C,1.000*%', '%ADD11C,1.000*%'], [...region([0, 0], [30, 20]), '%LPC*%', 'D10*', ...box([0, 0], [30, 20]),
        // The pad's own isolation, cut before it is drawn.
        flash([0.6, 10]), '%LPD*%', 'D11*', flash([0.6, 10])]),
      'board.drl': drill([[0.5, [[0.6, 10], [10, 10], [12, 10]]]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [0.1, 10], file: 'board-F_Cu.gtl' }]);
  });

  it('leaves copper drawn after the cut, and the pour beyond the cut, measured where they are', async () => {
    // The pour cut back 0.15 mm from the bottom edge by a 0.3 mm clear line: the cut's far rim is the copper's edge.
    const found = await places({
      'board-Edge_Cuts.gm1': outline,
      'board-F_Cu.gtl': gerber(['%ADD10C,0.300*%'], [...region([0, 0], [30, 20]), '%LPC*%', 'D10*', ...line([-1, 0], [31, 0]),
        ...line([-1, 20], [31, 20]), ...line([0, -1], [0, 21]), ...line([30, -1], [30, 21])]),
      'board.drl': drill([[0.5, [[10, 10], [12, 10]]]]),
    });
    const edge = under(found, 'copperToEdge', 0.25);
    expect(edge.map(({ value, file }) => ({ value, file }))).toEqual([{ value: 0.15, file: 'board-F_Cu.gtl' }]);
    // On the cut's far rim, along any of the four sides.
    const [x = NaN, y = NaN] = edge[0]?.at ?? [];
    expect(Math.min(Math.abs(x - 0.15), Math.abs(x - 29.85), Math.abs(y - 0.15), Math.abs(y - 19.85))).toBeLessThan(0.001);
  });
});

describe('negative plane films', () => {
  // Allegro's films: a dark background far past the board, the plane's copper cut out of it in clear, the
  // antipads dark again on top, and a dot smaller than the drill where a via joins the plane.
  const plane = (antipads: [number, Point][]) => gerber(['%ADD10C,0.100*%', '%ADD11C,0.500*%', '%ADD12C,1.300*%'], [
    ...region([-20, -20], [50, 40]), '%LPC*%', ...region([0.5, 0.5], [29.5, 19.5]), '%LPD*%',
    ...antipads.flatMap(([aperture, point]) => [`D${aperture}*`, flash(point)])]);

  it('measures the antipad round a hole against the drill, and no ring or gap of what the film draws', async () => {
    const found = await places({
      'board-Edge_Cuts.gm1': outline,
      'board-F_Cu.gtl': gerber(['%ADD11C,0.800*%'], ['D11*', flash([10, 10]), flash([15, 10]), flash([20, 10])]),
      // A 0.5 mm antipad round a 0.3 mm drill leaves 0.1 mm: the real violation. A 1.3 mm antipad leaves 0.5 mm;
      // the via at (20, 10) joins the plane (a 0.1 mm dot inside its drill).
      'board-In1_Cu.g2': plane([[11, [10, 10]], [12, [15, 10]], [10, [20, 10]]]),
      'board-In2_Cu.g3': plane([[12, [10, 10]], [12, [15, 10]], [10, [20, 10]]]),
      'board-B_Cu.gbl': gerber(['%ADD11C,0.800*%'], ['D11*', flash([10, 10]), flash([15, 10]), flash([20, 10])]),
      'board.drl': drill([[0.3, [[10, 10], [15, 10], [20, 10]]]]),
    });
    const clearance = under(found, 'drillToCopper', 0.2);
    expect(clearance.map(({ value, file }) => ({ value, file }))).toEqual([{ value: 0.1, file: 'board-In1_Cu.g2' }]);
    // On the antipad's rim, 0.25 mm from the hole's centre: every point of it is as near (DFM takes one).
    const [x = NaN, y = NaN] = clearance[0]?.at ?? [];
    expect(Math.hypot(x - 10, y - 10)).toBeCloseTo(0.25, 1);
    expect(under(found, 'annularRing', 0.13)).toEqual([]);
    expect(under(found, 'trackSpacing', 0.1)).toEqual([]);
  });
});

describe('copper to the edge', () => {
  it('is one place for one piece of copper along one stretch of edge, at its worst', async () => {
    // A pour drawn as 30 overlapping strokes (Proteus), its rim 0.1 to 0.12 mm from the bottom edge; and a pad
    // 0.15 mm from the top edge, another place.
    const strokes = Array.from({ length: 30 }, (_, index) => line([2 + index * 0.5, 0.4 + (index === 17 ? 0 : 0.02)], [2 + index * 0.5, 3])).flat();
    const found = await places({
      'board-Edge_Cuts.gm1': outline,
      'board-F_Cu.gtl': gerber(['%ADD10C,0.600*%', '%ADD11C,1.000*%'], ['D10*', ...strokes, 'D11*', flash([25, 19.35])]),
      'board.drl': drill([[0.5, [[25, 19.35], [10, 10], [12, 10]]]]),
    });
    const edge = under(found, 'copperToEdge', 0.25);
    expect(edge.map(({ value, file }) => ({ value, file }))).toEqual([{ value: 0.1, file: 'board-F_Cu.gtl' }, { value: 0.15, file: 'board-F_Cu.gtl' }]);
    // At the nearest stroke's round end (x 10.5) and the pad's rim (x 25): a round end's lowest point lies between two
    // of its corners, a few hundredths off (the polygons cut arcs into chords of 2 µm).
    expect(Math.abs((edge[0]?.at?.[0] ?? NaN) - 10.5)).toBeLessThanOrEqual(0.05);
    expect(edge[0]?.at?.[1]).toBeCloseTo(0.1, 2);
    expect(Math.hypot((edge[1]?.at?.[0] ?? NaN) - 25, (edge[1]?.at?.[1] ?? NaN) - 19.85)).toBeLessThanOrEqual(0.05);
  });
});
