/**
 * The open-loop half of `npm run bench:lists`: settings, the gateways it loads (this process's on PGlite; two gateway
 * processes on PostgreSQL), the worker that sends (scripts/bench-lists-open.ts) and the table it prints.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { startGatewayProcess, type GatewayProcess } from '../tests/server/gateway-process';
import { holds, type CoresUsed, type OpenJob, type OpenRequest, type OpenResult, type Figures } from './bench-lists-open';
import type { FloorPhase } from './bench-lists-floor';
import { startPostgresFloor, type FloorRecording } from './bench-lists-floor-pg';
import { firstMinuteLines, floorRatioLines, floorRatios, newConnectionLines } from './bench-lists-report';

export const HOLD_P99_MS = 100;
/** p99 ≤ 50 ms at 150 requests/s on PGlite, at 400 on PostgreSQL with two gateways. */
export const OPEN_TARGET = { p99Ms: 50, pgliteRate: 150, postgresRate: 400 };

export interface OpenSettings {
  rates: number[];
  seconds: number;
  warmupSeconds: number;
  /** The first minute after the gateways start, at the target rate; 0 skips it. */
  firstMinuteSeconds: number;
  saturateConnections: number;
  saturateSeconds: number;
}

function envList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map(Number);
  if (values.some((value) => !Number.isFinite(value) || value <= 0)) throw new Error(`${name} must be a comma-separated list of positive numbers`);
  return values;
}

