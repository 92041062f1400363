import type gerberPlotter from '@pcb-portal/gerber-plotter';

/**
 * A flashed aperture's whole shape: every primitive in the order drawn, each with its exposure, so a
 * macro's clear parts, a ring's hole, a thermal's clipped spokes and a standard aperture's hole take copper away
 * as the file says. Relative to the flash point, in the file's units until the reading scales it (`scaledPart`).
 */
export type AperturePart =
  | { kind: 'circle'; dark: boolean; cx: number; cy: number; r: number }
  | { kind: 'ring'; dark: boolean; cx: number; cy: number; r: number; width: number }
  /** An axis-aligned rectangle, its corners rounded by `r` (an obround when r is half its shorter side). */
  | { kind: 'rect'; dark: boolean; cx: number; cy: number; width: number; height: number; r: number }
  | { kind: 'polygon'; dark: boolean; points: number[] }
  /** Gerber's thermal primitive: the spokes' rectangles (or rotated polygons) kept only inside the ring. */
  | { kind: 'clip'; dark: boolean; parts: AperturePart[]; ring: { cx: number; cy: number; r: number; width: number } };

export interface Aperture { parts: AperturePart[]; thermal: boolean }

/** What the plotter lists for a macro besides the four drawn shapes: exposure changes and thermal clips. */
interface PlottedShape {
  type: string;
  polarity?: string;
  cx?: number; cy?: number; r?: number; width?: number; height?: number;
  points?: number[][];
  shape?: PlottedShape[];
  clip?: PlottedShape;
}

function partOf(shape: PlottedShape, dark: boolean): AperturePart | null {
  const n = (value: number | undefined) => value ?? 0;
  switch (shape.type) {
    case 'circle': return { kind: 'circle', dark, cx: n(shape.cx), cy: n(shape.cy), r: n(shape.r) };
    case 'ring': return { kind: 'ring', dark, cx: n(shape.cx), cy: n(shape.cy), r: n(shape.r), width: n(shape.width) };
    case 'rect': return { kind: 'rect', dark, cx: n(shape.cx), cy: n(shape.cy), width: n(shape.width), height: n(shape.height), r: n(shape.r) };
    case 'poly': return { kind: 'polygon', dark, points: (shape.points ?? []).flatMap(([x = 0, y = 0]) => [x, y]) };
    case 'clip': {
      const ring = shape.clip ?? { type: 'ring' };
      const parts = (shape.shape ?? []).flatMap((each) => partOf(each, true) ?? []);
      return { kind: 'clip', dark, parts, ring: { cx: n(ring.cx), cy: n(ring.cy), r: n(ring.r), width: n(ring.width) } };
    }
    default: return null;
  }
}

/**
 * The plotter's shape list of an aperture as parts. A thermal relief (a clip primitive, or a disc with a clear centre
 * crossed by clear spokes) marks a negative plane film (server/gerber/dfm/layer-geometry.ts).
 */
export function apertureOf(shapes: gerberPlotter.Shape[]): Aperture {
  const parts: AperturePart[] = [];
  let dark = true;
  for (const shape of shapes as unknown as PlottedShape[]) {
    if (shape.type === 'layer') { dark = shape.polarity !== 'clear'; continue; }
    const part = partOf(shape, dark);
    if (part) parts.push(part);
  }
  const clearFrom = parts.findIndex((part) => !part.dark);
  const thermal = parts.some((part) => part.kind === 'clip')
    || (clearFrom >= 0 && parts.slice(clearFrom).filter((part) => !part.dark && (part.kind === 'rect' || part.kind === 'polygon')).length >= 2);
  return { parts, thermal };
}

/** A part in mm. */
export function scaledPart(part: AperturePart, scale: number): AperturePart {
  switch (part.kind) {
    case 'circle': return { ...part, cx: part.cx * scale, cy: part.cy * scale, r: part.r * scale };
    case 'ring': return { ...part, cx: part.cx * scale, cy: part.cy * scale, r: part.r * scale, width: part.width * scale };
    case 'rect': return { ...part, cx: part.cx * scale, cy: part.cy * scale, width: part.width * scale, height: part.height * scale, r: part.r * scale };
    case 'polygon': return { ...part, points: part.points.map((value) => value * scale) };
    case 'clip': {
      const { ring } = part;
      return {
        ...part,
        parts: part.parts.map((each) => scaledPart(each, scale)),
        ring: { cx: ring.cx * scale, cy: ring.cy * scale, r: ring.r * scale, width: ring.width * scale },
      };
    }
  }
}

/** The round size of an aperture that is one dark circle (mm after scaling), else 0. */
export function roundDiameter(aperture: Aperture): number {
  const [only] = aperture.parts;
  return aperture.parts.length === 1 && only?.kind === 'circle' && only.dark ? only.r * 2 : 0;
}
