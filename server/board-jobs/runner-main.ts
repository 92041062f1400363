import { Socket } from 'node:net';
import { parseBom } from './bom-task';
import { encodeFrame, frameReader } from './frames';
import { TASK_FRAME_BYTES, type RunnerMessage, type RunnerTask } from './runner-protocol';
import { analyse, unpack } from './worker-tasks';

/**
 * A runner process (worker-pool.ts starts it): it reads tasks from stdin, one at a time, and answers on fd 3. It
 * holds no secret and no database connection; what a board's files do to it (run it out of memory, crash it) ends
 * this process only. It exits when the gateway goes away (stdin closes).
 */

const out = new Socket({ fd: 3, readable: false, writable: true });
// The gateway is gone: nobody is left to answer.
out.on('error', () => process.exit(1));
const send = (message: RunnerMessage) => out.write(encodeFrame(message));
const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);

async function perform(task: RunnerTask, bytes: Buffer): Promise<void> {
  try {
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = task.kind === 'unpack' ? await unpack({ ...task.task, bytes: view })
      : task.kind === 'bom' ? parseBom(task.task, view)
        : await analyse(task.task, (report) => send({ type: 'report', report }));
    send({ type: 'result', result, rssMb: rssMb() });
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

let queue = Promise.resolve();
const read = frameReader(TASK_FRAME_BYTES, (message, bytes) => {
  queue = queue.then(() => perform(message as RunnerTask, bytes));
});

process.stdin.on('data', (chunk: Buffer) => read(chunk));
process.stdin.on('end', () => process.exit(0));
// A console.log of a library goes to stderr, where the gateway keeps only the tail for its diagnosis.
console.log = console.error;
