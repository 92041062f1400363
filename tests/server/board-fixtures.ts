import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { zipSync } from 'fflate';
import type { Gateway } from '../../server/app';
import type { UploadState } from '../../src/contract/board-files';

/** Uploads and boards for the gateway tests of board-files and streaming. */

const BOARDS = join(process.cwd(), 'node_modules/@tracespace/fixtures/boards');

export interface ManifestLayer { name: string; format: string; side: string | null; type: string | null }

export function manifestOf(board: string): ManifestLayer[] {
  return (JSON.parse(readFileSync(join(BOARDS, board, 'manifest.json'), 'utf8')) as { layers: ManifestLayer[] }).layers;
}

/** The board's layer files (not its licence or manifest) zipped as a customer would. */
export function zipBoard(board: string): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const layer of manifestOf(board)) entries[layer.name] = readFileSync(join(BOARDS, board, layer.name));
  return Buffer.from(zipSync(entries, { level: 6 }));
}

export const zipOf = (entries: Record<string, Uint8Array | string>): Buffer =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, content]) => [
    name, typeof content === 'string' ? new TextEncoder().encode(content) : content,
  ]))));

/** LSB-first bit writer for a raw DEFLATE stream; Huffman codes go in most significant bit first. */
class Bits {
  readonly bytes: Uint8Array;
  private at = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  put(value: number, count: number) {
    for (let i = 0; i < count; i += 1, this.at += 1) {
      if ((value >> i) & 1) this.bytes[this.at >> 3] = (this.bytes[this.at >> 3] ?? 0) | (1 << (this.at & 7));
    }
  }
  code(code: number, length: number) {
    for (let i = length - 1; i >= 0; i -= 1, this.at += 1) {
      if ((code >> i) & 1) this.bytes[this.at >> 3] = (this.bytes[this.at >> 3] ?? 0) | (1 << (this.at & 7));
    }
  }
  get length() {
    return (this.at + 7) >> 3;
  }
}

/**
 * `total` zero bytes as one fixed-Huffman DEFLATE block: a literal 0, then copies of 258 bytes at distance 1
 * (13 bits each), so 1 GiB takes about 6.5 MB and a fraction of a second to build — no gigabyte is ever held.
 */
function deflateZeros(total: number): Uint8Array {
  const copies = Math.floor((total - 1) / 258);
  const literals = total - 1 - copies * 258;
  const bits = new Bits(Math.ceil((3 + 8 * (1 + literals) + 13 * copies + 7) / 8) + 8);
  bits.put(1, 1); // BFINAL
  bits.put(1, 2); // BTYPE 01: fixed Huffman
  for (let i = 0; i <= literals; i += 1) bits.code(0b00110000, 8); // literal 0
  for (let i = 0; i < copies; i += 1) {
    bits.code(0b11000101, 8); // length code 285: 258 bytes
    bits.code(0, 5); // distance code 0: distance 1
  }
  bits.code(0, 7); // end of block
  return bits.bytes.subarray(0, bits.length);
}

function crcOfZeros(total: number): number {
  const chunk = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let left = total; left > 0; left -= chunk.length) crc = crc32(left >= chunk.length ? chunk : chunk.subarray(0, left), crc);
  return crc >>> 0;
}

/**
 * A zip of one entry of `total` zeros: the classic zip bomb. Honest by default (true size and CRC in its headers);
 * with `declared` its headers claim that size instead, so only a limit enforced while inflating stops it.
 */
export function zipBomb(name = 'board.gbr', total = 1024 ** 3, declared?: number): Buffer {
  const data = deflateZeros(total);
  const crc = declared === undefined ? crcOfZeros(total) : 0;
  const size = declared ?? total;
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface UploadAnswer { status: number; json: Record<string, unknown> }

export async function uploadFiles(
  gw: Gateway, token: string | null, clientId: number, bytes: Buffer, fileName: string, contentType = 'application/zip',
): Promise<UploadAnswer> {
  const query = new URLSearchParams({ clientId: String(clientId), fileName });
  const response = await gw.app.inject({
    method: 'POST', url: `/api/board-files/Upload?${query}`, payload: bytes,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    json = { raw: response.body };
  }
  return { status: response.statusCode, json };
}

/** Polls Get until the processing is over; with `dfm`, until its DFM stage is over too (it comes after). */
export async function waitProcessed(
  gw: Gateway, token: string, uploadId: string, timeoutMs = 30_000, options: { dfm?: boolean } = {},
): Promise<UploadState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await gw.app.inject({
      method: 'GET', url: `/api/board-files/Get?uploadId=${uploadId}`, headers: { authorization: `Bearer ${token}` },
    });
    if (answer.statusCode !== 200) throw new Error(`Get: ${answer.statusCode} ${answer.body}`);
    const state = JSON.parse(answer.body) as UploadState;
    if (state.status !== 'processing' && !(options.dfm && state.analysis?.dfmStatus === 'running')) return state;
    if (Date.now() > until) throw new Error(`upload ${uploadId} still processing at step ${state.step} (DFM ${state.analysis?.dfmStatus ?? '—'})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
