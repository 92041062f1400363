import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';

/**
 * Helpers of the Gerber tests. The reference numbers here are read from the files by small scanners of their own,
 * never by the pipeline's code, so a test compares two independent readings.
 */
export const FIXTURE_BOARDS = resolve(import.meta.dirname, '../../node_modules/@tracespace/fixtures/boards');

export interface ManifestLayer { name: string; format: 'gerber' | 'drill'; type: string; side: string }

export function boardNames(): string[] {
  return readdirSync(FIXTURE_BOARDS).filter((name) => {
    try {
      return readFileSync(join(FIXTURE_BOARDS, name, 'manifest.json')).length > 0;
    } catch {
      return false;
    }
  }).sort();
}

export function manifest(board: string): ManifestLayer[] {
  return (JSON.parse(readFileSync(join(FIXTURE_BOARDS, board, 'manifest.json'), 'utf8')) as { layers: ManifestLayer[] }).layers;
}

export function fixtureText(board: string, name: string): string {
  return readFileSync(join(FIXTURE_BOARDS, board, name), 'latin1');
}

/** The board's files zipped in a folder of its own, as a customer would send them. */
export function boardZip(board: string): Uint8Array {
  return zipSync(Object.fromEntries(manifest(board).map((layer) =>
    [`${board}/${layer.name}`, new Uint8Array(readFileSync(join(FIXTURE_BOARDS, board, layer.name)))])));
}

export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) =>
    [name, typeof content === 'string' ? strToU8(content) : content])));
}

/**
 * Width and height in mm of a Gerber file's coordinates (min/max of every X and Y it moves to), honouring its %FS
 * format (zero suppression, decimal places) and units (%MO or G70/G71). For an outline, the board's size.
 */
export function gerberCoordinateExtentMm(text: string): { widthMm: number; heightMm: number } {
  const format = /%FS([LTD]?)[AI]X(\d)(\d)Y(\d)(\d)\*%/.exec(text);
  if (!format) throw new Error('no %FS statement');
  const trailing = format[1] === 'T';
  const [intX, decX, intY, decY] = format.slice(2, 6).map(Number) as [number, number, number, number];
  const metric = /%MOMM\*%/.test(text) || /(^|\*)\s*G71\*/m.test(text);
  const value = (raw: string, integers: number, decimals: number) => {
    const sign = raw.startsWith('-') ? -1 : 1;
    let digits = raw.replace(/^[+-]/, '');
    if (digits.includes('.')) return sign * Number(digits);
    if (trailing) digits = digits.padEnd(integers + decimals, '0');
    return sign * Number(digits) / 10 ** decimals;
  };
  let x = 0;
  let y = 0;
  const xs: number[] = [];
  const ys: number[] = [];
  // Extended commands (%…%) hold no coordinates; every other block may move, modally in X and Y.
  for (const block of text.replace(/%[^%]*%/g, '').split('*')) {
    const mx = /X([+-]?[\d.]+)/.exec(block);
    const my = /Y([+-]?[\d.]+)/.exec(block);
    if (!mx && !my) continue;
    if (mx?.[1]) x = value(mx[1], intX, decX);
    if (my?.[1]) y = value(my[1], intY, decY);
    xs.push(x);
    ys.push(y);
  }
  const scale = metric ? 1 : 25.4;
  return {
    widthMm: (Math.max(...xs) - Math.min(...xs)) * scale,
    heightMm: (Math.max(...ys) - Math.min(...ys)) * scale,
  };
}

/** An Excellon file's hits (coordinate lines after the header) and the diameters in mm of the tools that drill them. */
export function excellonHoles(text: string): { hits: number; diametersMm: number[] } {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const headerStart = lines.indexOf('M48');
  const headerEnd = lines.findIndex((line, index) => index > headerStart && (line === '%' || line === 'M95'));
  const header = lines.slice(0, headerEnd);
  const metric = header.some((line) => /^(METRIC|M71)\b/.test(line));
  const tools = new Map<number, number>();
  for (const line of header) {
    const tool = /^T(\d+)\S*?C(\d*\.?\d+)/.exec(line);
    if (tool) tools.set(Number(tool[1]), Number(tool[2]) * (metric ? 1 : 25.4));
  }
  let current = 0;
  let hits = 0;
  const used = new Set<number>();
  for (const line of lines.slice(headerEnd + 1)) {
    const tool = /^T(\d+)/.exec(line);
    if (tool) current = Number(tool[1]);
    if (/^(T\d+)?[XY]/.test(line)) {
      hits += 1;
      used.add(current);
    }
  }
  const diameters = [...used].map((tool) => Math.round((tools.get(tool) ?? 0) * 10000) / 10000);
  return { hits, diametersMm: [...new Set(diameters)].sort((a, b) => a - b) };
}

