import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, frameReader, FrameTooLarge } from '../../server/board-jobs/frames';

/** The frames between the gateway and its board runners: whole messages out of any chunking, and a cap. */

const message = fc.record({
  type: fc.constantFrom('report', 'result'),
  text: fc.string(),
  numbers: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true })),
});

function chunked(stream: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, stream.length]) {
    chunks.push(stream.subarray(from, point));
    from = point;
  }
  return chunks;
}

describe('Runner frames', () => {
  it('read back every message and its bytes, in order, however the pipe cuts them', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(message, fc.uint8Array({ maxLength: 64 })), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }),
      (sent, cuts) => {
        const stream = Buffer.concat(sent.map(([json, bytes]) => encodeFrame(json, bytes)));
        const received: [unknown, Uint8Array][] = [];
        const read = frameReader(1 << 20, (json, bytes) => received.push([json, new Uint8Array(bytes)]));
        for (const chunk of chunked(stream, cuts)) read(chunk);
        expect(received).toEqual(sent.map(([json, bytes]) => [JSON.parse(JSON.stringify(json)), bytes]));
      },
    ));
  });

  it('refuse a message announced over the limit from its header, keeping none of it', () => {
    const frame = encodeFrame({ big: 'x'.repeat(2000) });
    const heard: unknown[] = [];
    const read = frameReader(1000, (json) => heard.push(json));
    expect(() => read(frame.subarray(0, 8))).toThrow(FrameTooLarge);
    expect(heard).toEqual([]);
  });

  it('take a message exactly at the limit', () => {
    const frame = encodeFrame({ text: 'y'.repeat(100) });
    const heard: unknown[] = [];
    frameReader(frame.length - 8, (json) => heard.push(json))(frame);
    expect(heard).toEqual([{ text: 'y'.repeat(100) }]);
  });
});
