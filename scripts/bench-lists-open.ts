/**
 * The open loop of `npm run bench:lists`, run in a worker thread: requests of the mixed list and count workload arrive
 * at a fixed rate on a precomputed Poisson schedule and are sent at their time whatever is still unanswered, and each
 * latency is counted from the scheduled time, so a gateway that falls behind is charged for the wait (no coordinated
 * omission). A probe opens a new connection every second for a cheap call and for a sign-in, as a customer who has
 * just arrived would. The saturation run is the wrk load: many connections sending back-to-back.
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { processCpuSeconds, processFamilyCpuSeconds, threadCpuSeconds } from './bench-cpu';

export interface OpenRequest { path: string; method: 'GET' | 'POST'; body: string }
export interface OpenJob {
  ports: number[];
  tokens: string[];
  workload: OpenRequest[];
  rates: number[];
  seconds: number;
  /** Seconds at the first rate before it is measured: the first half-minute after the gateways start is the slowest. */
  warmupSeconds: number;
  /**
   * Right after the gateways start (once /api/ready answers 200, as a balancer would wait): this rate for these seconds,
   * before anything else warms them. null: not measured.
   */
  firstMinute: { rate: number; seconds: number } | null;
  /** A p99 over this (or any error or time-out) ends the stepping. */
  holdMs: number;
  signIn: { email: string; password: string };
  /** false: no probe and no probe-alone round (the floor's bare routes have neither sign-in nor profile). */
  probe: boolean;
  saturate: { connections: number; seconds: number };
  /** Whose CPU to count: gateway processes, or the gateway in the bench's own process; a PostgreSQL postmaster. */
  cpu: { gatewayPids: number[]; gatewayInThisProcess: boolean; postmasterPid: number | null };
}
/** Cores used on average during a run (CPU seconds / wall seconds); null where /proc could not tell. */
export interface CoresUsed { generator: number | null; gateways: number | null; database: number | null }
export interface Figures { count: number; p50: number; p90: number; p99: number; max: number }
export interface OpenResult {
  /**
   * alone: the probe with no load, for reference (a sign-in's password hashing is a floor no load removes);
   * warmup: the first rate before it is measured, printed but not judged; first: the first minute after the start.
   */
  kind: 'open' | 'saturate' | 'alone' | 'warmup' | 'first';
  /** Requests per second scheduled (open) or answered (saturate). */
  rate: number;
  latency: Figures;
  /** Latency of the answers that were 200. */
  ok: Figures;
  errors: number;
  /** Of the errors, 503 `busy` answers (shed by admission). */
  busy: number;
  timeouts: number;
  firstError: string | null;
  probeCall: Figures;
  probeSignIn: Figures;
  /** Probe calls answered 503 `busy` at once (an ordinary call may be shed; a sign-in has places of its own). */
  probeBusy: number;
  /** Probe calls answered with another error, or not within 10 s. */
  probeFailures: number;
  /** Every answered probe's ms, to judge new connections over several rates together. */
  probeCallMs: number[];
  probeSignInMs: number[];
  /** Signed-in probe calls shed, failed or unanswered (the new-connection target counts these; sign-ins apart). */
  probeCallFailed: number;
  cores: CoresUsed;
  /** p99 ms of the requests scheduled in each WINDOW_SECONDS of the run, in order: how long a slow start lasts. */
  windows: number[];
  /** The machine's load averages (1, 5, 15 min) as the run ended: the machine is shared, so every figure is read beside it. */
  load: number[];
}

const TIMEOUT_MS = 10_000;

interface CpuSample { at: number; generator: number | null; gateways: number | null; database: number | null }

const sum = (values: (number | null)[]) => (values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0));

function sampleCpu(job: OpenJob): CpuSample {
  const generator = threadCpuSeconds();
  const wholeProcess = job.cpu.gatewayInThisProcess ? processCpuSeconds(process.pid) : null;
  return {
    at: performance.now(),
    generator,
    // In this process the gateway and PGlite share it with this worker, the load generator: the rest is theirs.
    gateways: job.cpu.gatewayInThisProcess ? (wholeProcess === null || generator === null ? null : wholeProcess - generator)
      : sum(job.cpu.gatewayPids.map(processCpuSeconds)),
    database: job.cpu.postmasterPid === null ? null : processFamilyCpuSeconds(job.cpu.postmasterPid),
  };
}

