import type { Aperture, AperturePart } from '../aperture';
import type { LayerObjects, ObjectRun } from '../layer-objects';
import { circle, negative, positive, roundedRect, translated, type Piece, type Ring } from './rings';
import type { PolygonScope, Shape } from './scope';

/**
 * A layer's drawing as united polygons: each run of one polarity united into what was drawn before it
 * (dark) or taken from it (clear), as Gerber says a layer is made. Strokes are offset as open paths by the library
 * (round ends and joins), flashes are their aperture's whole shape, regions their contours.
 */

/** How far a curve's chords may stray inside it, in mm: as the reader's arcs (gerber-read.ts). */
export const ARC_TOLERANCE_MM = 0.002;
/**
 * Round pads are cut finer: a hole's ring is measured to the pad's rim, and where other copper meets the rim the
 * corner lies on a chord, 2 µm inside at the tolerance above (a 0.1015 mm ring read 0.0999). At half a micron the
 * ring reads right to the micron; the other curves (round ends of tracks, joins) stay at 2 µm.
 */
const ROUND_PAD_SHARE = 0.25;

/** One part alone as rings (a ring primitive: its outer circle and its hole). Clips need the library: see apertureRings. */
function partRings(part: AperturePart, tolerance: number): Ring[] {
  switch (part.kind) {
    case 'circle': return part.r > 0 ? [circle(part.cx, part.cy, part.r, tolerance * ROUND_PAD_SHARE)] : [];
    case 'ring': {
      const outer = part.r + part.width / 2; const inner = part.r - part.width / 2; const fine = tolerance * ROUND_PAD_SHARE;
      if (outer <= 0) return [];
      return inner > 0 ? [circle(part.cx, part.cy, outer, fine), negative(circle(part.cx, part.cy, inner, fine))] : [circle(part.cx, part.cy, outer, fine)];
    }
    case 'rect': return part.width > 0 && part.height > 0 ? [roundedRect(part.cx, part.cy, part.width, part.height, part.r, tolerance * ROUND_PAD_SHARE)] : [];
    case 'polygon': return part.points.length >= 6 ? [positive(part.points)] : [];
    case 'clip': return [];
  }
}

/**
 * An aperture's shape as rings relative to the flash point: outer rings counter-clockwise, holes clockwise, so a
 * flash united with other copper leaves its holes transparent, not cleared. An aperture of dark plain parts is its
 * parts' rings; one with clear parts, rings or thermal clips is worked out in the library.
 */
export function apertureRings(scope: PolygonScope, aperture: Aperture, tolerance: number): Ring[] {
  const plain = aperture.parts.every((part) => part.dark && part.kind !== 'clip' && part.kind !== 'ring');
  if (plain) return aperture.parts.flatMap((part) => partRings(part, tolerance));
  let shape = scope.empty();
  for (const part of aperture.parts) {
    let drawn: Shape;
    if (part.kind === 'clip') {
      const spokes = scope.fromRings(part.parts.flatMap((each) => partRings(each, tolerance)));
      const ring = scope.fromRings(partRings({ kind: 'ring', dark: true, ...part.ring }, tolerance));
      drawn = scope.intersection(spokes, ring);
      scope.free(spokes);
      scope.free(ring);
    } else {
      drawn = scope.fromRings(partRings(part, tolerance));
    }
    const next = part.dark ? scope.union([shape, drawn]) : scope.difference(shape, drawn);
    scope.free(shape);
    scope.free(drawn);
    shape = next;
  }
  const rings = scope.pieces(shape).flatMap((piece) => [piece.outer, ...piece.holes]);
  scope.free(shape);
  return rings;
}

/** The layer's apertures as rings (apertureRings), each made when first asked for. */
export function aperturesOf(scope: PolygonScope, objects: LayerObjects, tolerance: number): (index: number) => Ring[] {
  const made = new Map<number, Ring[]>();
  return (index) => {
    let rings = made.get(index);
    if (!rings) {
      const aperture = objects.apertures[index];
      rings = aperture ? apertureRings(scope, aperture, tolerance) : [];
      made.set(index, rings);
    }
    return rings;
  };
}

/** One run's objects as one shape (not yet united with the layer). `apertures`: each aperture's rings, made once. */
function runShape(scope: PolygonScope, run: ObjectRun, apertures: (index: number) => Ring[], tolerance: number): Shape {
  const rings: Ring[] = [];
  for (let at = 0; at < run.flashes.length; at += 3) {
    const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0;
    for (const ring of apertures(run.flashes[at + 2] ?? -1)) rings.push(translated(ring, x, y));
  }
  for (const contour of run.regions) if (contour.length >= 6) rings.push(positive(contour));
  const byWidth = new Map<number, Float64Array[]>();
  for (let line = 0; line < run.lineStart.length; line += 1) {
    const width = run.lineWidth[line] ?? 0;
    // A zero-width stroke draws nothing (region outlines, reference marks).
    if (width <= 0) continue;
    const points = run.points.slice(run.lineStart[line] ?? 0, run.lineStart[line + 1] ?? run.points.length);
    const list = byWidth.get(width);
    if (list) list.push(Float64Array.from(points)); else byWidth.set(width, [Float64Array.from(points)]);
  }
  const parts = rings.length > 0 || byWidth.size === 0 ? [scope.fromRings(rings)] : [];
  for (const [width, lines] of byWidth) parts.push(scope.strokes(lines, width / 2, tolerance * ROUND_PAD_SHARE));
  // A run of one kind of object is united where the layer takes it in (not twice).
  if (parts.length === 1 && parts[0]) return parts[0];
  const shape = scope.union(parts);
  for (const part of parts) scope.free(part);
  return shape;
}

/**
 * The layer's drawing united, run by run, and its pieces: the last run's step gives them at once. With `from`,
 * the drawing is taken away from it (a negative film: the board less what it draws).
 */
export function buildLayer(
  scope: PolygonScope,
  objects: LayerObjects,
  tolerance = ARC_TOLERANCE_MM,
  from: Shape | null = null,
): { shape: () => Shape; pieces: Piece[] } {
  const apertures = aperturesOf(scope, objects, tolerance);
  let layer: Shape | null = null;
  let pieces: Piece[] | null = null;
  objects.runs.forEach((run, index) => {
    const drawn = runShape(scope, run, apertures, tolerance);
    const last = index === objects.runs.length - 1 && from === null;
    if (layer === null) {
      if (!run.dark) {
        scope.free(drawn);
        return;
      }
      if (last) {
        pieces = scope.unionPieces([drawn]);
        scope.free(drawn);
        return;
      }
      layer = drawn;
      return;
    }
    if (last) pieces = run.dark ? scope.unionPieces([layer, drawn]) : scope.differencePieces(layer, drawn);
    else {
      const next: Shape = run.dark ? scope.union([layer, drawn]) : scope.difference(layer, drawn);
      scope.free(layer);
      layer = next;
    }
    scope.free(drawn);
  });
  if (from) pieces = layer ? scope.differencePieces(from, layer) : scope.pieces(from);
  const found: Piece[] = pieces ?? (layer ? scope.pieces(layer) : []);
  if (layer) scope.free(layer);
  let shape: Shape | null = null;
  // The united drawing as a shape, made from its pieces when a rule needs it (mask over copper, silk over it).
  return { pieces: found, shape: () => (shape ??= scope.fromRings(found.flatMap((piece) => [piece.outer, ...piece.holes]))) };
}
