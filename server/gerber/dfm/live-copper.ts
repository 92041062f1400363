import type { Aperture } from '../aperture';
import { boxesOverlap, insidePiece, ringBox, type Piece } from '../polygons/rings';
import type { PolygonScope } from '../polygons/scope';
import type { LayerGeometry } from './layer-geometry';
import { cellKey } from '../point-grid';

/**
 * Which copper a spacing rule guards. A gap matters when bridging it shorts two nets; copper that is
 * connected to nothing (floating lettering, islands a pour's clearances cut off) shorts nothing, and joined to a net
 * only adds copper. A net is live when it holds a hole, a flashed pad, or copper its face's solder mask opens (an SMD
 * pad drawn as a region or a stroke); on an outer face without a mask file, or a layer of unknown face, every piece
 * is, so nothing is hidden where a pad cannot be told from a track.
 */

/** The nets of the copper rules: pieces numbered layer after layer, joined where they touch or share a hole. */
export interface Nets {
  id: (layer: number, piece: number) => number;
  find: (index: number) => number;
}

/**
 * Points of an aperture, off its flash point, one of which lies on its copper: the point itself, and each dark part's
 * middle off it (a macro's parts may leave the flash point bare).
 */
function pointsOn(aperture: Aperture | undefined): [number, number][] {
  const points: [number, number][] = [[0, 0]];
  const add = (x: number, y: number) => { if (x !== 0 || y !== 0) points.push([x, y]); };
  for (const part of aperture?.parts ?? []) {
    if (!part.dark) continue;
    if (part.kind === 'circle' || part.kind === 'rect') add(part.cx, part.cy);
    else if (part.kind === 'ring') add(part.cx + part.r, part.cy);
    else if (part.kind === 'polygon' && part.points.length >= 2) {
      let x = 0; let y = 0;
      for (let at = 0; at + 1 < part.points.length; at += 2) { x += part.points[at] ?? 0; y += part.points[at + 1] ?? 0; }
      add((2 * x) / part.points.length, (2 * y) / part.points.length);
    }
  }
  return points;
}

const CELL_MM = 1;

/**
 * The points of a layer's dark flashes that lie on their copper, in cells: a piece holds a pad when one of them lies
 * in it once every run is drawn. Asked of the few pieces a gap needs, not of every flash.
 */
function flashGrid(layer: LayerGeometry): (piece: Piece) => boolean {
  const cells = new Map<number, number[]>();
  const offsets = layer.objects.apertures.map(pointsOn);
  for (const run of layer.objects.runs) {
    if (!run.dark) continue;
    for (let at = 0; at + 2 < run.flashes.length; at += 3) {
      const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0;
      for (const [dx, dy] of offsets[run.flashes[at + 2] ?? -1] ?? [[0, 0]]) {
        const key = cellKey(Math.floor((x + dx) / CELL_MM), Math.floor((y + dy) / CELL_MM));
        const list = cells.get(key);
        if (list) list.push(x + dx, y + dy); else cells.set(key, [x + dx, y + dy]);
      }
    }
  }
  return (piece) => {
    const [x0, y0, x1, y1] = ringBox(piece.outer);
    for (let cx = Math.floor(x0 / CELL_MM); cx <= Math.floor(x1 / CELL_MM); cx += 1) {
      for (let cy = Math.floor(y0 / CELL_MM); cy <= Math.floor(y1 / CELL_MM); cy += 1) {
        const list = cells.get(cellKey(cx, cy)) ?? [];
        for (let at = 0; at + 1 < list.length; at += 2) {
          const x = list[at] ?? 0; const y = list[at + 1] ?? 0;
          if (x >= x0 && x <= x1 && y >= y0 && y <= y1 && insidePiece(piece, x, y)) return true;
        }
      }
    }
    return false;
  };
}

export class LiveNets {
  private readonly live = new Map<number, boolean>();
  private readonly parts = new Map<number, (part: Piece) => boolean>();
  private members: Map<number, [number, number][]> | null = null;

  /** `holed`: nets (their roots) holding a hole; `masks`: the mask layers, built when first asked for. */
  constructor(
    private readonly scope: PolygonScope, private readonly copper: LayerGeometry[], private readonly nets: Nets,
    private readonly holed: Set<number>, private readonly masks: () => LayerGeometry[],
  ) {}

  /** The piece's net holds a hole, a pad or bare copper: a gap from it to another net can short two nets. */
  has(layer: number, piece: number): boolean {
    const root = this.nets.find(this.nets.id(layer, piece));
    if (this.holed.has(root)) return true;
    let known = this.live.get(root);
    if (known === undefined) {
      known = this.membersOf(root).some(([at, each]) => this.padOrBare(at, each));
      this.live.set(root, known);
    }
    return known;
  }

  private membersOf(root: number): [number, number][] {
    if (!this.members) {
      const members = new Map<number, [number, number][]>();
      this.copper.forEach((layer, at) => layer.pieces.forEach((_, piece) => {
        const net = this.nets.find(this.nets.id(at, piece));
        const list = members.get(net);
        if (list) list.push([at, piece]); else members.set(net, [[at, piece]]);
      }));
      this.members = members;
    }
    return this.members.get(root) ?? [];
  }

  private padOrBare(at: number, piece: number): boolean {
    const layer = this.copper[at];
    const copper = layer?.pieces[piece];
    if (!layer || !copper) return false;
    let live = this.parts.get(at);
    // Holes are known by net (`holed`): a layer's part is asked for its pads and bare copper only.
    if (!live) { live = livePart(this.scope, layer, this.masks, []); this.parts.set(at, live); }
    return live(copper);
  }
}

/** Some of the copper lies within an opening of the mask. */
function opened(scope: PolygonScope, copper: Piece, mask: LayerGeometry): boolean {
  const box = ringBox(copper.outer);
  const over = mask.pieces.filter((_, index) => boxesOverlap(mask.index.boxes[index] ?? box, box));
  if (over.length === 0) return false;
  const a = scope.fromRings([copper.outer, ...copper.holes]);
  const b = scope.fromRings(over.flatMap((each) => [each.outer, ...each.holes]));
  const common = scope.intersection(a, b);
  const bare = scope.area(common) > 0;
  for (const shape of [a, b, common]) scope.free(shape);
  return bare;
}

/**
 * Whether a part of a layer's copper (a wide part of a pour, slivers.ts) holds anything a net reaches it by: a hole, a
 * flashed pad, or copper its face's mask opens; without a mask file for an outer face, or on a face unknown, any part.
 */
export function livePart(
  scope: PolygonScope,
  layer: LayerGeometry,
  masks: () => LayerGeometry[],
  holes: readonly (readonly number[])[],
): (part: Piece) => boolean {
  let flashed: ((piece: Piece) => boolean) | null = null;
  return (part) => {
    const [x0, y0, x1, y1] = ringBox(part.outer);
    if (
      holes.some((line) =>
        line.some(
          (_, at) =>
            at % 2 === 0 &&
            (line[at] ?? 0) >= x0 &&
            (line[at] ?? 0) <= x1 &&
            (line[at + 1] ?? 0) >= y0 &&
            (line[at + 1] ?? 0) <= y1 &&
            insidePiece(part, line[at] ?? 0, line[at + 1] ?? 0),
        ),
      )
    )
      return true;
    flashed ??= flashGrid(layer);
    if (flashed(part)) return true;
    if (layer.side === 'inner') return false;
    const mask = layer.side === 'top' || layer.side === 'bottom' ? masks().find((each) => each.side === layer.side) : undefined;
    return !mask || opened(scope, part, mask);
  };
}
