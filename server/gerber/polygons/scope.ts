import type { Clipper2Module, PathD, PathsD, PolyPathD } from 'clipper2-wasm';
import { clipper } from './module';
import { reversed, signedArea, type Piece, type Ring } from './rings';

/**
 * A thin typed wrapper of clipper2-wasm. Every native object lives in the WebAssembly heap until it is
 * deleted, and that heap never shrinks: measured, a layer's unions without delete() grew it from 48 to 250 MB in 60
 * rounds. So every object is made here and deleted here: temporaries (a path being copied in, each `get(i)`, a
 * tree) before the call that made them returns, shapes when the scope closes (`withPolygons`) or when freed sooner.
 * Coordinates are mm; Clipper2 rounds them to 5 decimals (10 nm). Filling is non-zero: rings wound the same way
 * unite, a ring wound the other way inside one is a hole.
 */

export const PRECISION = 5;

/** A set of polygons in the library's heap, valid while its scope is open and it is not freed. */
export interface Shape { readonly paths: PathsD }

type Native = { delete(): void };

/** Deletes the natives whatever `work` does. */
function finallyDelete<T>(natives: Native[], work: () => T): T {
  try {
    return work();
  } finally {
    for (const native of natives) native.delete();
  }
}

/** A path's points as a ring (x y pairs), copied out of the heap. */
function ringOf(path: PathD): Ring {
  const view = path.view();
  const n = view.length / 3;
  const ring = new Float64Array(2 * n);
  for (let i = 0; i < n; i += 1) {
    ring[2 * i] = view[3 * i] ?? 0;
    ring[2 * i + 1] = view[3 * i + 1] ?? 0;
  }
  return ring;
}

export class PolygonScope {
  private readonly live = new Set<PathsD>();

  constructor(private readonly m: Clipper2Module = clipper()) {}

  private keep(paths: PathsD): Shape {
    this.live.add(paths);
    return { paths };
  }

  private pathsOf(rings: Iterable<ArrayLike<number>>): PathsD {
    const paths = new this.m.PathsD();
    for (const ring of rings) {
      const n = Math.floor(ring.length / 2);
      if (n === 0) continue;
      const flat = new Float64Array(3 * n);
      for (let i = 0; i < n; i += 1) {
        flat[3 * i] = ring[2 * i] ?? 0;
        flat[3 * i + 1] = ring[2 * i + 1] ?? 0;
      }
      const path = new this.m.PathD();
      finallyDelete([path], () => { path.assign(flat); paths.push_back(path); });
    }
    return paths;
  }

  empty(): Shape {
    return this.keep(new this.m.PathsD());
  }

  /** Rings as they are (not yet united: an operation unites them, non-zero). */
  fromRings(rings: Iterable<ArrayLike<number>>): Shape {
    return this.keep(this.pathsOf(rings));
  }

  /** Open polylines (x y pairs) drawn with a round pen of `radius`: round ends and joins, arcs within `tolerance`. */
  strokes(lines: Iterable<ArrayLike<number>>, radius: number, tolerance: number): Shape {
    const open = this.pathsOf(lines);
    return finallyDelete([open], () => this.keep(this.m.InflatePathsD(open, radius, this.m.JoinType.Round, this.m.EndType.Round, 2, PRECISION, tolerance)));
  }

  /** Everything in `shapes` as one set of united polygons. */
  union(shapes: readonly Shape[]): Shape {
    // Two are subject and clip of one operation: nothing copied between them.
    const [first, second] = shapes;
    if (shapes.length === 2 && first && second)
      return this.keep(this.m.BooleanOpD(this.m.ClipType.Union, this.m.FillRule.NonZero, first.paths, second.paths, PRECISION));
    const all = new this.m.PathsD();
    const none = new this.m.PathsD();
    return finallyDelete([all, none], () => {
      for (const shape of shapes) this.copyInto(shape.paths, all);
      return this.keep(this.m.BooleanOpD(this.m.ClipType.Union, this.m.FillRule.NonZero, all, none, PRECISION));
    });
  }

  difference(subject: Shape, clip: Shape): Shape {
    return this.keep(this.m.BooleanOpD(this.m.ClipType.Difference, this.m.FillRule.NonZero, subject.paths, clip.paths, PRECISION));
  }

  intersection(subject: Shape, clip: Shape): Shape {
    return this.keep(this.m.BooleanOpD(this.m.ClipType.Intersection, this.m.FillRule.NonZero, subject.paths, clip.paths, PRECISION));
  }

