import { beforeAll, describe, expect, it } from 'vitest';
import { readGerber } from '../../server/gerber/gerber-read';
import { buildLayer } from '../../server/gerber/polygons/build';
import { loadPolygons, polygonHeapBytes } from '../../server/gerber/polygons/module';
import { withPolygons } from '../../server/gerber/polygons/scope';
import { gerber, line, xy, type Point } from './dfm-gerber-text';

/**
 * A layer's drawing as united polygons (clipper2-wasm behind server/gerber/polygons/), checked against
 * areas and piece counts worked out by hand. Curves are cut into chords within 2 µm, so areas of round things are a
 * little under the true ones: the tolerances below say how much.
 */

beforeAll(async () => { await loadPolygons(); });

const flash = (point: Point) => `${xy(point)}D03*`;
const square = ([x0, y0]: Point, [x1, y1]: Point) => [
  'G36*',
  ...line([x0, y0], [x1, y0]),
  `${xy([x1, y1])}D01*`,
  `${xy([x0, y1])}D01*`,
  `${xy([x0, y0])}D01*`,
  'G37*',
];

/** Chords cut inside a curve: the area is short of the exact one by at most the tolerance times the curved rim. */
function expectCurved(area: number, exact: number, curvedRim: number): void {
  expect(area).toBeLessThanOrEqual(exact + 1e-6);
  expect(exact - area).toBeLessThanOrEqual(0.002 * curvedRim);
}

/** The united drawing of a Gerber text: its area (mm²), pieces and holes. */
function united(text: string): { area: number; pieces: number; holes: number } {
  const { objects } = readGerber(text, 'layer');
  return withPolygons((scope) => {
    const { shape, pieces } = buildLayer(scope, objects);
    return { area: scope.area(shape()), pieces: pieces.length, holes: pieces.reduce((sum, piece) => sum + piece.holes.length, 0) };
  });
}