function coresBetween(start: CpuSample, end: CpuSample): CoresUsed {
  const seconds = (end.at - start.at) / 1000;
  const cores = (from: number | null, to: number | null) => (from === null || to === null || seconds <= 0 ? null : (to - from) / seconds);
  return { generator: cores(start.generator, end.generator), gateways: cores(start.gateways, end.gateways), database: cores(start.database, end.database) };
}

export function figures(values: number[]): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted.at(-1) ?? 0 };
}

interface Answer { status: number; text: string }

function send(agent: Agent | false, port: number, call: OpenRequest, token: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, agent, method: call.method, path: call.path, timeout: TIMEOUT_MS,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(call.method === 'POST' ? call.body : undefined);
  });
}

/** A small deterministic generator, so two runs send the same schedule. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 1) / (2 ** 32 + 1);
  };
}

/** Send times (ms from the start) of a Poisson arrival process: exponential gaps of mean 1000 / rate. */
function poissonSchedule(rate: number, seconds: number, seed: number): number[] {
  const next = random(seed);
  const times: number[] = [];
  for (let at = -Math.log(next()) * 1000 / rate; at < seconds * 1000; at += -Math.log(next()) * 1000 / rate) times.push(at);
  return times;
}

export const WINDOW_SECONDS = 10;

class Tally {
  latencies: number[] = [];
  /** Latency by window of the scheduled send time (open runs only). */
  byWindow: number[][] = [];
  ok: number[] = [];
  errors = 0;
  busy = 0;
  timeouts = 0;
  firstError: string | null = null;

  async time(started: number, work: Promise<Answer>, window?: number): Promise<void> {
    try {
      const answer = await work;
      const ms = performance.now() - started;
      this.latencies.push(ms);
      if (window !== undefined) (this.byWindow[window] ??= []).push(ms);
      if (answer.status === 200) {
        this.ok.push(ms);
        return;
      }
      this.errors += 1;
      if (answer.status === 503) this.busy += 1;
      this.firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message === 'timeout') this.timeouts += 1;
      else this.errors += 1;
      this.firstError ??= message;
    }
  }
}

let probeRound = 0;

/** One cheap signed-in call and one sign-in, each on a connection of its own. */
function probeOnce(job: OpenJob, call: Tally, signIn: Tally): Promise<void>[] {
  probeRound += 1;
  const port = job.ports[probeRound % job.ports.length] ?? 0;
  const body = JSON.stringify({ fingerprint: `bench-probe-${probeRound}`, login: job.signIn.email, password: job.signIn.password });
  return [
    call.time(performance.now(), send(false, port, { path: '/api/user-profile/completed', method: 'GET', body: '' }, job.tokens[0] ?? '')),
    signIn.time(performance.now(), send(false, port, { path: '/api/Authentification/Login', method: 'POST', body }, null)),
  ];
}

/** Every second until `stop`, a probe. */
function startProbe(job: OpenJob): { stop(): Promise<{ call: Tally; signIn: Tally }> } {
  const call = new Tally();
  const signIn = new Tally();
  const pending: Promise<void>[] = [];
  if (!job.probe) return { stop: () => Promise.resolve({ call, signIn }) };
  const timer = setInterval(() => pending.push(...probeOnce(job, call, signIn)), 1000);
  return { stop: async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return { call, signIn };
  } };
}

const NO_CORES: CoresUsed = { generator: null, gateways: null, database: null };

function result(kind: OpenResult['kind'], rate: number, load: Tally, probe: { call: Tally; signIn: Tally }, cores = NO_CORES): OpenResult {
  return {
    cores,
    kind,
    rate,
    latency: figures(load.latencies),
    ok: figures(load.ok),
    errors: load.errors,
    busy: load.busy,
    timeouts: load.timeouts,
    firstError: load.firstError,
    probeCall: figures(probe.call.latencies),
    probeSignIn: figures(probe.signIn.latencies),
    probeBusy: probe.call.busy + probe.signIn.busy,
    probeFailures: probe.call.errors - probe.call.busy + probe.call.timeouts + probe.signIn.errors - probe.signIn.busy + probe.signIn.timeouts,
    probeCallMs: probe.call.latencies,
    probeSignInMs: probe.signIn.latencies,
    probeCallFailed: probe.call.errors + probe.call.timeouts,
    windows: Array.from(load.byWindow, (window) => figures(window ?? []).p99),
    load: loadavg(),
  };
}

