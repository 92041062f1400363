/**
 * An Excellon reader of our own: the holes, slots and routs of a drill file in mm. Real drill files stretch the
 * format in every direction — no header at all (PADS, Allegro), tool sizes only in comments (Allegro), the number
 * format only in a comment (KiCad, Altium, Sprint-Layout), repeat codes, G85 slots, routed slots with M15/M16 and
 * arcs given by their radius — and tracespace's parser drops several of these, so what is counted and drawn comes
 * from here (the picture is drawn from `normalizedExcellon`, so it shows what was counted).
 */
import { coordinate, readHeader } from './excellon-header';
import { MM_PER, type Point, type Units } from './geometry';
import { FileLimits, within } from './geometry-limits';

export interface DrillHole { x: number; y: number; diameterMm: number }
/** A G85 slot or one rout (M15 … M16): its centre line in mm, arcs flattened. */
export interface DrillPath { kind: 'slot' | 'rout'; points: Point[]; diameterMm: number }

export interface ExcellonReading {
  holes: DrillHole[];
  paths: DrillPath[];
  /** Tool diameters in mm that drilled or routed something. */
  diametersMm: number[];
}

const COORDINATE = /^(?:G0?[0-3])?((?:[XY][+-]?[\d.]+){1,2})(?:G85((?:[XY][+-]?[\d.]+){1,2}))?/;
const AXIS = /([XYIJA])([+-]?[\d.]+)/g;

/** Points along an arc from `from` to `to` (centre `centre`), a segment every 10° at most, for drawing and sizes. */
function arcPoints(from: Point, to: Point, centre: Point, clockwise: boolean): Point[] {
  const radius = Math.hypot(from[0] - centre[0], from[1] - centre[1]);
  const start = Math.atan2(from[1] - centre[1], from[0] - centre[0]);
  let end = Math.atan2(to[1] - centre[1], to[0] - centre[0]);
  if (clockwise && end >= start) end -= 2 * Math.PI;
  if (!clockwise && end <= start) end += 2 * Math.PI;
  const steps = Math.max(1, Math.ceil(Math.abs(end - start) / (Math.PI / 18)));
  const points: Point[] = [];
  for (let step = 1; step < steps; step += 1) {
    const angle = start + ((end - start) * step) / steps;
    points.push([centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle)]);
  }
  points.push(to);
  return points;
}

/** The centre of an arc given by its radius: of the two, the one that makes the shorter arc in that direction. */
function centreFromRadius(from: Point, to: Point, radius: number, clockwise: boolean): Point {
  const mid: Point = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  const half = Math.hypot(to[0] - from[0], to[1] - from[1]) / 2;
  const offset = Math.sqrt(Math.max(0, radius * radius - half * half));
  const length = half * 2 || 1;
  const normal: Point = [-(to[1] - from[1]) / length, (to[0] - from[0]) / length];
  const side = clockwise ? -1 : 1;
  return [mid[0] + side * normal[0] * offset, mid[1] + side * normal[1] * offset];
}

/**
 * Reads an Excellon file; never throws on odd content, it reads what it can. Throws GeometryOutOfRange as soon as the
 * file passes `limits` (its holes and rout points, where they lie, its tools, its arcs): before a repeat code is
 * expanded, before an arc is cut.
 */
