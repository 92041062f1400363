import { ARC_TOLERANCE_MM } from '../polygons/build';
import { boxesOverlap, insidePiece, ringBox, type Piece } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { RingIndex } from '../polygons/ring-index';
import { openedBy } from './narrow';
import { rimDistance } from './stroke-pours';
import { unionFind } from './union-find';

/** Thin copper this close to wide copper touches it (the opening grows back 2 tolerances past its erosion). */
const TOUCHES_MM = 4 * ARC_TOLERANCE_MM;
/** The window round a place that is looked at first (half its side), and the margin inside it thin copper must keep. */
const WINDOW_MM = 2;
const BORDER_MM = 0.05;

interface Opening { thin: Piece[]; wide: Piece[] }
/** A piece opened whole: per thin part, the wide parts it touches; and which wide parts are live, once asked. */
interface PartGraph extends Opening { touching: number[][]; live: Map<number, boolean> }

type Box = readonly [number, number, number, number];

/**
 * Slivers and necks of a pour. A piece of copper opened by half the width looked for (eroded, grown back)
 * keeps its wide parts; what it loses is thin. Thin copper whose removal cuts the piece into two parts that each
 * hold what a net reaches them by (a hole, a pad, bare copper) is a neck: it is made as drawn or refused. Other thin
 * copper is a sliver — a tongue a clearance left, a strip beside a cut-out the pour runs round anyway, copper to an
 * island or a lobe that holds nothing: the fab removes it while preparing the files and no net loses anything.
 */
export class PourOpenings {
  private readonly graphs = new Map<number, PartGraph>();
  /** `live`: whether a part of the piece holds what a net reaches it by (live-copper.ts). */
  constructor(
    private readonly scope: PolygonScope, private readonly pieces: readonly Piece[], private readonly radius: number,
    private readonly live: (part: Piece) => boolean = () => true,
  ) {}

  /**
   * The thin copper at (x, y) of `piece` joins no two wide parts of it. Unknown (no thin copper found there): false.
   * The thin copper of a place is the part the point lies in, or else the one whose rim passes within `halfWidth` (the
   * place's half width): where two clearances' corners nearly meet, the opening keeps the pinch's middle (a disc
   * beside it covers it) and loses the copper next to it.
   * Asked first of the copper round the place: thin copper wholly inside that window touching one wide part or none
   * there touches no more anywhere. Else the piece, opened whole, is cut at the thin copper there (liveSides).
   */
  isSliver(piece: number, x: number, y: number, halfWidth: number): boolean {
    const rings = this.pieces[piece];
    if (!rings) return false;
    const window: Box = [x - WINDOW_MM, y - WINDOW_MM, x + WINDOW_MM, y + WINDOW_MM];
    const near = this.opening(this.scope.clipToBox([rings.outer, ...rings.holes], window));
    const local = this.touches(near, x, y, halfWidth, [window[0] + BORDER_MM, window[1] + BORDER_MM, window[2] - BORDER_MM, window[3] - BORDER_MM]);
    if (local !== null && local < 2) return true;
    let graph = this.graphs.get(piece);
    if (!graph) { graph = this.graphOf(rings); this.graphs.set(piece, graph); }
    const at = thinAt(graph.thin, x, y, halfWidth);
    return at >= 0 && this.liveSides(graph, at) < 2;
  }

  /** The piece opened whole, and which wide parts each thin part touches: its rim's corners lie on theirs. */
  private graphOf(piece: Piece): PartGraph {
    const { wide, thin } = this.opening(this.scope.fromRings([piece.outer, ...piece.holes]));
    const index = new RingIndex(wide, 2 * TOUCHES_MM);
    const touching = thin.map((part) => {
      const found = new Set<number>();
      for (const ring of [part.outer, ...part.holes]) {
        for (let at = 0; at + 1 < ring.length; at += 2) {
          const rim = index.nearest(ring[at] ?? 0, ring[at + 1] ?? 0, 2 * TOUCHES_MM);
          if (rim.segment >= 0) found.add(index.pieceOf[rim.segment] ?? -1);
        }
      }
      return [...found].filter((each) => each >= 0);
    });
    return { wide, thin, touching, live: new Map() };
  }

