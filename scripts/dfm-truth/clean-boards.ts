import { frame } from './board';
import { EAGLE_FILL_MM } from './cases-gaps';
import { chords, circle, fractured, GerberWriter, rect, type Point, type ZoneHole } from './gerber-writer';
import type { TruthCase } from './truth';

/**
 * Clean boards with geometry that tempts a checker into a false finding: every gap,
 * width, ring and clearance on them is within the standard class, by construction.
 */

const clean = (name: string, drawn: string, board: ReturnType<typeof frame>): TruthCase =>
  ({ name, drawn, layers: board.layers, files: board.files(), expected: [] });

/**
 * An EAGLE 6 vector-filled pour, as the RAMBo controller's: its outline and rows of 0.2032 mm strokes 0.19 mm apart
 * (they overlap by 13 µm: one copper) round three ground vias; the rows cut short round another net's via by an
 * isolation contour of chords 0.3 mm off its pad; and the outline run out onto a ground SMD pad and back, 25 µm
 * apart, joining the pad to the pour across the 0.038 mm between the rows' ends and the pad.
 */
function eagleVectorPour(): TruthCase {
  const board = frame();
  const [x0, y0, x1, y1] = [5, 5, 25, 15]; const pitch = 0.19;
  const via: Point = [15, 10]; const contour = 0.3 + 0.3 + EAGLE_FILL_MM / 2;
  const pad: Point = [x1 + EAGLE_FILL_MM / 2 + 0.038 + 0.5, 10]; const step = 0.0127;
  const top = board.top;
  top.track(EAGLE_FILL_MM, [x0, y0], [x1, y0], [x1, pad[1] - step], [pad[0] - 0.04, pad[1] - step], [pad[0] - 0.04 + 2 * step, pad[1] + step],
    [x1, pad[1] + step], [x1, y1], [x0, y1], [x0, y0]);
  top.pad(rect(1, 0.6), pad, rect(1.1, 0.7));
  top.polyline(EAGLE_FILL_MM, chords(via, contour, 0, 2 * Math.PI, 32));
  for (let y = y0 + pitch; y < y1 - 0.01; y += pitch) {
    const dy = Math.abs(y - via[1]);
    if (dy >= contour) { top.track(EAGLE_FILL_MM, [x0, y], [x1, y]); continue; }
    const dx = Math.sqrt(contour ** 2 - dy ** 2);
    top.track(EAGLE_FILL_MM, [x0, y], [via[0] - dx, y]).track(EAGLE_FILL_MM, [via[0] + dx, y], [x1, y]);
  }
  board.via(via).via([15, 2.5]).via([8, 8]).via([15, 13]).via([22, 8]);
  board.bottom.track(0.25, via, [15, 2.5]);
  return clean('eagle-vector-pour', 'an EAGLE vector-filled pour of overlapping strokes, its outline run onto a ground pad (RAMBo 1.3)', board);
}

/** Two 0.2 mm tracks 0.12 mm apart along an S of tangent arcs (KiCad 7's rounded tracks, Altium's pairs). */
function tangentArcs(): TruthCase {
  const board = frame();
  const offset = 0.32;
  board.top.track(0.2, [4, 10], [10, 10], { to: [12, 12], centre: [10, 12] }, { to: [14, 14], centre: [14, 12], cw: true }, [22, 14]);
  board.top.track(0.2, [6, 8.5], [7.18, 10 - offset], [10, 10 - offset], { to: [12 + offset, 12], centre: [10, 12] },
    { to: [14, 14 - offset], centre: [14, 12], cw: true }, [20, 14 - offset], [21.32, 12.36]);
  board.via([4, 10]).via([6, 8.5]).via([22, 14]).via([21.32, 12.36]);
  return clean('tangent-arcs', 'two tracks 0.12 mm apart along tangent arcs of opposite bend (G02 after G03)', board);
}

/**
 * Pads and their own tracks overlapping: a 0.15 mm bus across three header pins, tracks ending at SMD pads' centres,
 * a wide track half over its pad, a 0.12 mm track ending inside a pad past its centre, and 0.65 mm pitch pads.
 */
function padsOverTheirTracks(): TruthCase {
  const board = frame();
  const pins: [Point, Point, Point] = [[8, 5.5], [10.54, 5.5], [13.08, 5.5]];
  for (const pin of pins) board.pin(pin, 1.7, 1);
  board.top.track(0.15, pins[0], pins[2]);
  const smd = rect(0.6, 1.5); const smdMask = rect(0.7, 1.6);
  board.top.pad(smd, [18, 5.5], smdMask).pad(smd, [19.27, 5.5], smdMask).track(0.25, [18, 5.5], [18, 8.5]).track(0.6, [19.47, 5.9], [21, 8.5]);
  board.top.pad(rect(2, 2), [8, 12], rect(2.1, 2.1)).track(0.12, [8.6, 12.4], [11, 12.4]);
  board.via([18, 8.5]).via([21, 8.5]).via([11, 12.4]);
  for (let index = 0; index < 5; index += 1) {
    const at: Point = [15 + 0.65 * index, 14];
    board.top.pad(rect(0.3, 0.8), at, rect(0.4, 0.9)).track(0.2, at, [at[0], index % 2 === 0 ? 11.4 : 12.4]);
    board.via([at[0], index % 2 === 0 ? 11.4 : 12.4]);
  }
  return clean('pads-over-their-tracks', 'tracks over their own pads: a bus across pins, wide and thin tracks into pads, 0.65 mm pitch', board);
}

