import { GEOMETRY_LIMITS, type GeometryLimit } from '../../src/contract/board-files';
import { emptyBox, extendBox, type Box } from './geometry';

/**
 * The sane ranges of a board file's geometry, checked while it is read (GEOMETRY_LIMITS in the contract says which):
 * a file past one is refused before its arcs are cut into chords, before it is drawn or measured, so a few kilobytes
 * of absurd numbers cannot cost gigabytes. The readers call these checks as they go and stop at the first breach.
 */

export interface OutOfRange { kind: GeometryLimit; value: number; limit: number }

export class GeometryOutOfRange extends Error {
  constructor(readonly found: OutOfRange) {
    super(`${found.kind} ${found.value} is past ${found.limit}`);
    this.name = 'GeometryOutOfRange';
  }
}

const MM2_PER_M2 = 1e6;
/** What the message shows: two decimals at most. */
const shown = (value: number) => Math.round(value * 100) / 100;

/**
 * Throws unless `value` is within the limit. An overflow to infinity makes the file unreadable rather than out of
 * range (there is no value to name); NaN, what tracespace makes of a modifier a file leaves out, is no size at all.
 */
export function within(kind: GeometryLimit, value: number): void {
  if (Number.isNaN(value)) return;
  if (!Number.isFinite(value)) throw new Error(`${kind}: ${value} is not a number`);
  const limit = GEOMETRY_LIMITS[kind];
  if (Math.abs(value) > limit) throw new GeometryOutOfRange({ kind, value: shown(Math.abs(value)), limit });
}

/** What the files of one upload draw together: the pieces (strokes, chords of arcs, flashes, corners) and the area. */
export class UploadBudget {
  pieces = 0;
  areaMm2 = 0;
}

/** One file's running checks against the limits and its share of the upload's budget. */
export class FileLimits {
  private pieces = 0;
  private areaMm2 = 0;
  private readonly extent: Box = emptyBox();

  constructor(private readonly upload: UploadBudget = new UploadBudget()) {}

  /** A point the file draws at, in mm: near enough to the origin, and the file's extent within the span. */
  point(x: number, y: number): void {
    if (Number.isNaN(x) || Number.isNaN(y)) return;
    within('originMm', x);
    within('originMm', y);
    const box = this.extent;
    extendBox(box, x, y);
    within('spanMm', Math.max(box[2] - box[0], box[3] - box[1]));
  }

  /** The extent of what is drawn so far, in mm (widths, arcs and copies included); nothing drawn is an empty box. */
  box(box: Box): void {
    if (box[0] === Infinity) return;
    this.point(box[0], box[1]);
    this.point(box[2], box[3]);
  }

  /** Pieces and area about to be drawn (area in mm²), counted before they are. */
  draw(pieces: number, areaMm2: number): void {
    if (Number.isNaN(areaMm2)) return this.draw(pieces, 0);
    this.pieces += pieces;
    this.areaMm2 += areaMm2;
    this.upload.pieces += pieces;
    this.upload.areaMm2 += areaMm2;
    within('fileAreaM2', this.areaMm2 / MM2_PER_M2);
    within('uploadAreaM2', this.upload.areaMm2 / MM2_PER_M2);
    within('uploadPieces', this.upload.pieces);
  }

  /** A refused file is not kept: what it counted goes back to the upload. */
  release(): void {
    this.upload.pieces -= this.pieces;
    this.upload.areaMm2 -= this.areaMm2;
    this.pieces = 0;
    this.areaMm2 = 0;
  }
}
