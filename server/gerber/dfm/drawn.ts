import { visible, type AnalysedFile } from '../analysed';
import { MM_PER, type Box } from '../geometry';
import { withCuts, type Covering } from './cuts';
import type { Hole } from './drill';
import type { EdgeIndex } from './edges';
import { layerOf, pieceGrid, polygonTest, segmentDistance, type Layer, type PieceGrid } from './layer';
import { withoutOutline } from './outline-strokes';
import { isNegativeFilm } from './planes';

/** The layers of a board as the rules measure them: pieces in a grid, and what covers a point (issue 21). */

export const CELL_MM = 0.5;

export interface Drawn {
  id: string;
  side: string | null;
  layer: Layer;
  grid: PieceGrid;
  /** The owners drawn at a point, less those a later clear shape takes away there. */
  covering: Covering;
  /** The layer's clear shapes; null on a layer drawn in dark polarity only. */
  cut: { layer: Layer; covering: Covering } | null;
  /** A negative plane film: what it draws is copper taken away. */
  negative: boolean;
}

/** The shapes a point lies on: a stroke or round pad within its radius, or a polygon around it. */
export function coverageOf(layer: Layer, grid: PieceGrid) {
  const polygonCells = new Map<number, number[]>();
  const cell = 2;
  const key = (cx: number, cy: number) => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);
  layer.polygons.forEach((polygon, index) => {
    for (let cx = Math.floor(polygon.box[0] / cell); cx <= Math.floor(polygon.box[2] / cell); cx += 1) {
      for (let cy = Math.floor(polygon.box[1] / cell); cy <= Math.floor(polygon.box[3] / cell); cy += 1) {
        const list = polygonCells.get(key(cx, cy));
        if (list) list.push(index); else polygonCells.set(key(cx, cy), [index]);
      }
    }
  });
  // Built when a polygon is first asked about: most pads never are.
  const tests: ((x: number, y: number) => boolean)[] = [];
  const testOf = (index: number) => {
    const polygon = layer.polygons[index];
    if (!polygon) return () => false;
    tests[index] ??= polygonTest(polygon.points, polygon.box);
    return tests[index];
  };
  return (x: number, y: number, all: boolean, polygonsOnly = false): number[] => {
    const owners: number[] = [];
    for (const index of polygonsOnly ? [] : grid.at(x, y)) {
      const at = index * 5;
      const r = layer.seg[at + 4] ?? 0;
      if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) {
        owners.push(layer.owner[index] ?? 0);
        if (!all) return owners;
      }
    }
    for (const index of polygonCells.get(key(Math.floor(x / cell), Math.floor(y / cell))) ?? []) {
      const polygon = layer.polygons[index];
      if (polygon && x >= polygon.box[0] && x <= polygon.box[2] && y >= polygon.box[1] && y <= polygon.box[3] && testOf(index)(x, y)) {
        owners.push(polygon.owner);
        if (!all) return owners;
      }
    }
    return owners;
  };
}

/**
 * The layers of a type as drawn. Copper comes as positive layers and negative plane films (planes.ts), told apart
 * against the board's box; a film's drawing is what is taken away, so no positive rule reads it.
 */
export function drawnLayers(files: AnalysedFile[], type: string, reach: number, edge: EdgeIndex, holes: Hole[], board: Box | null = null): Drawn[] {
  return visible(files).flatMap((entry) => {
    const reading = entry.file.read.gerber;
    if (entry.file.type !== type || entry.error || !reading) return [];
    const scale = MM_PER[reading.units];
    const negative = type === 'copper' && isNegativeFilm(reading.drawn, scale, board);
    // Only copper: silk draws closed outlines round connectors' pins, and those are silk.
    const shapes = negative ? reading.drawn : withoutOutline(reading.drawn, scale, edge, type === 'copper' ? holes : []);
    const layer = layerOf(shapes, scale);
    const grid = pieceGrid(layer, CELL_MM, reach);
    const cutLayer = reading.drawn.clear > 0 ? layerOf(shapes, scale, true) : null;
    const cut = cutLayer ? { layer: cutLayer, covering: coverageOf(cutLayer, pieceGrid(cutLayer, CELL_MM, 0)) } : null;
    const covering = withCuts(layer, coverageOf(layer, grid), cut?.layer ?? null, cut?.covering ?? null);
    return [{ id: entry.file.read.source.id, side: entry.file.side, layer, grid, covering, cut, negative }];
  });
}

/** The board's box: its edge's extent, or without an edge the holes'. */
export function boardBox(edge: EdgeIndex, holes: Hole[]): Box | null {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number) => { box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y); box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y); };
  if (edge.edges.length > 0) for (const { from, to } of edge.edges) { add(from[0], from[1]); add(to[0], to[1]); }
  else for (const hole of holes) add(hole.x, hole.y);
  return Number.isFinite(box[0]) ? box : null;
}
