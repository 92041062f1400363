import { scaledPart, type Aperture } from './aperture';

/**
 * What one Gerber layer draws, in drawing order, for building its real copper: runs of one polarity, each
 * united with (dark) or taken from (clear) what was drawn before it. Step-and-repeat blocks are expanded into their
 * copies and block apertures (%AB) into their contents where flashed. In the file's units while reading; `finish`
 * gives mm. Flat arrays: a layer has hundreds of thousands of objects, and an object each would cost more in
 * collection than building the copper does.
 */
export interface ObjectRun {
  dark: boolean;
  /** Stroke centre lines (arcs cut into chords): x y pairs; line k is points[lineStart[k] … lineStart[k + 1]). */
  points: number[];
  lineStart: number[];
  lineWidth: number[];
  /** Flashes: x y and the aperture's index, three numbers each. */
  flashes: number[];
  /** Region contours, x y pairs each (closed implicitly). */
  regions: number[][];
  /** Which regions are strokes of a rectangular aperture (the plotter gives them as regions): tracks, not pours. */
  strokeRegions: number[];
}

export interface LayerObjects { apertures: Aperture[]; runs: ObjectRun[] }

const emptyRun = (dark: boolean): ObjectRun => ({ dark, points: [], lineStart: [], lineWidth: [], flashes: [], regions: [], strokeRegions: [] });

/**
 * `run` moved by (dx, dy) appended to `into`, its polarity flipped when `flip`: written straight into the last run
 * (no copy made first: a block aperture's nested copies are millions of numbers).
 */
function appendMoved(into: ObjectRun[], run: ObjectRun, dx: number, dy: number, flip: boolean): void {
  const dark = flip ? !run.dark : run.dark;
  let last = into[into.length - 1];
  if (!last || last.dark !== dark) { last = emptyRun(dark); into.push(last); }
  const base = last.points.length;
  for (let at = 0; at < run.points.length; at += 2) last.points.push((run.points[at] ?? 0) + dx, (run.points[at + 1] ?? 0) + dy);
  for (const start of run.lineStart) last.lineStart.push(start + base);
  for (const width of run.lineWidth) last.lineWidth.push(width);
  for (let at = 0; at < run.flashes.length; at += 3) last.flashes.push((run.flashes[at] ?? 0) + dx, (run.flashes[at + 1] ?? 0) + dy, run.flashes[at + 2] ?? 0);
  const regionBase = last.regions.length;
  for (const contour of run.regions) last.regions.push(contour.map((value, index) => value + (index % 2 === 0 ? dx : dy)));
  for (const index of run.strokeRegions) last.strokeRegions.push(index + regionBase);
}

/** `run` appended to `into`: joined to its last run when both have one polarity. */
function append(into: ObjectRun[], run: ObjectRun): void {
  const last = into[into.length - 1];
  if (!last || last.dark !== run.dark) { into.push(run); return; }
  const base = last.points.length;
  // Loops, not spread arguments: a block's copies hold more values than a call takes arguments.
  for (const value of run.points) last.points.push(value);
  for (const start of run.lineStart) last.lineStart.push(start + base);
  for (const width of run.lineWidth) last.lineWidth.push(width);
  for (const value of run.flashes) last.flashes.push(value);
  const regionBase = last.regions.length;
  for (const contour of run.regions) last.regions.push(contour);
  for (const index of run.strokeRegions) last.strokeRegions.push(index + regionBase);
}

/** Collects a layer's objects as the plotter draws them (gerber-read.ts drives it). */
export class ObjectCollector {
  private readonly runs: ObjectRun[] = [];
  /** Where objects go now: the open step-and-repeat block, or a block aperture being defined. */
  private target: ObjectRun[] = [];
  private offsets: number[][] = [];
  private dark = true;
  private readonly apertures: Aperture[] = [];
  private readonly apertureIndex = new Map<string, number>();
  /** Block apertures by code: their runs, relative to the flash point. */
  private readonly blocks = new Map<string, ObjectRun[]>();
  /** Block apertures being defined (they nest), with what was being collected before each. */
  private readonly defining: { code: string; outer: ObjectRun[]; dark: boolean }[] = [];

