/**
 * Gerber text written the way CAD tools write it, for the known-truth boards: apertures defined once and
 * selected by D code, tracks as D02/D01 runs, arcs with G75 and I/J, regions in G36/G37, clear polarity, macros and
 * step-and-repeat blocks. Coordinates are mm in format 4.6, so a coordinate is its value in nanometres, exact.
 */

export type Point = [number, number];
/** A point reached along a straight line, or along an arc round `centre` (counter-clockwise unless `cw`). */
export type Step = Point | { to: Point; centre: Point; cw?: boolean };

const coord = (value: number) => String(Math.round(value * 1e6));
const xy = ([x, y]: Point) => `X${coord(x)}Y${coord(y)}`;
/** An aperture's size as CAD tools print it: mm with up to six decimals. */
export const size = (value: number) => String(Number(value.toFixed(6)));

export const circle = (diameter: number) => `C,${size(diameter)}`;
export const rect = (width: number, height: number) => `R,${size(width)}X${size(height)}`;
export const obround = (width: number, height: number) => `O,${size(width)}X${size(height)}`;

/** A flashed pad a solder mask opens over, with the opening's aperture. */
interface MaskOpening { aperture: string; at: Point }

export class GerberWriter {
  private readonly macros: string[] = [];
  private readonly apertures: string[] = [];
  private readonly body: string[] = [];
  private readonly codes = new Map<string, number>();
  private selected = '';
  private nextCode = 10;
  private arcMode = false;
  /** The present point: arcs' centres are written relative to it. */
  private last: Point = [0, 0];
  /** Where pads were flashed with `pad`: the mask file opens over them. */
  readonly openings: MaskOpening[] = [];
  private repeat: Point[] = [[0, 0]];

  /** An aperture macro, written once in the header (its text between %AM…* and %). */
  macro(name: string, primitives: string[]): void {
    this.macros.push(`%AM${name}*`, ...primitives.map((primitive) => `${primitive}*`), '%');
  }

  private use(aperture: string): void {
    let code = this.codes.get(aperture);
    if (code === undefined) {
      code = this.nextCode++;
      this.codes.set(aperture, code);
      this.apertures.push(`%ADD${code}${aperture}*%`);
    }
    if (this.selected !== aperture) { this.body.push(`D${code}*`); this.selected = aperture; }
  }

  private moveTo(point: Point): void {
    this.body.push(`${xy(point)}D02*`);
    this.last = point;
  }

  /** Lines and arcs from the present point; straight interpolation again after. */
  private path(steps: Step[]): void {
    for (const step of steps) {
      if (Array.isArray(step)) {
        if (this.arcMode) { this.body.push('G01*'); this.arcMode = false; }
        this.body.push(`${xy(step)}D01*`);
        this.last = step;
        continue;
      }
      if (!this.arcMode) { this.body.push('G75*'); this.arcMode = true; }
      const [i, j] = [step.centre[0] - this.last[0], step.centre[1] - this.last[1]];
      this.body.push(`${step.cw ? 'G02' : 'G03'}${xy(step.to)}I${coord(i)}J${coord(j)}D01*`);
      this.last = step.to;
    }
    if (this.arcMode) { this.body.push('G01*'); this.arcMode = false; }
  }

  /** A track: the aperture dragged from `from` along the steps. */
  stroke(aperture: string, from: Point, steps: Step[]): this {
    this.use(aperture);
    this.moveTo(from);
    this.path(steps);
    return this;
  }

  /** A track of a round aperture, as every CAD tool draws tracks. */
  track(width: number, from: Point, ...steps: Step[]): this {
    return this.stroke(circle(width), from, steps);
  }

  /** A flash: vias, and pads no mask opens over. */
  flash(aperture: string, ...points: Point[]): this {
    this.use(aperture);
    for (const point of points) this.body.push(`${xy(point)}D03*`);
    return this;
  }

  /** A component's pad: flashed, and opened in the solder mask with the `mask` aperture (in each step-and-repeat copy). */
  pad(aperture: string, at: Point, mask: string): this {
    this.flash(aperture, at);
    for (const [dx, dy] of this.repeat) this.openings.push({ aperture: mask, at: [at[0] + dx, at[1] + dy] });
    return this;
  }

