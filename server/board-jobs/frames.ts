/**
 * Messages between the gateway and a runner process, over a pipe: `[u32 JSON length][u32 bytes length][JSON][bytes]`.
 * The reader checks both lengths before it keeps a byte, so a runner gone wrong cannot make the gateway hold more
 * than `maxBytes` of one message.
 */

const HEADER_BYTES = 8;

export class FrameTooLarge extends Error {
  constructor(readonly bytes: number, readonly maxBytes: number) {
    super(`a message of ${bytes} bytes is over the ${maxBytes} bytes a runner may send`);
    this.name = 'FrameTooLarge';
  }
}

export function encodeFrame(message: unknown, bytes: Uint8Array = new Uint8Array(0)): Buffer {
  const json = Buffer.from(JSON.stringify(message), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(json.length, 0);
  header.writeUInt32BE(bytes.length, 4);
  return Buffer.concat([header, json, bytes]);
}

export type FrameListener = (message: unknown, bytes: Buffer) => void;

/**
 * A reader of a stream of frames: feed it chunks as they come, it calls `onFrame` for each whole frame. Throws
 * FrameTooLarge (and keeps nothing more) when a frame announces more than `maxBytes`, or bad JSON's SyntaxError.
 */
export function frameReader(maxBytes: number, onFrame: FrameListener): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let held = 0;
  let wanted: { json: number; bytes: number } | null = null;

  const take = (count: number): Buffer => {
    const all = chunks.length === 1 ? chunks[0] ?? Buffer.alloc(0) : Buffer.concat(chunks, held);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    chunks = rest.length > 0 ? [rest] : [];
    held = rest.length;
    return taken;
  };

  return (chunk) => {
    chunks.push(chunk);
    held += chunk.length;
    for (;;) {
      if (wanted === null) {
        if (held < HEADER_BYTES) return;
        const header = take(HEADER_BYTES);
        wanted = { json: header.readUInt32BE(0), bytes: header.readUInt32BE(4) };
        const size = wanted.json + wanted.bytes;
        if (size > maxBytes) {
          chunks = [];
          held = 0;
          throw new FrameTooLarge(size, maxBytes);
        }
      }
      if (held < wanted.json + wanted.bytes) return;
      // Copied out of the shared chunk, so a kept frame does not pin the chunks around it.
      const json = Buffer.from(take(wanted.json)).toString('utf8');
      const bytes = Buffer.from(take(wanted.bytes));
      wanted = null;
      onFrame(JSON.parse(json), bytes);
    }
  };
}
