import { visible, type AnalysedFile } from '../analysed';
import type { Box } from '../geometry';
import type { LayerObjects } from '../layer-objects';
import { ARC_TOLERANCE_MM, buildLayer } from '../polygons/build';
import { RingIndex } from '../polygons/ring-index';
import { insideRing, ringBox, type Piece, type Ring } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { late } from './budget';
import type { Hole } from './drill';
import type { EdgeIndex } from './edges';
import { measuredObjects } from './measured-objects';

/**
 * A board's layers as the rules measure them: each layer's drawing united into polygons, its pieces and
 * their rims in a grid. Copper comes positive or as a negative plane film, whose copper is the board less what it
 * draws (planes.ts tells them apart).
 */

export type LayerKind = 'copper' | 'soldermask' | 'silkscreen';

export interface LayerGeometry {
  id: string;
  side: string | null;
  kind: LayerKind;
  /** A negative plane film: its copper is the board less its drawing. */
  negative: boolean;
  /** What was drawn, less what is not the board's (measured-objects.ts). */
  objects: LayerObjects;
  /** The holes (indexes) whose pad the drill takes away whole on this layer: unplated, no ring here. */
  unplated: Set<number>;
  /** The united copper as a shape, made when first asked for. */
  shape: () => Shape;
  pieces: Piece[];
  index: RingIndex;
}

/** The board as the rules see it: its outer boundary (null when the edge does not close) and its box. */
export interface Board { outline: Ring | null; box: Box | null }

/** The grid's cell, mm: a few of the widest gap looked for. */
export const CELL_MM = 0.5;

/** A first dark region reaching this far past the board on every side is a negative film's background (planes.ts). */
const BACKGROUND_PAST_MM = 1;

/**
 * A negative plane film: it flashes thermal reliefs (PADS, OrCAD), or it starts with a dark region reaching 1 mm past
 * the board on every side and cuts its plane out of it in clear (Allegro). No positive layer has copper past the
 * router all round, nor a thermal relief (docs/capabilities.md).
 */
export function isNegativeFilm(objects: LayerObjects, board: Box | null): boolean {
  for (const run of objects.runs) {
    for (let at = 2; at < run.flashes.length; at += 3) if (objects.apertures[run.flashes[at] ?? -1]?.thermal) return true;
  }
  const [first] = objects.runs;
  const background = first?.dark ? first.regions[0] : undefined;
  if (!board || !background || objects.runs.length < 2) return false;
  const box = ringBox(background);
  return box[0] <= board[0] - BACKGROUND_PAST_MM && box[1] <= board[1] - BACKGROUND_PAST_MM
    && box[2] >= board[2] + BACKGROUND_PAST_MM && box[3] >= board[3] + BACKGROUND_PAST_MM;
}

/** The board's area as a shape: its outer boundary, or its box without one. */
function boardShape(scope: PolygonScope, board: Board): Shape {
  if (board.outline) return scope.union([scope.fromRings([board.outline])]);
  const [x0, y0, x1, y1] = board.box ?? [0, 0, 0, 0];
  return scope.fromRings([Float64Array.from([x0, y0, x1, y0, x1, y1, x0, y1])]);
}

/** The layers of one kind, united; `reach`: the widest gap or width the rules look for, mm. */
export function layerGeometries(
  scope: PolygonScope, files: AnalysedFile[], kind: LayerKind,
  context: { edge: EdgeIndex; holes: Hole[]; board: Board; reach: number },
): LayerGeometry[] {
  const outline = context.board.outline;
  const outside = outline ? (x: number, y: number) => !insideRing(outline, x, y) : () => false;
  return visible(files).flatMap((entry) => {
    const reading = entry.file.read.gerber;
    // Past the budget the layers not yet united are left: the result is cut short (budget.ts).
    if (entry.file.type !== kind || entry.error || !reading || late()) return [];
    const negative = kind === 'copper' && isNegativeFilm(reading.objects, context.board.box);
    const { objects, unplated } = negative ? { objects: reading.objects, unplated: new Set<number>() }
      : measuredObjects(reading.objects, { edge: context.edge, holes: context.holes, outside, copper: kind === 'copper' });
    const board = negative ? boardShape(scope, context.board) : null;
    const { pieces, shape } = buildLayer(scope, objects, ARC_TOLERANCE_MM, board);
    return [{
      id: entry.file.read.source.id, side: entry.file.side, kind, negative, objects, unplated, shape, pieces,
      index: new RingIndex(pieces, context.reach),
    }];
  });
}