  /** A region (a pour, a pad drawn as an outline), closed back to its start. */
  region(from: Point, ...steps: Step[]): this {
    this.body.push('G36*');
    this.moveTo(from);
    const back = steps[steps.length - 1];
    const end = back === undefined ? from : Array.isArray(back) ? back : back.to;
    this.path(end[0] === from[0] && end[1] === from[1] ? steps : [...steps, from]);
    this.body.push('G37*');
    return this;
  }

  /** A region given as its corners. */
  polygon([first, ...rest]: Point[]): this {
    return first ? this.region(first, ...rest) : this;
  }

  /** A round-aperture track through the points (an outline of chords). */
  polyline(width: number, [first, ...rest]: Point[]): this {
    return first ? this.track(width, first, ...rest) : this;
  }

  /** What `draw` draws takes copper away (%LPC), then dark again. */
  clear(draw: (layer: this) => void): this {
    this.body.push('%LPC*%');
    draw(this);
    this.body.push('%LPD*%');
    return this;
  }

  /** A step-and-repeat block: `draw` drawn `columns` × `rows` times, `step` apart. */
  stepRepeat(columns: number, rows: number, step: Point, draw: (layer: this) => void): this {
    this.body.push(`%SRX${columns}Y${rows}I${size(step[0])}J${size(step[1])}*%`);
    this.repeat = Array.from({ length: columns * rows }, (_, index): Point => [step[0] * Math.floor(index / rows), step[1] * (index % rows)]);
    draw(this);
    this.repeat = [[0, 0]];
    this.body.push('%SR*%');
    return this;
  }

  /** The file: the header a CAD tool writes (`attributes`: X2 lines, KiCad's), apertures, the drawing. */
  text(attributes: string[] = []): string {
    return [...attributes, '%FSLAX46Y46*%', '%MOMM*%', '%LPD*%', 'G01*', ...this.macros, ...this.apertures, ...this.body, 'M02*', ''].join('\n');
  }
}

/** A solder mask: the openings over a copper layer's pads. */
export function maskOver(copper: GerberWriter): GerberWriter {
  const mask = new GerberWriter();
  for (const opening of copper.openings) mask.flash(opening.aperture, opening.at);
  return mask;
}

/** Points on a circle from angle `start` to `end` (radians, either way), `segments` chords: a CAD tool's polygon arc. */
export function chords(centre: Point, radius: number, start: number, end: number, segments: number): Point[] {
  return Array.from({ length: segments + 1 }, (_, index): Point => {
    const angle = start + ((end - start) * index) / segments;
    return [centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle)];
  });
}

/** A hole in a zone fill: its outline, clockwise from the point its cut-in reaches, and the side the cut-in comes from. */
export interface ZoneHole { points: Point[]; from: 'below' | 'above' }

/**
 * A rectangle of copper with holes as KiCad writes a zone fill: one outline, each hole reached by a cut-in (a bridge
 * drawn there and back) from the lower or upper side, straight up or down to the hole's first point. The outline
 * runs counter-clockwise, the holes clockwise. Holes bridged from one side must not lie above one another.
 */
export function fractured([x0, y0]: Point, [x1, y1]: Point, holes: ZoneHole[]): Point[] {
  const cutIn = (y: number) => (hole: ZoneHole): Point[] => {
    const [first = [0, 0] as Point] = hole.points;
    return [[first[0], y], ...hole.points, first, [first[0], y]];
  };
  const startX = (hole: ZoneHole) => hole.points[0]?.[0] ?? 0;
  const below = holes.filter((hole) => hole.from === 'below').sort((a, b) => startX(a) - startX(b));
  const above = holes.filter((hole) => hole.from === 'above').sort((a, b) => startX(b) - startX(a));
  return [[x0, y0], ...below.flatMap(cutIn(y0)), [x1, y0], [x1, y1], ...above.flatMap(cutIn(y1)), [x0, y1]];
}

/** A round hole in a zone fill, as `segments` chords clockwise from its lowest (or highest) point. */
export function roundHole(centre: Point, radius: number, from: ZoneHole['from'], segments = 32): ZoneHole {
  const start = from === 'below' ? -Math.PI / 2 : Math.PI / 2;
  return { points: chords(centre, radius, start, start - 2 * Math.PI, segments).slice(0, -1), from };
}
