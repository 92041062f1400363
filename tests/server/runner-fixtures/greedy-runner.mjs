// A runner that misbehaves on purpose, for tests/server/board-runners.test.ts: the task's `kind` says how. It speaks
// the runner's frames by hand ([u32 JSON length][u32 bytes length][JSON][bytes]) so it needs no TypeScript loader.
import { Buffer } from 'node:buffer';
import { Socket } from 'node:net';
import process from 'node:process';
import { setImmediate } from 'node:timers';

const out = new Socket({ fd: 3, readable: false, writable: true });
function send(message) {
  const json = Buffer.from(JSON.stringify(message));
  const header = Buffer.alloc(8);
  header.writeUInt32BE(json.length, 0);
  out.write(Buffer.concat([header, json]));
}
const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
const report = () => send({ type: 'report', report: { reading: `rss ${rssMb()}` } });

const behaviours = {
  // Memory outside V8's heap, which a heap limit does not see: only the system's cap stops it.
  buffers() {
    const kept = [];
    const grow = () => {
      for (let i = 0; i < 4; i += 1) kept.push(Buffer.alloc(8 * 1024 * 1024, 1));
      report();
      setImmediate(grow);
    };
    grow();
  },
  // Objects on V8's heap.
  heap() {
    const kept = [];
    const grow = () => {
      for (let i = 0; i < 4; i += 1) kept.push(Array.from({ length: 1_000_000 }, (_, k) => k + 0.5));
      report();
      setImmediate(grow);
    };
    grow();
  },
  // A frame announcing more than the gateway takes.
  flood() {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(200 * 1024 * 1024, 0);
    out.write(header);
    out.write(Buffer.alloc(1024 * 1024, 32));
  },
  crash() {
    process.stderr.write('something went wrong\n');
    process.exit(3);
  },
  answer() {
    send({ type: 'result', result: { kind: 'failed', reason: 'fine' }, rssMb: rssMb() });
  },
};

let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  if (buffered.length < 8) return;
  const length = buffered.readUInt32BE(0);
  if (buffered.length < 8 + length) return;
  const task = JSON.parse(buffered.subarray(8, 8 + length).toString());
  buffered = Buffer.alloc(0);
  behaviours[task.task.uploadId]();
});
process.stdin.on('end', () => process.exit(0));
