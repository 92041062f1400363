import type { LayerType } from '../../src/contract/board-files';
import { centreLinesOf, type GerberReading } from './gerber-read';
import { contains } from './geometry';
import { findClosedShapes } from './loops';

/**
 * What a Gerber file is by what it draws, when nothing else says: a guess the layer table marks for checking.
 * Round flashes on the drill holes and nothing else are a Gerber drill file; thin lines closing around the holes are
 * an outline; pads alone are a mask (openings on through-hole pads) or paste (none there); thin lines alone are silk;
 * traces with pads, or poured regions, are copper.
 */
export interface ContentLayer { type: LayerType; side: null }

/** Silk, outlines and drawings are drawn with thin lines; traces and pours are not bounded like this. */
const THIN_MM = 0.5;
const MATCH_MM = 0.05;

function shareOnHoles(reading: GerberReading, holes: [number, number][]): number {
  if (reading.flashCount === 0 || holes.length === 0) return 0;
  const cell = (value: number) => Math.round(value / MATCH_MM);
  const grid = new Set(holes.map(([x, y]) => `${cell(x)},${cell(y)}`));
  let on = 0;
  for (let index = 0; index < reading.flashCount; index += 1) {
    const x = cell(reading.flashXY[index * 2] ?? 0);
    const y = cell(reading.flashXY[index * 2 + 1] ?? 0);
    let hit = false;
    for (let dx = -1; dx <= 1 && !hit; dx += 1) for (let dy = -1; dy <= 1 && !hit; dy += 1) hit = grid.has(`${x + dx},${y + dy}`);
    if (hit) on += 1;
  }
  return on / reading.flashCount;
}

/** Whether the file's lines close around (nearly) every drill hole: the board's edge. */
function closesAroundHoles(reading: GerberReading, holes: [number, number][]): boolean {
  if (!reading.centreLines || holes.length === 0) return false;
  const { shapes } = findClosedShapes(centreLinesOf(reading));
  return shapes.some((shape) => holes.filter((hole) => contains(shape.box, hole)).length >= holes.length * 0.95);
}

export function layerOfContent(reading: GerberReading, context: { holes: [number, number][] }): ContentLayer | null {
  const { flashCount, strokeCount, regionCount } = reading;
  if (flashCount + strokeCount + regionCount === 0) return null;
  const thin = reading.strokeWidthsMm.every((width) => width <= THIN_MM);
  if (strokeCount === 0 && regionCount === 0) {
    const onHoles = shareOnHoles(reading, context.holes);
    if (onHoles >= 0.9 && reading.flashDiameterMm.every((diameter) => diameter > 0)) return { type: 'drill', side: null };
    return { type: onHoles >= 0.2 ? 'soldermask' : 'solderpaste', side: null };
  }
  if (flashCount === 0 && regionCount === 0 && thin) {
    return { type: closesAroundHoles(reading, context.holes) ? 'outline' : 'silkscreen', side: null };
  }
  return { type: 'copper', side: null };
}