function envWhole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or a positive whole number`);
  return value;
}

export function openSettings(): OpenSettings {
  return {
    rates: envList('BENCH_OPEN_RATES', [50, 100, 150, 200, 300, 400, 500, 600, 800, 1000]),
    seconds: envWhole('BENCH_OPEN_SECONDS', 60),
    warmupSeconds: envWhole('BENCH_WARMUP_SECONDS', 30),
    firstMinuteSeconds: envWhole('BENCH_FIRST_MINUTE_SECONDS', 60),
    saturateConnections: envWhole('BENCH_SATURATE_CONNECTIONS', 200),
    saturateSeconds: envWhole('BENCH_SATURATE_SECONDS', 30),
  };
}

/** Two gateway processes on the same PostgreSQL, with the bench's signing key so its tokens work on both. */
export async function startTwoGateways(databaseUrl: string, jwtSecret: string): Promise<GatewayProcess[]> {
  // Production asks for a key of 32 characters at least; the bench makes no operator call, but both share one.
  const operatorKey = randomBytes(32).toString('hex');
  const env = {
    DATABASE_URL: databaseUrl, NODE_ENV: 'production', JWT_SECRET: jwtSecret, OPERATOR_KEY: operatorKey,
    SEED_DEMO: '0', ORDER_SIMULATOR_SECONDS: '0', ACCESS_TOKEN_TTL_SECONDS: '3600', LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_LOGIN: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000',
    // Production names a mail server and an SMS provider to start; the bench sends nothing, so none listens.
    SMTP_URL: 'smtp://127.0.0.1:9', SMS_PROVIDER: 'smsaero', SMS_LOGIN: 'bench@example.ru', SMS_API_KEY: 'bench', SMS_API_URL: 'http://127.0.0.1:9/v2/',
  };
  // One after the other: both would wait on the start-up lock anyway.
  const first = await startGatewayProcess(env);
  try {
    return [first, await startGatewayProcess(env)];
  } catch (error) {
    await first.kill();
    throw error;
  }
}

export interface FloorRun {
  databaseUrl: string;
  measured: FloorPhase[];
  recording: FloorRecording;
  /** The gateway's pool size: each floor process gets a pool as large. */
  poolMax: number;
  /** The rates the gateways were measured at. */
  rates: number[];
  /** The gateways' workload with each call at its floor route. */
  workload: OpenRequest[];
  open: OpenSettings;
  postmasterPid: number | null;
}

/** The floor's open loop on PostgreSQL: two floor processes loaded as the two gateways were, then stopped. */
export async function measurePostgresFloor(run: FloorRun): Promise<OpenResult[]> {
  if (run.rates.length === 0) return [];
  const floor = await startPostgresFloor(run.databaseUrl, run.measured, run.recording, run.poolMax);
  try {
    console.log(`\nFloor on ports ${floor.processes.map((floorProcess) => new URL(floorProcess.url).port).join(' and ')}`
      + ` (a pool of ${run.poolMax} each): rates ${run.rates.join(', ')} requests/s`);
    return await runOpenLoop({
      ports: floor.processes.map((floorProcess) => Number(new URL(floorProcess.url).port)), tokens: [], workload: run.workload,
      rates: run.rates, seconds: run.open.seconds, warmupSeconds: run.open.warmupSeconds,
      // Every rate the gateways were measured at, whatever the floor's p99: the ratio needs each.
      holdMs: Number.MAX_VALUE, signIn: { email: '', password: '' }, probe: false, saturate: { connections: 0, seconds: 0 }, firstMinute: null,
      cpu: { gatewayPids: floor.processes.map((floorProcess) => floorProcess.pid), gatewayInThisProcess: false, postmasterPid: run.postmasterPid },
    }, (result) => console.log(`  floor ${result.kind === 'warmup' ? 'warmed up' : 'measured'} at ${result.rate} requests/s`));
  } finally {
    await floor.close();
  }
}

export function runOpenLoop(job: OpenJob, onResult: (result: OpenResult) => void): Promise<OpenResult[]> {
  return new Promise((resolve, reject) => {
    const collected: OpenResult[] = [];
    // As for the closed loop: the worker registers tsx's loader again, then loads the module.
    const file = new URL('./bench-lists-open.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.on('message', (message: OpenResult | 'done') => {
      if (message === 'done') {
        void worker.terminate();
        resolve(collected);
        return;
      }
      collected.push(message);
      onResult(message);
    });
    worker.on('error', reject);
  });
}

const ms = (value: number, width = 8) => value.toFixed(1).padStart(width);
const probeCell = (probe: Figures) => `${ms(probe.p99)}${ms(probe.max)}`;
const coresCell = (value: number | null) => (value === null ? '   —' : value.toFixed(2).padStart(5));
const coresRow = (cores: CoresUsed) => `${coresCell(cores.generator)}${coresCell(cores.gateways)}${coresCell(cores.database)}`;
const coresTotal = (cores: CoresUsed) => (cores.generator ?? 0) + (cores.gateways ?? 0) + (cores.database ?? 0);

const TABLE_HEADER = `${'req/s'.padStart(6)}${'answers'.padStart(9)}${'p50 ms'.padStart(8)}${'p90 ms'.padStart(8)}${'p99 ms'.padStart(8)}`
  + `${'max ms'.padStart(9)}${'errors'.padStart(7)}${'503'.padStart(6)}${'t/o'.padStart(5)}`
  + ` | ${'call p99'.padStart(8)}${'max'.padStart(8)} ${'sign-in p99'.padStart(11)}${'max'.padStart(8)}${'503'.padStart(5)}${'fail'.padStart(5)}`
  + ' | cores: load   gw   db';
/** Where no probe ran (the floor): its columns are dashes, so the table keeps its shape. */
const NO_PROBE = `${'—'.padStart(8)}${'—'.padStart(8)}    ${'—'.padStart(8)}${'—'.padStart(8)}${'—'.padStart(5)}${'—'.padStart(5)}`;

function printRow(run: OpenResult): void {
  const mark = run.kind === 'warmup' ? 'w' : run.kind === 'first' ? 'f' : '*';
  const label = run.kind === 'open' ? String(run.rate).padStart(6) : `${run.rate}${mark}`.padStart(6);
  const probe = run.probeCall.count + run.probeSignIn.count + run.probeBusy + run.probeFailures === 0 ? NO_PROBE
    : `${probeCell(run.probeCall)}    ${probeCell(run.probeSignIn)}${String(run.probeBusy).padStart(5)}${String(run.probeFailures).padStart(5)}`;
  console.log(`${label}${String(run.latency.count).padStart(9)}${ms(run.latency.p50)}${ms(run.latency.p90)}${ms(run.latency.p99)}`
    + `${ms(run.latency.max, 9)}${String(run.errors).padStart(7)}${String(run.busy).padStart(6)}${String(run.timeouts).padStart(5)}`
    + ` | ${probe} |       ${coresRow(run.cores)}`);
  if (run.kind === 'saturate') {
    console.log(`  answered 200: ${run.ok.count} (p50 ${run.ok.p50.toFixed(1)} ms, p99 ${run.ok.p99.toFixed(1)} ms, max ${run.ok.max.toFixed(1)} ms)`);
  }
  if (run.firstError) console.log(`  first error: ${run.firstError}`);
}

export function reportOpen(results: OpenResult[], where: string, seconds: number, postgres: boolean): void {
  const open = results.filter((result) => result.kind === 'open');
  const alone = results.find((result) => result.kind === 'alone');
  console.log(`\nOpen loop (${where}): Poisson arrivals for ${seconds} s per rate, latency from the scheduled send time;`
    + ` a probe opens a new connection every second for a cheap call and a sign-in.`);
  if (alone) {
    console.log(`Probe with no load (10 rounds): cheap call p50 ${alone.probeCall.p50.toFixed(1)} ms, max ${alone.probeCall.max.toFixed(1)} ms;`
      + ` sign-in p50 ${alone.probeSignIn.p50.toFixed(1)} ms, max ${alone.probeSignIn.max.toFixed(1)} ms (password hashing included).`);
  }
  console.log(TABLE_HEADER);
  const first = results.filter((result) => result.kind === 'first');
  const warmup = results.filter((result) => result.kind === 'warmup');
  for (const run of [...first, ...warmup, ...open, ...results.filter((result) => result.kind === 'saturate')]) printRow(run);
  if (first.length > 0) console.log('f: the first minute, BENCH_FIRST_MINUTE_SECONDS at the target rate from the moment /api/ready answered 200.');
  if (warmup.length > 0) console.log('w: the warm-up, BENCH_WARMUP_SECONDS at the first rate before it is measured; printed, not judged.');
  const saturate = results.find((result) => result.kind === 'saturate');
  if (saturate) console.log('* saturation: a closed loop of BENCH_SATURATE_CONNECTIONS connections with no pause (the issue\'s wrk load); req/s answered.');
  console.log('errors include 503 busy (shed by admission); t/o: no answer within 10 s. Probe: ms from opening the connection to the answer;'
    + ' its 503: calls shed at once; fail: other errors and no answer within 10 s.');
  console.log(`cores: CPU seconds per second of the load generator (load), the gateway${postgres ? 's' : ' with PGlite, in one process'} (gw)`
    + `${postgres ? ' and PostgreSQL (db)' : ''}, from /proc; this machine has ${cpus().length}.`);
  const held = open.filter((run) => holds(run, HOLD_P99_MS)).map((run) => run.rate);
  console.log(`Highest rate held with p99 ≤ ${HOLD_P99_MS} ms and no errors: ${held.length > 0 ? `${Math.max(...held)} requests/s` : 'none'}.`);
  const targetRate = postgres ? OPEN_TARGET.postgresRate : OPEN_TARGET.pgliteRate;
  const atTarget = open.find((run) => run.rate === targetRate);
  console.log(
    !atTarget
      ? `Target (p99 ≤ ${OPEN_TARGET.p99Ms} ms at ${targetRate} requests/s): not measured (not in BENCH_OPEN_RATES, or an earlier rate failed).`
      : `Target p99 ≤ ${OPEN_TARGET.p99Ms} ms at ${targetRate} requests/s: ` +
          `${atTarget.latency.p99 <= OPEN_TARGET.p99Ms && atTarget.errors === 0 ? 'MET' : 'MISSED'}` +
          ` (p99 ${atTarget.latency.p99.toFixed(1)} ms, ${atTarget.errors} errors).`,
  );
  if (atTarget && atTarget.cores.generator !== null) {
    console.log(`At ${targetRate} requests/s the load generator, the gateways and the database used ${coresTotal(atTarget.cores).toFixed(2)}`
      + ` of ${cpus().length} cores.`);
  }
  for (const line of newConnectionLines(results, targetRate)) console.log(line);
  for (const line of firstMinuteLines(results)) console.log(line);
}

/**
 * The floor's rows (scripts/bench-lists-floor-pg.ts: the gateways' statements served by bare routes in two processes),
 * in the same table, then the gateways' p99 over the floor's at each rate.
 */
export function reportFloor(gateways: OpenResult[], floor: OpenResult[], seconds: number): void {
  console.log(`\nFloor on PostgreSQL: the same workload's recorded statements served by bare routes in two processes, each with`
    + ` a plain pg Pool of the gateway's size; the same generator, rates and ${seconds} s; no probe.`);
  console.log(TABLE_HEADER);
  for (const run of floor.filter((result) => result.kind !== 'alone')) printRow(run);
  if (floor.some((result) => result.kind === 'warmup')) console.log('w: the warm-up, as for the gateways; printed, not judged.');
  console.log('cores: gw here is the two floor processes.');
  for (const line of floorRatioLines(floorRatios(gateways, floor), { rate: OPEN_TARGET.postgresRate, p99Ms: OPEN_TARGET.p99Ms })) console.log(line);
}