export function readExcellon(text: string, limits: FileLimits = new FileLimits()): ExcellonReading {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const header = readHeader(text, lines.filter((line) => !line.startsWith(';')));
  const { format, tools } = header;
  const scale = MM_PER[format.units];
  const holes: DrillHole[] = [];
  const paths: DrillPath[] = [];
  let units = format.units;
  let incremental = header.incremental;
  let position: Point = [0, 0];
  let toolDiameter = 0;
  let routing = false; // G00 … G05: moves do not drill
  let cutting: Point[] | null = null; // points of the rout while the tool is down

  const toMm = (value: number) => value * MM_PER[units];
  let counted = 0;
  /** Holes and rout points about to be kept, and where. */
  const taking = (count: number) => {
    counted += count;
    within('holes', counted);
    limits.draw(count, 0);
  };
  const hit = (at: Point) => {
    taking(1);
    limits.point(at[0], at[1]);
    holes.push({ x: at[0], y: at[1], diameterMm: toolDiameter * scale });
  };
  const cutTo = (points: Point[]) => {
    taking(points.length);
    for (const [x, y] of points) limits.point(x, y);
    cutting?.push(...points);
  };
  const endCut = () => {
    if (cutting && cutting.length > 1) paths.push({ kind: 'rout', points: cutting, diameterMm: toolDiameter * scale });
    cutting = null;
  };
  const read = (axes: string, from: Point): Point => {
    const next: Point = incremental ? [0, 0] : [...from];
    for (const [, axis, raw = ''] of axes.matchAll(AXIS)) {
      const value = toMm(coordinate(raw, { ...format, units }));
      if (axis === 'X') next[0] = incremental ? from[0] + value : value;
      if (axis === 'Y') next[1] = incremental ? from[1] + value : value;
    }
    if (incremental) {
      if (!/X/.test(axes)) next[0] = from[0];
      if (!/Y/.test(axes)) next[1] = from[1];
    }
    return next;
  };
  const selectTool = (digits: string) => {
    endCut();
    const number = Number(digits);
    // T0301 selects tool 3 with offset 1 when there is no tool 301.
    const known = tools.get(number) ?? (digits.length === 4 ? tools.get(Number(digits.slice(0, 2))) : undefined);
    toolDiameter = known ?? 0;
    within('drillMm', toolDiameter * scale);
  };

  let inHeader = lines[0] === 'M48';
  for (const line of lines) {
    if (line.startsWith(';')) continue;
    if (inHeader) {
      if (line === '%' || line === 'M95') inHeader = false;
      continue;
    }
    if (line === 'M48') { inHeader = true; continue; }
    if (line === 'M30' || line === 'M00') { endCut(); break; }
    if (line === 'M71') { units = 'mm'; continue; }
    if (line === 'M72') { units = 'in'; continue; }
    if (line === 'G90') { incremental = false; continue; }
    if (line === 'G91') { incremental = true; continue; }
    if (line === 'G05' || line === 'G81') { endCut(); routing = false; continue; }
    if (line === 'M15') { if (!cutting) cutting = [position]; continue; }
    if (line === 'M16' || line === 'M17') { endCut(); continue; }
    const tool = /^T(\d+)/.exec(line);
    if (tool) {
      const inline = /^T\d+(?:[A-Z][\d.+-]*)*?C([\d.]+)/.exec(line);
      if (inline) tools.set(Number(tool[1]), Number(inline[1]));
      selectTool(tool[1] ?? '0');
      const rest = line.slice(tool[0].length).replace(/^(?:[A-Z][\d.+-]*)*?C[\d.]+/, '');
      if (!/^[XY]/.test(rest)) continue;
    }
    const repeat = /^R(\d+)((?:[XY][+-]?[\d.]+){1,2})/.exec(line);
    if (repeat) {
      // Rn with an offset: n more holes, each the offset on from the one before.
      const step = read(repeat[2] ?? '', [0, 0]);
      const times = Number(repeat[1]);
      within('holes', counted + times);
      for (let count = 0; count < times; count += 1) {
        position = [position[0] + step[0], position[1] + step[1]];
        hit(position);
      }
      continue;
    }
    const move = /^G0([0-3])/.exec(line);
    if (move?.[1] === '0') { endCut(); routing = true; }
    const body = line.replace(/^T\d+/, '').replace(/^G0[0-3]/, '');
    const coordinates = COORDINATE.exec(body);
    if (!coordinates) continue;
    const target = read(coordinates[1] ?? '', position);
    if (coordinates[2]) {
      const end = read(coordinates[2], target);
      taking(2);
      limits.point(target[0], target[1]);
      limits.point(end[0], end[1]);
      paths.push({ kind: 'slot', points: [target, end], diameterMm: toolDiameter * scale });
      position = end;
      continue;
    }
    const mode = move?.[1];
    if (routing && (mode === '1' || mode === '2' || mode === '3' || (mode === undefined && cutting))) {
      cutting ??= [position];
      const arc = mode === '2' || mode === '3' ? line : null;
      if (arc) {
        const radius = /A([\d.]+)/.exec(arc);
        const i = /I([+-]?[\d.]+)/.exec(arc);
        const j = /J([+-]?[\d.]+)/.exec(arc);
        const clockwise = mode === '2';
        const centre: Point = radius
          ? centreFromRadius(position, target, toMm(coordinate(radius[1] ?? '0', { ...format, units })), clockwise)
          : [position[0] + toMm(coordinate(i?.[1] ?? '0', { ...format, units })), position[1] + toMm(coordinate(j?.[1] ?? '0', { ...format, units }))];
        within('arcRadiusMm', Math.hypot(position[0] - centre[0], position[1] - centre[1]));
        cutTo(arcPoints(position, target, centre, clockwise));
      } else {
        cutTo([target]);
      }
      position = target;
      continue;
    }
    position = target;
    if (!routing) hit(target);
  }
  endCut();
  const diameters = [...holes.map((hole) => hole.diameterMm), ...paths.map((path) => path.diameterMm)].filter((size) => size > 0);
  return { holes, paths, diametersMm: [...new Set(diameters.map(roundDiameter))].sort((a, b) => a - b) };
}

/** Diameters to 0.1 µm: enough for inch sizes (0.0118 in = 0.2997 mm) to read as their truth. */
export const roundDiameter = (mm: number): number => Math.round(mm * 10000) / 10000;

/**
 * The reading written back as plain Excellon with decimal coordinates, which tracespace draws reliably: holes as hits,
 * slots and routs as G85 slots along their centre lines. In the board's units: pcb-stackup sizes each side's picture
 * in the units most of its layers use and adds the two sides up without converting them.
 */
export function normalizedExcellon(reading: ExcellonReading, units: Units = 'mm'): string {
  const scale = units === 'in' ? 1 / 25.4 : 1;
  const fixed = (mm: number) => (mm * scale).toFixed(units === 'in' ? 5 : 4);
  const sizes = [...new Set([...reading.holes.map((hole) => hole.diameterMm), ...reading.paths.map((path) => path.diameterMm)])];
  const toolOf = new Map(sizes.map((size, index) => [size, index + 1]));
  const out = ['M48', units === 'in' ? 'INCH,TZ' : 'METRIC,TZ', ...sizes.map((size, index) => `T${index + 1}C${fixed(size)}`), '%', 'G90', 'G05'];
  for (const size of sizes) {
    out.push(`T${toolOf.get(size)}`);
    for (const hole of reading.holes) if (hole.diameterMm === size) out.push(`X${fixed(hole.x)}Y${fixed(hole.y)}`);
    for (const path of reading.paths) {
      if (path.diameterMm !== size) continue;
      for (let index = 1; index < path.points.length; index += 1) {
        const [from, to] = [path.points[index - 1], path.points[index]];
        if (from && to) out.push(`X${fixed(from[0])}Y${fixed(from[1])}G85X${fixed(to[0])}Y${fixed(to[1])}`);
      }
    }
  }
  out.push('M30');
  return `${out.join('\n')}\n`;
}