/** The four holes of a thermal relief round a pin in a zone fill: the clearance ring less four spokes. */
function thermalHoles([cx, cy]: Point, clearance: number, spoke: number): ZoneHole[] {
  const s = spoke / 2; const reach = Math.sqrt(clearance ** 2 - s ** 2);
  const near = Math.atan2(s, reach); const far = Math.atan2(reach, s);
  const arc = (from: number, to: number) => chords([cx, cy], clearance, from, to, 8);
  return [
    { from: 'above', points: [[cx + s, cy + reach], ...arc(far, near).slice(1), [cx + s, cy + s]] },
    { from: 'above', points: [[cx - s, cy + reach], [cx - s, cy + s], [cx - reach, cy + s], ...arc(Math.PI - near, Math.PI - far).slice(1, -1)] },
    { from: 'below', points: [[cx + s, cy - reach], [cx + s, cy - s], [cx + reach, cy - s], ...arc(-near, -far).slice(1, -1)] },
    { from: 'below', points: [[cx - s, cy - reach], ...arc(-Math.PI + far, -Math.PI + near).slice(1), [cx - s, cy - s]] },
  ];
}

/** A thermal relief as a clear cut and dark spokes drawn after it (EAGLE, older Altium). */
function clearThermal(layer: GerberWriter, at: Point, clearance: number, spoke: number): void {
  layer.clear((cut) => cut.flash(circle(2 * clearance), at));
  const reach = clearance + 0.2;
  layer.track(spoke, [at[0] - reach, at[1]], [at[0] + reach, at[1]]).track(spoke, [at[0], at[1] - reach], [at[0], at[1] + reach]);
}

/** Two pins on thermal reliefs: on the top a KiCad zone fill with the reliefs' holes cut in, on the bottom in clear. */
function thermalReliefs(): TruthCase {
  const board = frame();
  const pins: Point[] = [[10, 10], [20, 10]]; const clearance = 1.3; const spoke = 0.4;
  board.top.polygon(fractured([5, 5], [25, 15], pins.flatMap((pin) => thermalHoles(pin, clearance, spoke))));
  board.bottom.region([5, 5], [25, 5], [25, 15], [5, 15]);
  for (const pin of pins) clearThermal(board.bottom, pin, clearance, spoke);
  for (const pin of pins) board.pin(pin, 1.8, 1);
  return clean('thermal-reliefs', 'pins on thermal reliefs: a KiCad zone with the reliefs cut in, and clear cuts with dark spokes', board);
}

/**
 * A teardrop as KiCad 7 draws one: a region from the track's sides, tangent to them, flaring to the pad's rim at
 * ±`spread` from the track, closed across the pad.
 */
function teardrop(layer: GerberWriter, pad: Point, radius: number, towards: Point, halfWidth: number, length: number, spread: number): void {
  const d = Math.hypot(towards[0] - pad[0], towards[1] - pad[1]);
  const ux = (towards[0] - pad[0]) / d; const uy = (towards[1] - pad[1]) / d;
  const at = (along: number, across: number): Point => [pad[0] + ux * along - uy * across, pad[1] + uy * along + ux * across];
  const side = (sign: number): Point[] => {
    const [tx, ty] = [length, sign * halfWidth]; const [ax, ay] = [radius * Math.cos(spread), sign * radius * Math.sin(spread)];
    const [cx, cy] = [(length + ax) / 2, sign * halfWidth];
    return Array.from({ length: 9 }, (_, step): Point => {
      const t = step / 8;
      return at((1 - t) ** 2 * tx + 2 * (1 - t) * t * cx + t ** 2 * ax, (1 - t) ** 2 * ty + 2 * (1 - t) * t * cy + t ** 2 * ay);
    });
  };
  layer.polygon([...side(-1), ...side(1).reverse()]);
}

/** Teardrops where a 0.2 mm track meets a via and a pin. */
function teardrops(): TruthCase {
  const board = frame();
  const pin: Point = [8, 10]; const via: Point = [15, 10];
  board.pin(pin, 1.7, 1).via(via).via([22, 10]);
  board.top.track(0.2, pin, via);
  teardrop(board.top, via, 0.3, pin, 0.1, 0.8, Math.PI / 3);
  teardrop(board.top, pin, 0.85, via, 0.1, 1.75, Math.PI / 4);
  board.bottom.track(0.2, via, [22, 10]);
  return clean('teardrops', 'KiCad 7 teardrops (regions) where a 0.2 mm track meets a via and a pin', board);
}

/** Tracks of a legal width turning 90° and 45° (0.15 mm and, at the limit's margin, 0.12 mm). */
function trackCorners(): TruthCase {
  const board = frame();
  board.top.track(0.15, [6, 6], [14, 6], [14, 14]).track(0.12, [17, 6], [24, 6], [24, 10], [21, 13], [17, 13]);
  board.bottom.track(0.15, [6, 14], [10, 14], [10, 8]);
  board.via([6, 6]).via([14, 14]).via([17, 6]).via([17, 13]).via([6, 14]).via([10, 8]);
  return clean('track-corners', '0.15 mm and 0.12 mm tracks turning 90° and 45°', board);
}

export const CLEAN_BOARDS = [eagleVectorPour, tangentArcs, padsOverTheirTracks, thermalReliefs, teardrops, trackCorners];