  /**
   * How many of the wide copper the thin part `cut` touches, once it is taken away, hold what a net reaches it by
   * (live-copper.ts), counted per copper still joined through the other thin parts: two or more, and taking it away
   * cuts live copper apart (a neck); one (a loop round it), or parts holding nothing (an island, a dead-end lobe),
   * and it is a sliver. A via joined by thermal spokes is a wide part of its own, joined through them.
   */
  private liveSides(graph: PartGraph, cut: number): number {
    const joined = unionFind(graph.wide.length);
    graph.touching.forEach((parts, at) => {
      if (at === cut) return;
      for (const part of parts.slice(1)) joined.join(parts[0] ?? part, part);
    });
    const sides = new Set((graph.touching[cut] ?? []).map((part) => joined.find(part)));
    let live = 0;
    for (const side of sides) {
      const holds = graph.wide.some((part, at) => joined.find(at) === side && this.liveWide(graph, at));
      if (holds) live += 1;
      if (live >= 2) break;
    }
    return live;
  }

  private liveWide(graph: PartGraph, at: number): boolean {
    let known = graph.live.get(at);
    const part = graph.wide[at];
    if (known === undefined && part) { known = this.live(part); graph.live.set(at, known); }
    return known ?? false;
  }

  /** How many wide parts the thin copper at (x, y) touches (thinAt); null without thin copper there, or reaching past `within`. */
  private touches({ thin, wide }: Opening, x: number, y: number, halfWidth: number, within: Box): number | null {
    const at = thin[thinAt(thin, x, y, halfWidth)];
    if (!at) return null;
    const extent = ringBox(at.outer);
    if (!(extent[0] > within[0] && extent[1] > within[1] && extent[2] < within[2] && extent[3] < within[3])) return null;
    const grown = this.scope.offset(this.scope.fromRings([at.outer, ...at.holes]), TOUCHES_MM, ARC_TOLERANCE_MM);
    const reach = ringBox(this.scope.rings(grown)[0] ?? at.outer);
    let touched = 0;
    for (const part of wide) {
      if (!boxesOverlap(ringBox(part.outer), reach)) continue;
      const shape = this.scope.fromRings([part.outer, ...part.holes]);
      const common = this.scope.intersection(grown, shape);
      if (this.scope.area(common) > 0) touched += 1;
      this.scope.free(common);
      this.scope.free(shape);
      if (touched >= 2) break;
    }
    this.scope.free(grown);
    return touched;
  }

  /** `copper` opened (and freed): its thin and its wide parts. */
  private opening(copper: Shape): Opening {
    const wide = openedBy(this.scope, copper, this.radius);
    const opening = { wide: this.scope.pieces(wide), thin: this.scope.differencePieces(copper, wide) };
    for (const shape of [copper, wide]) this.scope.free(shape);
    return opening;
  }
}

/** The thin part the point lies in, else the one whose rim passes nearest it within `reach`; -1 for none. */
function thinAt(thin: readonly Piece[], x: number, y: number, reach: number): number {
  const inside = thin.findIndex((part) => insidePiece(part, x, y));
  if (inside >= 0) return inside;
  let found = -1;
  let best = reach;
  thin.forEach((part, at) => {
    const [x0, y0, x1, y1] = ringBox(part.outer);
    if (x < x0 - best || x > x1 + best || y < y0 - best || y > y1 + best) return;
    for (const ring of [part.outer, ...part.holes]) {
      const distance = rimDistance(ring, x, y);
      if (distance <= best) { best = distance; found = at; }
    }
  });
  return found;
}
