/**
 * The floor under `npm run bench:lists` on PostgreSQL, the peer of scripts/bench-lists-floor.ts (PGlite): the very
 * statements each call runs, recorded through the gateway's own code path (drizzle over its pg Pool), then replayed by
 * bare routes in two processes of their own (scripts/bench-lists-floor-pg-server.ts) as the two gateways are, each
 * with a plain pg Pool of the gateway's size. Loaded by the same open-loop generator at the same rates, it is what this
 * database and machine give with no gateway code: the gateways' p99 over its p99 says how much of a figure is theirs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../server/db/connect';
import type { BenchPhase } from './bench-lists-clients';
import type { FloorPhase } from './bench-lists-floor';

type Param = string | number | boolean | null | Param[];
interface Statement { text: string; params: Param[]; arrayMode: boolean }
/** What the floor processes serve: per phase, its path and the statements of each distinct body. */
export interface FloorRecording { phases: { path: string; recorded: Record<string, Statement[]> }[] }

export interface FloorProcess { url: string; pid: number; kill(): Promise<void> }
export interface PostgresFloor {
  processes: FloorProcess[];
  /** The same bodies as the measured phases, at the floor's paths. */
  phases: BenchPhase[];
  close(): Promise<void>;
}

/** The pg Pool behind the gateway's drizzle, or null on PGlite. */
export function poolOf(db: Db): pg.Pool | null {
  const client: unknown = Reflect.get(db, '$client');
  return client instanceof pg.Pool ? client : null;
}

const isParam = (value: unknown): value is Param => value === null || ['string', 'number', 'boolean'].includes(typeof value)
  || (Array.isArray(value) && value.every(isParam));

/** The statement `pool.query` was given, in either of its forms (text and values, or a config object). */
function statementOf(config: unknown, values: unknown): Statement {
  const object = typeof config === 'object' && config !== null ? config as { text?: unknown; values?: unknown; rowMode?: unknown } : null;
  const text = object ? object.text : config;
  const params: unknown = values ?? object?.values ?? [];
  // The floor's processes read the statements from a file: a Date or a Buffer would not come back the same.
  if (typeof text !== 'string' || !Array.isArray(params) || !params.every(isParam)) {
    throw new Error(`the floor cannot replay a statement with parameters other than text, numbers and booleans: ${String(text)}`);
  }
  return { text, params, arrayMode: object?.rowMode === 'array' };
}

/** Runs `work` and gives back every statement it sent through `pool.query`, in order. */
async function statementsOf(pool: pg.Pool, work: () => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const query: unknown = Reflect.get(pool, 'query');
  if (typeof query !== 'function') throw new Error('pg.Pool has no query method');
  Reflect.set(pool, 'query', (config: unknown, values?: unknown) => {
    sent.push(statementOf(config, values));
    return Reflect.apply(query, pool, [config, values]) as Promise<unknown>;
  });
  try {
    await work();
  } finally {
    Reflect.deleteProperty(pool, 'query');
  }
  return sent;
}

/** Records the statements of every distinct body of each phase by calling it straight, as the PGlite floor does. */
export async function recordFloor(pool: pg.Pool, measured: FloorPhase[]): Promise<FloorRecording> {
  const phases: FloorRecording['phases'] = [];
  for (const [index, phase] of measured.entries()) {
    const recorded: Record<string, Statement[]> = {};
    for (const body of new Set(phase.bodies)) {
      const statements = await statementsOf(pool, () => phase.direct(body));
      // A call that sent nothing through pool.query (a transaction on a checked-out client) would be floored at zero.
      if (statements.length === 0) throw new Error(`${phase.name}: no statement went through the pool to record`);
      recorded[body] = statements;
    }
    phases.push({ path: `/floor/${index}`, recorded });
  }
  return { phases };
}

function startProcess(file: string, databaseUrl: string, poolMax: number): Promise<FloorProcess> {
  const script = fileURLToPath(new URL('./bench-lists-floor-pg-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, FLOOR_POOL_MAX: String(poolMax) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`a floor process did not start in 60 s:\n${output}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onExit = (code: number | null) => fail(new Error(`a floor process exited with ${code}:\n${output}`));
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /floor: (http:\/\/\S+)/.exec(output)?.[1];
      if (started || !url || child.pid === undefined) return;
      started = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      const pid = child.pid;
      resolve({ url, pid, kill: async () => { child.kill('SIGKILL'); await exited; } });
    });
    child.once('exit', onExit);
  });
}

/** Two floor processes serving `recording`, each with a pool of `poolMax` connections (the gateway's). */
export async function startPostgresFloor(databaseUrl: string, measured: FloorPhase[], recording: FloorRecording,
  poolMax: number): Promise<PostgresFloor> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const file = join(folder, 'recorded.json');
  writeFileSync(file, JSON.stringify(recording));
  const processes: FloorProcess[] = [];
  const close = async () => {
    await Promise.all(processes.map((floor) => floor.kill()));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    processes.push(await startProcess(file, databaseUrl, poolMax));
    processes.push(await startProcess(file, databaseUrl, poolMax));
  } catch (error) {
    await close();
    throw error;
  }
  const phases = measured.map((phase, index) => ({ name: `floor: ${phase.name}`, path: `/floor/${index}`, method: 'POST' as const, bodies: phase.bodies }));
  return { processes, phases, close };
}
