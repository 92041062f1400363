/**
 * The number format and tools of an Excellon file, from its header or, where real files leave them out, from their
 * comments and digits (excellon.ts says which tools write what).
 */
import type { Units } from './geometry';

/** 'L': leading zeros kept (trailing suppressed), 'T': trailing zeros kept (leading suppressed). */
type ZerosKept = 'L' | 'T';
export interface NumberFormat { units: Units; integers: number; decimals: number; kept: ZerosKept | null }

const INCH_PLACES: [number, number] = [2, 4];
const METRIC_PLACES: [number, number] = [3, 3];

export interface Header {
  format: NumberFormat;
  /** Tool number → diameter in the file's units, from tool definitions or, failing them, comments. */
  tools: Map<number, number>;
  incremental: boolean;
}

/** Hints that only comments carry: KiCad's FORMAT={3:3/…}, Altium's FILE_FORMAT=2:5, Sprint-Layout's "Format: 2.4". */
function placesFromComments(text: string): [number, number] | null {
  const hint = /;\s*FORMAT=\{(\d):(\d)\//.exec(text) ?? /;\s*FILE_FORMAT=(\d):(\d)/.exec(text)
    ?? /;\s*Format:\s*(\d)\.(\d)\b/i.exec(text);
  return hint ? [Number(hint[1]), Number(hint[2])] : null;
}

/** Allegro lists tools only as comments: ";T01 Holesize 1. = 10.000000 Tolerance = … PLATED MILS Quantity = 433". */
function toolsFromComments(text: string): Map<number, number> {
  const tools = new Map<number, number>();
  for (const match of text.matchAll(/^;\s*T(\d+)\s+Holesize[^=\n]*=\s*([\d.]+)[^\n]*?\b(MILS|MM|INCH)\b/gim)) {
    const size = Number(match[2]);
    const unit = (match[3] ?? '').toUpperCase();
    tools.set(Number(match[1]), unit === 'MILS' ? size / 1000 : unit === 'MM' ? size / 25.4 : size);
  }
  return tools;
}

/** Digits as a fixed-point number: which end was cut off decides where the point goes. */
export function coordinate(raw: string, format: NumberFormat): number {
  if (raw.includes('.')) return Number(raw);
  const sign = raw.startsWith('-') ? -1 : 1;
  const digits = raw.replace(/^[+-]/, '');
  const width = format.integers + format.decimals;
  const padded = format.kept === 'L' ? digits.padEnd(width, '0') : digits;
  return (sign * Number(padded)) / 10 ** format.decimals;
}

/**
 * Which zeros a file without a statement keeps, read off its coordinates: numbers of different lengths that start
 * with 0 have kept their leading zeros; otherwise the trailing ones were kept (or nothing was cut, when all are full).
 */
function detectKeptZeros(lines: string[], width: number): ZerosKept {
  let leadingZero = false;
  let short = false;
  for (const line of lines.slice(0, 2000)) {
    for (const match of line.matchAll(/[XY][+-]?(\d+)(?![\d.])/g)) {
      const digits = match[1] ?? '';
      if (digits.length > 1 && digits.startsWith('0')) leadingZero = true;
      if (digits.length < width) short = true;
    }
  }
  return leadingZero || !short ? 'L' : 'T';
}

export function readHeader(text: string, lines: string[]): Header {
  let units: Units | null = null;
  let places: [number, number] | null = placesFromComments(text);
  let kept: ZerosKept | null = null;
  const tools = new Map<number, number>();
  let incremental = false;
  for (const line of lines) {
    const unitsLine = /^(INCH|METRIC)\b(?:,([LT])Z)?(?:,(0*)\.(0*))?/.exec(line);
    if (unitsLine) {
      units ??= unitsLine[1] === 'INCH' ? 'in' : 'mm';
      if (unitsLine[2]) kept ??= unitsLine[2] === 'L' ? 'L' : 'T';
      if (unitsLine[3] !== undefined && unitsLine[4] !== undefined && (unitsLine[3] || unitsLine[4])) {
        places ??= [unitsLine[3].length, unitsLine[4].length];
      }
    } else if (line === 'M71') units ??= 'mm';
    else if (line === 'M72') units ??= 'in';
    else if (line === 'ICI,ON' || line === 'ICI') incremental = true;
    const tool = /^T(\d+)(?:[A-Z][\d.+-]*)*?C([\d.]+)/.exec(line);
    if (tool) tools.set(Number(tool[1]), Number(tool[2]));
  }
  const commented = toolsFromComments(text);
  for (const [number, diameter] of commented) if (!tools.has(number)) tools.set(number, diameter);
  // No units statement anywhere (PADS, Allegro): a largest tool under 0.3 can only be inches.
  units ??= commented.size > 0 || Math.max(0, ...tools.values()) < 0.3 ? 'in' : 'mm';
  const [integers, decimals] = places ?? (units === 'in' ? INCH_PLACES : METRIC_PLACES);
  kept ??= detectKeptZeros(lines, integers + decimals);
  return { format: { units, integers, decimals, kept }, tools, incremental };
}