/** A real 1 × 1 PNG. */
export const PNG_BYTES = Uint8Array.from(Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

// ---- zip bombs, written bit by bit: fflate takes ~25 s to deflate a gigabyte, these take milliseconds ----

class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private bit = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  /** Writes `count` bits of `value`, least significant first (deflate's order for everything but Huffman codes). */
  write(value: number, count: number) {
    for (let index = 0; index < count; index += 1) {
      if ((value >> index) & 1) this.bytes[this.length] = (this.bytes[this.length] ?? 0) | (1 << this.bit);
      this.bit += 1;
      if (this.bit === 8) {
        this.bit = 0;
        this.length += 1;
      }
    }
  }
  /** Huffman codes go most significant bit first. */
  writeCode(code: number, count: number) {
    for (let index = count - 1; index >= 0; index -= 1) this.write((code >> index) & 1, 1);
  }
  done(): Uint8Array {
    return this.bytes.slice(0, this.length + (this.bit > 0 ? 1 : 0));
  }
}

/**
 * Raw deflate of `size` zero bytes in one fixed-Huffman block: a literal 0, then copies of 258 bytes at distance 1
 * (13 bits each), then the rest. About 6.5 MB for a gigabyte.
 */
function deflatedZeros(size: number): Uint8Array {
  const copies = Math.floor((size - 1) / 258);
  const rest = size - 1 - copies * 258;
  const writer = new BitWriter(Math.ceil((3 + 8 + copies * 13 + rest * 8 + 7) / 8));
  writer.write(1, 1); // final block
  writer.write(1, 2); // fixed Huffman
  writer.writeCode(0x30, 8); // literal 0
  for (let index = 0; index < copies; index += 1) {
    writer.writeCode(0b11000101, 8); // length 258 (code 285)
    writer.writeCode(0, 5); // distance 1
  }
  // What is left (< 258 bytes) as literals: short and exact.
  for (let index = 0; index < rest; index += 1) writer.writeCode(0x30, 8);
  writer.writeCode(0, 7); // end of block
  return writer.done();
}

/** CRC-32 of `size` zero bytes without touching them: the CRC of zeros is a linear map, raised to a power. */
function crc32OfZeros(size: number): number {
  const times = (matrix: Uint32Array, vector: number) => {
    let sum = 0;
    for (let index = 0; vector !== 0; index += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[index] as number;
    return sum >>> 0;
  };
  const square = (matrix: Uint32Array) => Uint32Array.from(matrix, (column) => times(matrix, column));
  // One zero bit: shift right, folding in the polynomial.
  let operator = new Uint32Array(32);
  operator[0] = 0xedb88320;
  for (let index = 1; index < 32; index += 1) operator[index] = 1 << (index - 1);
  operator = square(square(square(operator))); // one zero byte
  let crc = 0xffffffff;
  for (let bytes = size; bytes > 0; bytes = Math.floor(bytes / 2)) {
    if (bytes % 2 === 1) crc = times(operator, crc);
    operator = square(operator);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface RawEntry { name: string; nameBytes?: Uint8Array; data: Uint8Array; size: number; crc: number; method?: number }

/** A zip written field by field, so that a test can make it say what it likes about its entries. */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.nameBytes ?? strToU8(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method ?? 8, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 20, true);
    record.setUint16(6, 20, true);
    record.setUint16(10, entry.method ?? 8, true);
    record.setUint32(16, entry.crc, true);
    record.setUint32(20, entry.data.length, true);
    record.setUint32(24, entry.size, true);
    record.setUint16(28, name.length, true);
    record.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);
    central.push(new Uint8Array(record.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A zip of `size` zero bytes in one entry; `declaredSize` is what its headers claim (the truth unless told). */
export function zeroBomb(size: number, declaredSize = size, name = 'bomb.gbr'): Uint8Array {
  return rawZip([{ name, data: deflatedZeros(size), size: declaredSize, crc: crc32OfZeros(size) }]);
}
