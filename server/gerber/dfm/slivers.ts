import { ARC_TOLERANCE_MM } from '../polygons/build';
import { boxesOverlap, insidePiece, ringBox, type Piece } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { openedBy } from './narrow';

/** Thin copper this close to wide copper touches it (the opening grows back 2 tolerances past its erosion). */
const TOUCHES_MM = 4 * ARC_TOLERANCE_MM;
/** The window round a place that is looked at first (half its side), and the margin inside it thin copper must keep. */
const WINDOW_MM = 2;
const BORDER_MM = 0.05;

interface Opening { thin: Piece[]; wide: Piece[] }

type Box = readonly [number, number, number, number];

/**
 * Slivers and necks of a pour (issue 30). A piece of copper opened by half the width looked for (eroded, grown back)
 * keeps its wide parts; what it loses is thin. Thin copper that joins two wide parts is a neck: taking it away would
 * cut the copper in two, so it is made as drawn or refused. Thin copper that touches one wide part or none is a
 * sliver — a tongue a clearance left, a strip beside a cut-out the pour runs round anyway: the fab removes it while
 * preparing the files and nothing is cut off. Each piece is opened once, when a narrow place on it is asked about.
 */
export class PourOpenings {
  private readonly opened = new Map<number, Opening>();

  constructor(private readonly scope: PolygonScope, private readonly pieces: readonly Piece[], private readonly radius: number) {}

  /**
   * The thin copper at (x, y) of `piece` joins no two wide parts of it. Unknown (no thin copper found there): false.
   * Asked first of the copper round the place: thin copper wholly inside that window touching one wide part or none
   * there touches no more anywhere. Else the piece is opened whole (two parts near may be one further away).
   */
  isSliver(piece: number, x: number, y: number): boolean {
    const rings = this.pieces[piece];
    if (!rings) return false;
    const window: Box = [x - WINDOW_MM, y - WINDOW_MM, x + WINDOW_MM, y + WINDOW_MM];
    const near = this.opening(this.scope.clipToBox([rings.outer, ...rings.holes], window));
    const local = this.touches(near, x, y, [window[0] + BORDER_MM, window[1] + BORDER_MM, window[2] - BORDER_MM, window[3] - BORDER_MM]);
    if (local !== null && local < 2) return true;
    const whole = this.opened.get(piece) ?? this.opening(this.scope.fromRings([rings.outer, ...rings.holes]));
    this.opened.set(piece, whole);
    return (this.touches(whole, x, y, null) ?? 2) < 2;
  }

  /** How many wide parts the thin copper at (x, y) touches; null without thin copper there, or reaching past `within`. */
  private touches({ thin, wide }: Opening, x: number, y: number, within: Box | null): number | null {
    const at = thin.find((part) => insidePiece(part, x, y));
    if (!at) return null;
    const extent = ringBox(at.outer);
    if (within && !(extent[0] > within[0] && extent[1] > within[1] && extent[2] < within[2] && extent[3] < within[3])) return null;
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
