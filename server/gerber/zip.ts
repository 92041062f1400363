import { Inflate } from 'fflate';
import { UploadRefused } from './refusal';

/**
 * Zip reading by the central directory, in memory. fflate's own unzip trusts the sizes an archive declares; here
 * the declared sizes are checked against the limits first and then enforced while inflating, so an archive that
 * lies about them stops at the first byte over, not after a gigabyte.
 */
export interface ZipEntry {
  /** As stored, decoded (UTF-8 when valid, else the DOS code page Russian Windows writes: CP866). */
  name: string;
  encrypted: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  /** The uncompressed size the central directory declares. */
  size: number;
  localOffset: number;
  isDirectory: boolean;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
/** Input fed to the inflater at a time: deflate expands at most ~1032:1, so one push yields at most ~8 MB. */
const INFLATE_CHUNK = 8 * 1024;

const broken = () => new UploadRefused('zipBroken');

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(data: DataView, offset: number): number {
  return Number(data.getBigUint64(offset, true));
}

function findEndRecord(data: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65535.
  const last = data.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - U16_MAX; offset -= 1) {
    if (data.getUint32(offset, true) === EOCD) return offset;
  }
  throw broken();
}

interface Directory { count: number; offset: number }

function readDirectoryLocation(data: DataView): Directory {
  const end = findEndRecord(data);
  let count = data.getUint16(end + 10, true);
  let offset = data.getUint32(end + 16, true);
  if ((count === U16_MAX || offset === U32_MAX) && end >= 20 && data.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const record = u64(data, end - 12);
    if (record + 56 > data.byteLength || data.getUint32(record, true) !== ZIP64_EOCD) throw broken();
    count = u64(data, record + 32);
    offset = u64(data, record + 48);
  }
  return { count, offset };
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');
const cp866 = new TextDecoder('ibm866');

function decodeName(raw: Uint8Array, utf8Flag: boolean): string {
  if (utf8Flag) return utf8.decode(raw);
  try {
    return utf8Strict.decode(raw);
  } catch {
    return cp866.decode(raw);
  }
}

/** Zip64 keeps the saturated sizes and offset in an extra field (id 1), in this order, only those saturated. */
function applyZip64(data: DataView, start: number, length: number, entry: ZipEntry): void {
  for (let offset = start; offset + 4 <= start + length;) {
    const id = data.getUint16(offset, true);
    const size = data.getUint16(offset + 2, true);
    if (id === 1) {
      let field = offset + 4;
      const take = () => {
        if (field + 8 > offset + 4 + size) throw broken();
        const value = u64(data, field);
        field += 8;
        return value;
      };
      if (entry.size === U32_MAX) entry.size = take();
      if (entry.compressedSize === U32_MAX) entry.compressedSize = take();
      if (entry.localOffset === U32_MAX) entry.localOffset = take();
      return;
    }
    offset += 4 + size;
  }
}

export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < 22) throw broken();
  const data = view(bytes);
  const { count, offset: start } = readDirectoryLocation(data);
  const entries: ZipEntry[] = [];
  let offset = start;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || data.getUint32(offset, true) !== CENTRAL) throw broken();
    const flags = data.getUint16(offset + 8, true);
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    const nameStart = offset + 46;
    if (nameStart + nameLength + extraLength > bytes.length) throw broken();
    const name = decodeName(bytes.subarray(nameStart, nameStart + nameLength), (flags & 0x800) !== 0);
    const entry: ZipEntry = {
      name,
      encrypted: (flags & 1) !== 0,
      method: data.getUint16(offset + 10, true),
      crc: data.getUint32(offset + 16, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localOffset: data.getUint32(offset + 42, true),
      // A trailing slash (either kind), or the MS-DOS directory attribute.
      isDirectory: /[/\\]$/.test(name) || (data.getUint32(offset + 38, true) & 0x10) !== 0,
    };
    applyZip64(data, nameStart + nameLength, extraLength, entry);
    entries.push(entry);
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = U32_MAX;
  for (let index = 0; index < bytes.length; index += 1) {
    crc = (CRC_TABLE[(crc ^ (bytes[index] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ U32_MAX) >>> 0;
}

function compressedData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || data.getUint32(local, true) !== LOCAL) throw broken();
  const start = local + 30 + data.getUint16(local + 26, true) + data.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw broken();
  return bytes.subarray(start, end);
}

/**
 * The entry's bytes, never more than its declared size: inflation stops as soon as the output would pass it
 * ('unpackedTooLarge', since the archive unpacks to more than it admits). The caller has already held the declared
 * sizes against the limits, so the declared size is the budget.
 */
export function extractEntry(bytes: Uint8Array, entry: ZipEntry, limitMb: number): Uint8Array {
  const input = compressedData(bytes, entry);
  const output = new Uint8Array(entry.size);
  if (entry.size === 0 && input.length === 0) return output;
  if (entry.method === 0) {
    if (input.length !== entry.size) throw broken();
    output.set(input);
  } else if (entry.method === 8) {
    let produced = 0;
    let over = false;
    const inflater = new Inflate((chunk) => {
      if (over) return;
      if (produced + chunk.length > output.length) {
        over = true;
        return;
      }
      output.set(chunk, produced);
      produced += chunk.length;
    });
    try {
      for (let offset = 0; offset < input.length && !over; offset += INFLATE_CHUNK) {
        const end = Math.min(offset + INFLATE_CHUNK, input.length);
        inflater.push(input.subarray(offset, end), end === input.length);
      }
    } catch (error) {
      if (error instanceof UploadRefused) throw error;
      throw broken();
    }
    if (over) throw new UploadRefused('unpackedTooLarge', { max: limitMb });
    if (produced !== entry.size) throw broken();
  } else {
    throw broken();
  }
  if (crc32(output) !== entry.crc) throw broken();
  return output;
}
