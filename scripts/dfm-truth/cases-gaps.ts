import { frame } from './board';
import { circle, GerberWriter, size, type Point } from './gerber-writer';
import type { TruthCase } from './truth';

/** Gaps between copper of different nets narrower than the standard class's 0.1 mm, and silk on a pad. */

const GAP_MM = 0.08;
const SQRT_HALF = Math.SQRT1_2;
const along = ([x, y]: Point, [dx, dy]: Point, distance: number): Point => [x + dx * distance, y + dy * distance];

/** Two round test pads of different nets whose rims are 0.08 mm apart, each with its own track and via. */
function padsTooClose(): TruthCase {
  const board = frame();
  const padMm = 1;
  const left: Point = [15 - (padMm + GAP_MM) / 2, 10]; const right: Point = [15 + (padMm + GAP_MM) / 2, 10];
  board.top.pad(circle(padMm), left, circle(padMm + 0.1)).pad(circle(padMm), right, circle(padMm + 0.1));
  board.top.track(0.25, left, [11, 10]).track(0.25, right, [19, 10]);
  board.via([11, 10]).via([19, 10]);
  return {
    name: 'pads-too-close', drawn: 'two round test pads of different nets 0.08 mm apart (KiCad TestPoint_Pad_D1.0mm)', layers: 2,
    files: board.files(), expected: [{ rule: 'trackSpacing', valueMm: GAP_MM, at: [15, 10] }],
  };
}

/** A 0.2 mm track passing 0.08 mm above a pin of another net. */
function trackNearPad(): TruthCase {
  const board = frame();
  const pin: Point = [15, 10]; const padMm = 1.6; const width = 0.2;
  const y = pin[1] + padMm / 2 + GAP_MM + width / 2;
  board.pin(pin, padMm, 0.8);
  board.bottom.track(0.25, pin, [15, 6]);
  board.top.track(width, [9, y], [21, y]);
  board.via([15, 6]).via([9, y]).via([21, y]);
  return {
    name: 'track-near-pad', drawn: 'a 0.2 mm track running 0.08 mm past a round pin of another net (KiCad)', layers: 2,
    files: board.files(), expected: [{ rule: 'trackSpacing', valueMm: GAP_MM, at: [15, pin[1] + padMm / 2 + GAP_MM / 2] }],
  };
}

/** KiCad's rounded-rectangle pad macro (KiCad 6 and later write every roundrect pad with it). */
const ROUND_RECT = [
  '0 Rectangle with rounded corners', '0 $1 Rounding radius', '0 $2 $3 $4 $5 $6 $7 $8 $9 X,Y pos of 4 corners',
  '4,1,4,$2,$3,$4,$5,$6,$7,$8,$9,$2,$3,0', '1,1,$1+$1,$2,$3', '1,1,$1+$1,$4,$5', '1,1,$1+$1,$6,$7', '1,1,$1+$1,$8,$9',
  '20,1,$1+$1,$2,$3,$4,$5,0', '20,1,$1+$1,$4,$5,$6,$7,0', '20,1,$1+$1,$6,$7,$8,$9,0', '20,1,$1+$1,$8,$9,$2,$3,0',
];
const roundRect = (radius: number, halfX: number, halfY: number) =>
  `RoundRect,${[radius, -halfX, -halfY, halfX, -halfY, halfX, halfY, -halfX, halfY].map(size).join('X')}`;

/**
 * A 1.75 × 1.2 mm rounded-rectangle pad (0.25 mm corners) as KiCad's macro, and a 0.2 mm track at 45° passing
 * its upper right corner 0.08 mm off: the nearest copper is the corner's arc, along the diagonal from its centre.
 */
function macroPadNearTrack(): TruthCase {
  const board = frame();
  const pad: Point = [15, 10]; const radius = 0.25; const halfX = 0.625; const halfY = 0.35; const width = 0.2;
  board.top.macro('RoundRect', ROUND_RECT);
  board.top.pad(roundRect(radius, halfX, halfY), pad, roundRect(radius + 0.05, halfX, halfY));
  board.top.track(0.25, pad, [12, 10]);
  const corner: Point = [pad[0] + halfX, pad[1] + halfY];
  const outward: Point = [SQRT_HALF, SQRT_HALF]; const trackDirection: Point = [SQRT_HALF, -SQRT_HALF];
  const foot = along(corner, outward, radius + GAP_MM + width / 2);
  const [from, to] = [along(foot, trackDirection, -1.5), along(foot, trackDirection, 1.5)];
  board.top.track(width, from, to);
  board.via([12, 10]).via(from).via(to);
  return {
    name: 'macro-pad-near-track', drawn: 'a 0.2 mm track passing 0.08 mm from the corner of a RoundRect macro pad (KiCad 7)', layers: 2,
    files: board.files(), expected: [{ rule: 'trackSpacing', valueMm: GAP_MM, at: along(corner, outward, radius + GAP_MM / 2) }],
  };
}