  /** What of `rings` lies inside the box (x0 y0 x1 y1): linear in the rings, not a boolean of the whole. */
  clipToBox(rings: Iterable<ArrayLike<number>>, box: readonly [number, number, number, number]): Shape {
    const paths = this.pathsOf(rings);
    const rect = new this.m.RectD(box[0], box[1], box[2], box[3]);
    return finallyDelete([paths, rect], () => this.keep(this.m.RectClipPathsD(rect, paths, PRECISION)));
  }

  /** Grown by `delta` mm (shrunk when negative), round joins within `tolerance`. */
  offset(shape: Shape, delta: number, tolerance: number): Shape {
    return this.keep(this.m.InflatePathsD(shape.paths, delta, this.m.JoinType.Round, this.m.EndType.Polygon, 2, PRECISION, tolerance));
  }

  /** Corners within `epsilon` mm of the line through their neighbours dropped. */
  simplify(shape: Shape, epsilon: number): Shape {
    return this.keep(this.m.SimplifyPathsD(shape.paths, epsilon, true));
  }

  area(shape: Shape): number {
    return this.m.AreaPathsD(shape.paths);
  }

  /** The rings, copied out: outer rings counter-clockwise, holes clockwise. */
  rings(shape: Shape): Ring[] {
    const rings: Ring[] = [];
    const { paths } = shape;
    for (let i = 0; i < paths.size(); i += 1) {
      const path = paths.get(i);
      finallyDelete([path], () => rings.push(ringOf(path)));
    }
    return rings;
  }

  /** The connected pieces, each with its holes; an island inside a hole is a piece of its own. */
  pieces(shape: Shape): Piece[] {
    const none = new this.m.PathsD();
    return finallyDelete([none], () => this.tree(this.m.ClipType.Union, shape.paths, none));
  }

  /** The pieces of `shapes` united: the union and its pieces in one pass (the layer's last step). */
  unionPieces(shapes: readonly Shape[]): Piece[] {
    const [first, second] = shapes;
    if (shapes.length <= 2 && first) return this.tree(this.m.ClipType.Union, first.paths, second?.paths ?? this.empty().paths);
    const all = new this.m.PathsD();
    const none = new this.m.PathsD();
    return finallyDelete([all, none], () => {
      for (const shape of shapes) this.copyInto(shape.paths, all);
      return this.tree(this.m.ClipType.Union, all, none);
    });
  }

  /** The pieces of `subject` less `clip`, in one pass. */
  differencePieces(subject: Shape, clip: Shape): Piece[] {
    return this.tree(this.m.ClipType.Difference, subject.paths, clip.paths);
  }

  private tree(clipType: { value: number }, subjects: PathsD, clips: PathsD): Piece[] {
    const tree = new this.m.PolyPathD();
    return finallyDelete([tree], () => {
      this.m.BooleanOpOutD(clipType, this.m.FillRule.NonZero, subjects, clips, tree, PRECISION);
      const pieces: Piece[] = [];
      // A child is the tree's own node (a raw pointer): the tree deletes it, deleting its handle would free it twice.
      const walk = (node: PolyPathD) => {
        for (let i = 0; i < node.count(); i += 1) {
          const outer = node.child(i);
          const piece: Piece = { outer: this.ringFrom(outer, true), holes: [] };
          for (let j = 0; j < outer.count(); j += 1) {
            const hole = outer.child(j);
            piece.holes.push(this.ringFrom(hole, false));
            walk(hole);
          }
          pieces.push(piece);
        }
      };
      walk(tree);
      return pieces;
    });
  }

  /** A tree node's ring, wound counter-clockwise when `outer`, clockwise otherwise. */
  private ringFrom(node: PolyPathD, outer: boolean): Ring {
    const path = node.polygon();
    const ring = finallyDelete([path], () => ringOf(path));
    return (signedArea(ring) >= 0) === outer ? ring : reversed(ring);
  }

  private copyInto(from: PathsD, into: PathsD): void {
    for (let i = 0; i < from.size(); i += 1) {
      const path = from.get(i);
      finallyDelete([path], () => into.push_back(path));
    }
  }

  /** Deletes a shape before the scope closes (a large intermediate result). */
  free(shape: Shape): void {
    if (this.live.delete(shape.paths)) shape.paths.delete();
  }

  /** Deletes every shape still held. */
  close(): void {
    for (const paths of this.live) paths.delete();
    this.live.clear();
  }
}

/** Runs `work` with a scope whose every native object is deleted when it returns or throws. */
export function withPolygons<T>(work: (scope: PolygonScope) => T): T {
  const scope = new PolygonScope();
  try {
    return work(scope);
  } finally {
    scope.close();
  }
}