  private run(): ObjectRun {
    const last = this.target[this.target.length - 1];
    if (last && last.dark === this.dark) return last;
    const fresh = emptyRun(this.dark);
    this.target.push(fresh);
    return fresh;
  }

  aperture(code: string, aperture: Aperture): void {
    this.apertureIndex.set(code, this.apertures.length);
    this.apertures.push(aperture);
  }

  isBlock(code: string): boolean {
    return this.blocks.has(code);
  }

  flash(x: number, y: number, code: string): void {
    const index = this.apertureIndex.get(code);
    if (index !== undefined) this.run().flashes.push(x, y, index);
  }

  /** A block aperture flashed: its contents at (x, y), its polarities flipped when the flash is clear. */
  flashBlock(x: number, y: number, code: string): void {
    for (const run of this.blocks.get(code) ?? []) appendMoved(this.target, run, x, y, !this.dark);
  }

  /** A stroke's centre lines (x y pairs each) drawn with a round aperture of `width`. */
  stroke(lines: number[][], width: number): void {
    const run = this.run();
    for (const line of lines) {
      run.lineStart.push(run.points.length);
      run.lineWidth.push(width);
      for (const value of line) run.points.push(value);
    }
  }

  /** A region's contours; `stroke` when it is a rectangular aperture's stroke. */
  region(contours: number[][], stroke: boolean): void {
    const run = this.run();
    for (const contour of contours) {
      if (stroke) run.strokeRegions.push(run.regions.length);
      run.regions.push(contour);
    }
  }

  polarity(dark: boolean): void {
    this.dark = dark;
  }

  /** A step-and-repeat starts (its copies' offsets) or ends (none): the block before it is copied out. */
  repeat(offsets: number[][]): void {
    if (this.defining.length > 0) return;
    this.closeRepeat();
    this.offsets = offsets;
  }

  beginBlock(code: string): void {
    this.defining.push({ code, outer: this.target, dark: this.dark });
    this.target = [];
    this.dark = true;
  }

  endBlock(): void {
    const open = this.defining.pop();
    if (!open) return;
    this.blocks.set(open.code, this.target);
    this.target = open.outer;
    this.dark = open.dark;
  }

  /** What flashing a block aperture draws: its pieces (chords, flashes, corners), counted before it is copied. */
  blockPieces(code: string): number {
    let pieces = 0;
    for (const run of this.blocks.get(code) ?? []) {
      pieces += run.points.length / 2 + run.flashes.length / 3;
      for (const contour of run.regions) pieces += contour.length / 2;
    }
    return pieces;
  }

  private closeRepeat(): void {
    const block = this.target;
    this.target = [];
    const copies = this.offsets.length > 0 ? this.offsets : [[0, 0]];
    for (const [dx = 0, dy = 0] of copies) {
      for (const run of block) {
        if (copies.length === 1 && dx === 0 && dy === 0) append(this.runs, run); else appendMoved(this.runs, run, dx, dy, false);
      }
    }
  }

  /** The layer's objects in mm. */
  finish(scale: number): LayerObjects {
    while (this.defining.length > 0) this.endBlock();
    this.closeRepeat();
    const times = (values: number[]) => { for (let at = 0; at < values.length; at += 1) values[at] = (values[at] ?? 0) * scale; };
    for (const run of this.runs) {
      times(run.points);
      times(run.lineWidth);
      for (let at = 0; at < run.flashes.length; at += 3) {
        run.flashes[at] = (run.flashes[at] ?? 0) * scale;
        run.flashes[at + 1] = (run.flashes[at + 1] ?? 0) * scale;
      }
      for (const contour of run.regions) times(contour);
    }
    return { apertures: this.apertures.map(({ parts, thermal }) => ({ parts: parts.map((part) => scaledPart(part, scale)), thermal })), runs: this.runs };
  }
}
