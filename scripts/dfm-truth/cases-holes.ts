import { frame } from './board';
import { fractured, obround, rect, roundHole, type Point } from './gerber-writer';
import type { TruthCase } from './truth';

/** Rings and holes below the standard class (0.13 mm ring, 0.2 mm hole). */

const RING_MM = 0.1;

/**
 * A signal via of a four-layer board with a 0.6 mm pad flashed on a 0.4 mm drill (a 0.1 mm ring), its inner
 * layers ground zones with round antipads, fractured as KiCad writes them.
 */
function viaRingFlashed(): TruthCase {
  const board = frame(4);
  const via: Point = [15, 10]; const drillMm = 0.4;
  board.via(via, drillMm, drillMm + 2 * RING_MM);
  board.top.pad(rect(0.9, 1), [11, 10], rect(1, 1.1)).track(0.25, [11, 10], via);
  board.bottom.track(0.25, via, [19, 10]);
  board.via([19, 10]);
  for (const plane of board.inner) {
    plane.polygon(fractured([4.5, 4.5], [25.5, 15.5], [roundHole(via, drillMm / 2 + 0.3, 'below'), roundHole([19, 10], 0.15 + 0.3, 'below')]));
  }
  return {
    name: 'via-ring-flashed', drawn: 'a via of a four-layer board: a 0.6 mm pad flashed on a 0.4 mm drill (KiCad)', layers: 4,
    files: board.files(), expected: [{ rule: 'annularRing', valueMm: RING_MM, at: via }],
  };
}

/** The same via's pads written as regions: a circle of two half arcs on each side (custom pads in CAM exports). */
function viaRingRegion(): TruthCase {
  const board = frame();
  const via: Point = [15, 10]; const drillMm = 0.4; const r = drillMm / 2 + RING_MM;
  for (const side of [board.top, board.bottom]) {
    side.region([via[0] + r, via[1]], { to: [via[0] - r, via[1]], centre: via }, { to: [via[0] + r, via[1]], centre: via });
  }
  board.hole(drillMm, via);
  board.top.track(0.25, via, [11, 10]);
  board.via([11, 10]);
  return {
    name: 'via-ring-region', drawn: 'a via whose 0.6 mm pads are regions (two G03 arcs) on a 0.4 mm drill', layers: 2,
    files: board.files(), expected: [{ rule: 'annularRing', valueMm: RING_MM, at: via }],
  };
}

/** A 0.15 mm via (a laser via on a standard board) with a 0.45 mm pad: its ring is legal, its hole is not. */
function smallDrill(): TruthCase {
  const board = frame();
  const via: Point = [15, 10]; const drillMm = 0.15;
  board.via(via, drillMm, 0.45);
  board.top.track(0.2, via, [11, 10]);
  board.bottom.track(0.2, via, [19, 10]);
  board.via([11, 10]).via([19, 10]);
  return {
    name: 'small-drill', drawn: 'a via drilled 0.15 mm with a 0.45 mm pad (KiCad)', layers: 2,
    files: board.files(), expected: [{ rule: 'holeSize', valueMm: drillMm, at: via }],
  };
}

/** A plated 1 × 3 mm slot (G85) in an oval pad 0.2 mm wider and longer: a 0.1 mm ring all round. */
function platedSlotRing(): TruthCase {
  const board = frame();
  const centre: Point = [15, 10]; const slotMm = 1; const slotLength = 3;
  const [w, h] = [slotLength + 2 * RING_MM, slotMm + 2 * RING_MM];
  // The slot is the pad's only hole.
  board.top.pad(obround(w, h), centre, obround(w + 0.1, h + 0.1));
  board.bottom.pad(obround(w, h), centre, obround(w + 0.1, h + 0.1));
  board.slot({ diameterMm: slotMm, from: [centre[0] - (slotLength - slotMm) / 2, 10], to: [centre[0] + (slotLength - slotMm) / 2, 10] });
  board.bottom.track(0.5, centre, [15, 6]);
  board.via([15, 6], 0.3, 0.6);
  return {
    name: 'plated-slot-ring', drawn: 'a plated slot 1 × 3 mm routed as G85 in a 3.2 × 1.2 mm oval pad (KiCad)', layers: 2,
    files: board.files(), expected: [{ rule: 'annularRing', valueMm: RING_MM, at: centre }],
  };
}

export const HOLE_CASES = [viaRingFlashed, viaRingRegion, smallDrill, platedSlotRing];