describe('a layer united as polygons', () => {
  it('unites overlapping regions into one piece, counting their overlap once', () => {
    const found = united(gerber([], [...square([0, 0], [2, 2]), ...square([1, 1], [3, 3])]));
    expect(found.pieces).toBe(1);
    expect(found.area).toBeCloseTo(4 + 4 - 1, 6);
  });

  it('draws a stroke as its centre line widened by a round pen: a rectangle and two half discs', () => {
    const found = united(gerber(['%ADD10C,0.200*%'], ['D10*', ...line([0, 0], [10, 0])]));
    const exact = 10 * 0.2 + Math.PI * 0.1 ** 2;
    expect(found.pieces).toBe(1);
    // Chords within 2 µm of a 0.1 mm radius take at most 2 µm × its 0.63 mm of rim.
    expectCurved(found.area, exact, 2 * Math.PI * 0.1);
  });

  it('draws a stroke of a rectangular aperture as the rectangle swept along it', () => {
    const found = united(gerber(['%ADD10R,0.200X0.300*%'], ['D10*', ...line([0, 0], [5, 0])]));
    // Swept along x: 5 mm × its 0.3 mm height, plus the rectangle itself at the ends.
    expect(found.area).toBeCloseTo(5 * 0.3 + 0.2 * 0.3, 4);
  });

  it('takes copper away where a clear run covers it, and lays dark copper drawn after it on top again', () => {
    const found = united(
      gerber(
        ['%ADD10C,1.000*%', '%ADD11C,0.400*%'],
        [...square([0, 0], [10, 10]), '%LPC*%', 'D10*', ...line([5, -1], [5, 11]), '%LPD*%', 'D11*', flash([5, 5])],
      ),
    );
    // The 1 mm cut splits the square in two; the 0.4 mm pad drawn after it stands in the cut alone.
    expect(found.pieces).toBe(3);
    expectCurved(found.area, 100 - 10 * 1 + Math.PI * 0.2 ** 2, 2 * Math.PI * 0.2);
  });

  it('keeps a standard aperture\'s hole transparent: copper under it stays, nothing under it is a hole', () => {
    const alone = united(gerber(['%ADD10C,1.000X0.400*%'], ['D10*', flash([0, 0])]));
    expect(alone.holes).toBe(1);
    // The hole's chords lie inside it too, so they add copper: the rims are judged apart.
    expect(Math.abs(alone.area - Math.PI * (0.5 ** 2 - 0.2 ** 2))).toBeLessThanOrEqual(0.002 * 2 * Math.PI * (0.5 + 0.2));
    const onPad = united(gerber(['%ADD10C,1.000X0.400*%', '%ADD11C,2.000*%'], ['D11*', flash([0, 0]), 'D10*', flash([0, 0])]));
    expect(onPad.holes).toBe(0);
    expectCurved(onPad.area, Math.PI, 2 * Math.PI);
  });

  it('draws a macro\'s clear exposure as a hole in its own dark parts', () => {
    const macro = ['%AMDONUT*', '1,1,2.0,0,0*', '1,0,1.0,0,0*', '%'];
    const found = united(gerber([...macro, '%ADD10DONUT*%'], ['D10*', flash([0, 0])]));
    expect(found).toMatchObject({ pieces: 1, holes: 1 });
    expect(Math.abs(found.area - Math.PI * (1 - 0.25))).toBeLessThanOrEqual(0.002 * 2 * Math.PI * 1.5);
  });

  it('draws a thermal primitive as its ring less the gaps of its spokes', () => {
    const macro = ['%AMTHERMAL*', '7,0,0,2.0,1.5,0.3,0*', '%'];
    const found = united(gerber([...macro, '%ADD10THERMAL*%'], ['D10*', flash([0, 0])]));
    // The ring from r 0.75 to 1 less two crossing bands 0.3 mm wide: each band takes, per side of the centre,
    // the integral over |x| < 0.15 of the ring's height there.
    const steps = 2000;
    let band = 0;
    for (let i = 0; i < steps; i += 1) {
      const x = -0.15 + (0.3 * (i + 0.5)) / steps;
      band += 2 * (Math.sqrt(1 - x * x) - Math.sqrt(0.5625 - x * x)) * (0.3 / steps);
    }
    // The two bands overlap only at the centre, inside the ring's hole.
    expect(found.pieces).toBe(4);
    expect(Math.abs(found.area - (Math.PI * (1 - 0.5625) - 2 * band))).toBeLessThanOrEqual(0.002 * 2 * Math.PI * 1.75);
  });

  it('draws every copy of a step-and-repeat block', () => {
    const found = united(gerber(['%ADD10R,0.500X0.500*%'], ['%SRX3Y2I1.0J1.0*%', 'D10*', flash([0, 0]), '%SR*%']));
    expect(found.pieces).toBe(6);
    expect(found.area).toBeCloseTo(6 * 0.25, 6);
  });

  it('draws a block aperture\'s contents wherever it is flashed', () => {
    const found = united(
      gerber(['%ADD10R,0.500X0.500*%'], ['%ABD12*%', 'D10*', flash([0, 0]), flash([1, 0]), '%AB*%', 'D12*', flash([10, 10]), flash([20, 10])]),
    );
    expect(found.pieces).toBe(4);
    expect(found.area).toBeCloseTo(4 * 0.25, 6);
  });

  it('fills a region bounded by arcs to within the chord tolerance', () => {
    const found = united(
      gerber([], ['G75*', 'G36*', `${xy([1, 0])}D02*`, 'G03*', `${xy([-1, 0])}I${-1e6}J0D01*`, `${xy([1, 0])}I${1e6}J0D01*`, 'G01*', 'G37*']),
    );
    expect(found.pieces).toBe(1);
    expectCurved(found.area, Math.PI, 2 * Math.PI);
  });
});

describe('the library\'s memory', () => {
  it('does not grow when the same layer is built again and again: every native object is deleted', () => {
    const strokes = Array.from({ length: 1000 }, (_, index) => line([index * 0.3, 0], [index * 0.3 + 0.01, 20])).flat();
    const text = gerber(['%ADD10C,0.250*%'], ['D10*', ...strokes]);
    const build = () => withPolygons((scope) => buildLayer(scope, readGerber(text, 'layer').objects).pieces.length);
    for (let round = 0; round < 5; round += 1) build();
    const before = polygonHeapBytes();
    for (let round = 0; round < 40; round += 1) build();
    expect(polygonHeapBytes()).toBe(before);
  });
});
