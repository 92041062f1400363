import { frame } from './board';
import { chords, circle, rect, type Point } from './gerber-writer';
import type { TruthCase } from './truth';

/** Copper thinner than the standard class's 0.1 mm, however it is drawn. */

const THIN_MM = 0.08;

/** A 0.08 mm track from pin 1 to pin 3 of a header, straight over pin 2: its middle lies on a pad. */
function trackAcrossPads(): TruthCase {
  const board = frame();
  const pitch = 2.54; const padMm = 1.7;
  const pins: [Point, Point, Point] = [[15 - pitch, 10], [15, 10], [15 + pitch, 10]];
  // KiCad's PinHeader_1x03: pin 1 square, the others round; the three pins are one net (a ground bus).
  board.throughHole(pins[0], rect(padMm, padMm), rect(padMm + 0.1, padMm + 0.1), 1);
  board.pin(pins[1], padMm, 1).pin(pins[2], padMm, 1);
  board.top.track(THIN_MM, pins[0], pins[2]);
  board.bottom.track(0.25, [15, 10], [15, 6]);
  board.via([15, 6]);
  // Thin between each pair of pads: from one pad's rim to the next one's, its middle halfway.
  const gapMiddle = (left: Point, right: Point): Point => [(left[0] + padMm / 2 + right[0] - padMm / 2) / 2, 10];
  return {
    name: 'track-across-pads',
    drawn: 'a 0.08 mm track straight across a row of header pins, its middle on the middle pin (KiCad)',
    layers: 2,
    files: board.files(),
    expected: [
      { rule: 'trackWidth', valueMm: THIN_MM, at: gapMiddle(pins[0], pins[1]) },
      { rule: 'trackWidth', valueMm: THIN_MM, at: gapMiddle(pins[1], pins[2]) },
    ],
  };
}

/**
 * A zone fill squeezed between two pins' clearances: the pour's outline bites round each pin as a polygon of 10°
 * chords (KiCad writes zone fills as regions of chords), one chord end at each bite's deepest point. The pins'
 * centres are 4 mm apart and their bites 1.96 mm deep: 0.08 mm of pour is left between them.
 */
function pourNeck(): TruthCase {
  const board = frame();
  const bite = 2 - THIN_MM / 2;
  const below: Point = [15, 8]; const above: Point = [15, 12];
  board.top.region([5, 8], [15 - bite, 8], ...chords(below, bite, Math.PI, 0, 18).slice(1), [25, 8], [25, 12],
    ...chords(above, bite, 0, -Math.PI, 18), [5, 12]);
  board.pin(below, 2.5, 1.3).pin(above, 2.5, 1.3);
  board.via([8, 10]).via([22, 10]);
  return {
    name: 'pour-neck',
    drawn: 'a zone fill region whose outline bites round two pins, leaving a 0.08 mm neck between them (KiCad)',
    layers: 2,
    files: board.files(),
    expected: [{ rule: 'trackWidth', valueMm: THIN_MM, at: [15, 10] }],
  };
}

/**
 * A dark pour with a pin's clearance cut in clear polarity, the pin drawn dark after: the 2.5 mm clearance comes
 * within 0.05 mm of the pour's lower rim, leaving a sliver of copper (EAGLE and Sprint-Layout cut pours so).
 */
function clearPolaritySliver(): TruthCase {
  const sliver = 0.05; const clearanceMm = 2.5;
  const board = frame();
  const pin: Point = [15, 5 + sliver + clearanceMm / 2];
  board.top.region([5, 5], [25, 5], [25, 15], [5, 15]).clear((top) => top.flash(circle(clearanceMm), pin));
  board.pin(pin, 1.6, 0.8);
  board.bottom.track(0.25, pin, [15, 2.5]);
  board.via([15, 2.5]).via([8, 10]).via([22, 10]);
  return {
    name: 'clear-polarity-sliver',
    drawn: 'a dark pour, a round clearance cut in clear polarity 0.05 mm from its rim, the pin dark again (EAGLE)',
    layers: 2,
    files: board.files(),
    // The sliver is narrowest under the clearance's lowest point.
    expected: [{ rule: 'trackWidth', valueMm: sliver, at: [15, 5 + sliver / 2] }],
  };
}

/** A 0.08 mm track drawn with a square aperture between two test pads (square-ended tracks of older CAM output). */
function rectangularApertureTrack(): TruthCase {
  const board = frame();
  const from: Point = [10, 10]; const to: Point = [20, 10];
  board.top.stroke(rect(THIN_MM, THIN_MM), from, [to]);
  board.top.pad(circle(1), from, circle(1.1)).pad(circle(1), to, circle(1.1));
  board.top.track(0.25, to, [22, 10]);
  board.via([22, 10]);
  return {
    name: 'rectangular-aperture-track',
    drawn: 'a 0.08 mm track stroked with a square aperture between two round test pads',
    layers: 2,
    files: board.files(),
    expected: [{ rule: 'trackWidth', valueMm: THIN_MM, at: [15, 10] }],
  };
}

export const THIN_COPPER_CASES = [trackAcrossPads, pourNeck, clearPolaritySliver, rectangularApertureTrack];