async function openRun(job: OpenJob, rate: number, seed: number, kind: 'open' | 'warmup' | 'first' = 'open'): Promise<OpenResult> {
  // No cap on sockets: an open loop never waits for a free connection before sending.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const seconds = kind === 'warmup' ? job.warmupSeconds : kind === 'first' ? job.firstMinute?.seconds ?? 0 : job.seconds;
  const schedule = poissonSchedule(rate, seconds, seed);
  const load = new Tally();
  const pending: Promise<void>[] = [];
  const probe = startProbe(job);
  const cpuAtStart = sampleCpu(job);
  const start = performance.now();
  let index = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      for (; index < schedule.length && (schedule[index] ?? 0) <= now; index += 1) {
        const call = job.workload[index % job.workload.length];
        if (!call) continue;
        const port = job.ports[index % job.ports.length] ?? 0;
        const at = schedule[index] ?? 0;
        pending.push(load.time(start + at, send(agent, port, call, job.tokens[index % job.tokens.length] ?? ''), Math.floor(at / 1000 / WINDOW_SECONDS)));
      }
      if (index >= schedule.length) resolve();
      else setTimeout(tick, Math.max(0, Math.min(5, (schedule[index] ?? 0) - now)));
    };
    tick();
  });
  await Promise.all(pending);
  const cores = coresBetween(cpuAtStart, sampleCpu(job));
  const figuresOf = result(kind, rate, load, await probe.stop(), cores);
  agent.destroy();
  return figuresOf;
}

async function saturateRun(job: OpenJob): Promise<OpenResult> {
  const { connections, seconds } = job.saturate;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const load = new Tally();
  const probe = startProbe(job);
  const cpuAtStart = sampleCpu(job);
  const start = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: connections }, async (_, client) => {
    while (performance.now() - start < seconds * 1000) {
      const call = job.workload[next % job.workload.length];
      next += 1;
      if (!call) return;
      const port = job.ports[client % job.ports.length] ?? 0;
      await load.time(performance.now(), send(agent, port, call, job.tokens[client % job.tokens.length] ?? ''));
    }
  }));
  const answered = load.latencies.length / ((performance.now() - start) / 1000);
  const cores = coresBetween(cpuAtStart, sampleCpu(job));
  const figuresOf = result('saturate', Math.round(answered), load, await probe.stop(), cores);
  agent.destroy();
  return figuresOf;
}

export const holds = (run: OpenResult, holdMs: number) => run.latency.p99 <= holdMs && run.errors === 0 && run.timeouts === 0;

async function runAll(job: OpenJob): Promise<void> {
  // First: nothing else may warm the fresh gateways before it.
  if (job.firstMinute && job.firstMinute.seconds > 0) {
    parentPort?.postMessage(await openRun(job, job.firstMinute.rate, 5, 'first'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (job.probe) {
    const alone = { call: new Tally(), signIn: new Tally() };
    for (let round = 0; round < 10; round += 1) {
      for (const probe of probeOnce(job, alone.call, alone.signIn)) await probe;
    }
    parentPort?.postMessage(result('alone', 0, new Tally(), alone));
  }
  const firstRate = job.rates[0];
  if (job.seconds > 0 && job.warmupSeconds > 0 && firstRate !== undefined) {
    parentPort?.postMessage(await openRun(job, firstRate, 7, 'warmup'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  // BENCH_OPEN_SECONDS=0: the saturation run alone.
  for (const [step, rate] of (job.seconds > 0 ? job.rates : []).entries()) {
    const run = await openRun(job, rate, step + 11);
    parentPort?.postMessage(run);
    if (!holds(run, job.holdMs)) break;
    // Let what the last step left behind settle before the next.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (job.saturate.connections > 0 && job.saturate.seconds > 0) parentPort?.postMessage(await saturateRun(job));
  parentPort?.postMessage('done');
}

if (parentPort) void runAll(workerData as OpenJob);