/** EAGLE's 8 mil vector fill: the polygon's outline stroked, its inside filled with rows of strokes that overlap. */
export const EAGLE_FILL_MM = 0.2032;
function eaglePour(layer: GerberWriter, [x0, y0]: Point, [x1, y1]: Point, pitch: number): void {
  layer.track(EAGLE_FILL_MM, [x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]);
  const rows = Math.round((y1 - y0) / pitch);
  for (let row = 1; row < rows; row += 1) layer.track(EAGLE_FILL_MM, [x0, y0 + row * pitch], [x1, y0 + row * pitch]);
}

/** An EAGLE vector-filled pour whose upper right corner comes 0.07 mm from a 0.25 mm track passing it at 45°. */
function eaglePourRim(): TruthCase {
  const gap = 0.07; const width = 0.25;
  const board = frame();
  const corner: Point = [25, 9.4];
  eaglePour(board.top, [5, 5], corner, 0.176);
  // Ground vias in the pour, as every ground pour has.
  board.via([10, 7.2]).via([15, 7.2]).via([20, 7.2]);
  const outward: Point = [SQRT_HALF, SQRT_HALF]; const trackDirection: Point = [SQRT_HALF, -SQRT_HALF];
  const foot = along(corner, outward, EAGLE_FILL_MM / 2 + gap + width / 2);
  const [from, to] = [along(foot, trackDirection, -2), along(foot, trackDirection, 2)];
  board.top.track(width, from, to);
  board.via(from).via(to);
  return {
    name: 'eagle-pour-rim', drawn: 'an EAGLE vector-filled pour (0.2032 mm strokes 0.176 mm apart) 0.07 mm from a track', layers: 2,
    files: board.files(), expected: [{ rule: 'trackSpacing', valueMm: gap, at: along(corner, outward, EAGLE_FILL_MM / 2 + gap / 2) }],
  };
}

/**
 * A step-and-repeat block (%SR) of three copies 10 mm apart, each two test pads 0.08 mm apart with their tracks
 * and vias (a panelizer's or CAM's repeated layout); the drill file lists every copy's holes.
 */
function stepAndRepeat(): TruthCase {
  const board = frame(2, 32, 20);
  const padMm = 1; const step = 10; const copies = 3;
  const left: Point = [6 - (padMm + GAP_MM) / 2, 10]; const right: Point = [6 + (padMm + GAP_MM) / 2, 10];
  const vias: [Point, Point] = [[left[0], 13.5], [right[0], 6.5]];
  board.top.stepRepeat(copies, 1, [step, 0], (top) => {
    top.pad(circle(padMm), left, circle(padMm + 0.1)).pad(circle(padMm), right, circle(padMm + 0.1));
    top.track(0.25, left, vias[0]).track(0.25, right, vias[1]).flash(circle(0.6), ...vias);
  });
  board.bottom.stepRepeat(copies, 1, [step, 0], (bottom) => bottom.flash(circle(0.6), ...vias));
  const offsets = Array.from({ length: copies }, (_, copy) => copy * step);
  board.hole(0.3, ...offsets.flatMap((dx) => vias.map(([x, y]): Point => [x + dx, y])));
  return {
    name: 'step-and-repeat', drawn: 'a %SR block of three copies, each with two pads of different nets 0.08 mm apart', layers: 2,
    files: board.files(), expected: offsets.map((dx) => ({ rule: 'trackSpacing' as const, valueMm: GAP_MM, at: [6 + dx, 10] as Point })),
  };
}

/** A component outline in silk (0.15 mm) whose lower side runs across a pin, 0.6 mm above its centre. */
function silkOverPad(): TruthCase {
  const board = frame();
  const pin: Point = [15, 10]; const padMm = 1.7; const silkMm = 0.15; const above = 0.6;
  board.pin(pin, padMm, 1).via([15, 6]);
  board.bottom.track(0.25, pin, [15, 6]);
  board.silk.track(silkMm, [13, pin[1] + above], [17, pin[1] + above], [17, 12.5], [13, 12.5], [13, pin[1] + above]);
  // The silk's lower rim is its deepest on the pad's bare copper, inside the pad's rim by (radius − distance from the
  // centre): ink on the laminate between the pad and the opening's rim lies on no copper.
  const deepest = pin[1] + above - silkMm / 2;
  return {
    name: 'silk-over-pad', drawn: 'a 0.15 mm silk outline crossing a pin 0.6 mm above its centre (KiCad F.Silkscreen)', layers: 2,
    files: board.files(), expected: [{ rule: 'silkOverPad', valueMm: -(padMm / 2 - (deepest - pin[1])), at: [15, deepest] }],
  };
}

export const GAP_CASES = [padsTooClose, trackNearPad, macroPadNearTrack, eaglePourRim, stepAndRepeat, silkOverPad];
