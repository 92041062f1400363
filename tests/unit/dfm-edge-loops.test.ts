import { describe, expect, it } from 'vitest';
import type { DfmPlace } from '../../src/contract/dfm';
import { boardEdge } from '../../server/gerber/board-edge';
import type { Line } from '../../server/gerber/geometry';
import { boardHoles } from '../../server/gerber/holes';
import { identifyFiles } from '../../server/gerber/identify';
import { readFile } from '../../server/gerber/read-file';
import { drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * Copper to the edge is measured to the outline's lines as drawn, where the outline closes only across small
 * gaps: a break is joined between its open ends, never by a shortcut between ends that already connect.
 */

const VIAS: [number, Point[]] = [0.3, [[27, 17], [28, 17], [27, 18]]];
const VIA_PADS = ['D99*', ...VIAS[1].map((point) => `${xy(point)}D03*`)];
const copper = (pad: Point) => gerber(['%ADD11R,1.000X1.000*%', '%ADD99C,0.600*%'], ['D11*', `${xy(pad)}D03*`, ...VIA_PADS]);
const path = (points: Point[]) => [`${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`)];

/** The copper-to-edge places closer than 0.25 mm, as value and point rounded to the micron. */
async function nearEdge(outline: string[], pad: Point, holes: [number, Point[]][] = [VIAS]): Promise<{ value: number; at: Point }[]> {
  const found: DfmPlace[] = await places({
    'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...outline]),
    'board-F_Cu.gtl': copper(pad),
    'board.drl': drill(holes),
  });
  return found.filter((place) => place.rule === 'copperToEdge' && place.valueMm < 0.25)
    .map((place) => ({ value: Math.round(place.valueMm * 1000) / 1000, at: [place.at?.x ?? NaN, place.at?.y ?? NaN] }));
}

/** The board edge's lines longer than `shortest` mm (the links across gaps are shorter) that no drawn line holds. */
function undrawnEdges(outline: string[], holes: [number, Point[]][], drawn: Line[], shortest: number): Line[] {
  const files = identifyFiles(Object.entries({ 'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...outline]), 'board.drl': drill(holes) })
    .map(([name, text], index) => readFile({ id: `f${index}`, name, content: new TextEncoder().encode(text) })), null, { holes: [] })
    .map((file) => ({ file, error: null }));
  const onLine = ([x, y]: Point, { from, to }: Line) =>
    Math.abs((to[0] - from[0]) * (y - from[1]) - (to[1] - from[1]) * (x - from[0])) / Math.hypot(to[0] - from[0], to[1] - from[1]) < 1e-6 &&
    x >= Math.min(from[0], to[0]) - 1e-6 &&
    x <= Math.max(from[0], to[0]) + 1e-6 &&
    y >= Math.min(from[1], to[1]) - 1e-6 &&
    y <= Math.max(from[1], to[1]) + 1e-6;
  return (boardEdge(files, boardHoles(files))?.edges ?? []).filter((edge) => Math.hypot(edge.to[0] - edge.from[0], edge.to[1] - edge.from[1]) > shortest
    && !drawn.some((each) => onLine(edge.from, each) && onLine(edge.to, each)));
}

const expectOne = (found: { value: number; at: Point }[], value: number, [x, y]: Point) => {
  expect(found).toHaveLength(1);
  expect(found[0]?.value).toBeCloseTo(value, 3);
  expect(Math.abs((found[0]?.at[0] ?? NaN) - x)).toBeLessThanOrEqual(0.6);
  expect(Math.abs((found[0]?.at[1] ?? NaN) - y)).toBeLessThanOrEqual(0.01);
};

describe('copper to an edge closed across gaps', () => {
  it('follows the drawn board line, not a line between two tabs\' ends beside it, and finds a pad 0.1 mm from it', async () => {
    // A 30 × 20 mm board; above it a rail whose tab lines stop 0.025 mm short of the board's top line (drawn first, as
    // Altium's panel does), holding a tooling hole: only the board and rail together hold every hole. A pad's top
    // edge is 0.1 mm below the board line y = 20.
    const corners: Point[][] = [[[2, 20.025], [2, 25], [28, 25], [28, 20.025]], [[0, 0], [30, 0], [30, 20], [0, 20], [0, 0]]];
    const outline = corners.flatMap(path);
    const holes: [number, Point[]][] = [VIAS, [1, [[15, 23]]]];
    const drawn = corners.flatMap((points) => points.slice(1).map((to, index): Line => ({ from: points[index] ?? to, to })));
    expect(undrawnEdges(outline, holes, drawn, 0.05)).toEqual([]);
    expectOne(await nearEdge(outline, [15, 19.4], holes), 0.1, [15, 19.9]);
  });

  it('is measured to the drawn line, not to a loose copy of it drawn 0.03 mm beside it', async () => {
    // The top line is drawn twice: a loose copy at y = 20.03 (its ends join nothing) and the board's own at y = 20;
    // the bottom line stops 0.03 mm short of a corner, so the outline closes only across a gap.
    const outline = [...line([0, 20.03], [29.97, 20.03]), ...path([[0, 0], [29.97, 0]]), ...path([[30, 0], [30, 20], [0, 20], [0, 0]])];
    expectOne(await nearEdge(outline, [15, 19.4]), 0.1, [15, 19.9]);
  });

  it('is measured to the drawn lines where an arc\'s end is 0.15 mm short of a side, not to a line across the arc\'s chords', async () => {
    // The top side runs from the end of a notch (a half circle of radius 1.5 mm drawn in 3° chords) that it misses by
    // 0.15 mm; the bottom side stops 0.4 mm short of a corner, so the outline closes only across a 0.5 mm gap.
    const notch = Array.from({ length: 61 }, (_, step): Point => {
      const angle = Math.PI + (step * Math.PI) / 60;
      return [3.5 + 1.5 * Math.cos(angle), 20 + 1.5 * Math.sin(angle)];
    });
    const outline = [...path([[30, 0], [0, 0]]), ...path([[0, 0], [0, 20], ...notch]), ...path([[5.15, 20], [30, 20], [30, 0.4]])];
    expectOne(await nearEdge(outline, [7, 19.4]), 0.1, [7, 19.9]);
  });
});
