/**
 * The clients of `npm run bench:lists`, run in a worker thread so they do not take the gateway's thread: for each
 * call, a warm-up round, then `alone` requests one at a time (what a request costs with nothing queued before it),
 * then every body with all clients at once in a closed loop (each sends its next request when its answer arrives).
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface BenchPhase {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  bodies: string[];
  /** Another server than the gateway (the floor's). */
  port?: number;
}
export interface LoadJob { port: number; tokens: string[]; phases: BenchPhase[]; alone: number }
export interface PhaseResult {
  name: string;
  /** Milliseconds of each request sent while no other was waiting. */
  alone: number[];
  /** Milliseconds of each request of the concurrent run. */
  latencies: number[];
  errors: number;
  firstError: string | null;
  seconds: number;
}

function send(agent: Agent, port: number, token: string, phase: BenchPhase, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port: phase.port ?? port, agent, method: phase.method, path: phase.path,
      headers: { authorization: `Bearer ${token}`, ...(phase.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(phase.method === 'POST' ? body : undefined);
  });
}

async function runPhase(agent: Agent, job: LoadJob, phase: BenchPhase): Promise<PhaseResult> {
  const bodyAt = (index: number) => phase.bodies[index % phase.bodies.length] ?? '{}';
  const result: PhaseResult = { name: phase.name, alone: [], latencies: [], errors: 0, firstError: null, seconds: 0 };
  const timed = async (token: string, body: string, into: number[]) => {
    const sent = performance.now();
    const answer = await send(agent, job.port, token, phase, body);
    into.push(performance.now() - sent);
    if (answer.status !== 200) {
      result.errors += 1;
      result.firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
    }
  };
  await Promise.all(job.tokens.map((token, index) => send(agent, job.port, token, phase, bodyAt(index))));
  for (let index = 0; index < job.alone; index += 1) await timed(job.tokens[0] ?? '', bodyAt(index), result.alone);
  let next = 0;
  const started = performance.now();
  await Promise.all(job.tokens.map(async (token) => {
    while (next < phase.bodies.length) {
      const body = bodyAt(next);
      next += 1;
      await timed(token, body, result.latencies);
    }
  }));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

async function runLoad(job: LoadJob): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.tokens.length });
  for (const phase of job.phases) parentPort?.postMessage(await runPhase(agent, job, phase));
  agent.destroy();
  parentPort?.postMessage('done');
}

if (parentPort) void runLoad(workerData as LoadJob);
