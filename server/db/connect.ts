import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { takeTurnsWithTheLoop } from './loop-fair';
import { createPgliteFolderApart } from './pglite-create';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notify';

/** Both drivers share this type, so every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /** Runs `work` while no other gateway process runs its own start-up work (migrations, seed). */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** NOTIFY and LISTEN: between gateways on PostgreSQL, within the process on PGlite. */
  notifications: Notifications;
  /** Resolves when the database answers `select 1` within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /** Whether the newest migration of this build is recorded in the database (drizzle's own table). */
  migrated(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** false: only check that `npm run migrate` has been run (MIGRATE_AT_START=0), and refuse to start if not. */
  migrate?: boolean;
  /**
   * A dump of a database (PGlite's `dumpDataDir`) an in-memory database starts from instead of a new, empty one: the
   * gateway tests start each gateway from one migrated copy, which spares PGlite's initdb and the migrations.
   */
  memoryStart?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** `when` of the newest migration in the journal: drizzle records it as created_at of the applied row. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

async function isMigrated(db: Db): Promise<boolean> {
  const newest = newestMigrationMillis();
  try {
    // Both drivers answer { rows }; the shared type cannot say so. created_at is a bigint: text from node-postgres.
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`) as { rows: { newest: string | number | null }[] };
    return Number(result.rows[0]?.newest ?? 0) >= newest;
  } catch (error) {
    // No table yet: nothing was ever migrated. Any other failure (the database is away) is the caller's to see.
    if ((error as { code?: unknown }).code === '42P01' || (error as { cause?: { code?: unknown } }).cause?.code === '42P01') return false;
    throw error;
  }
}

async function requireMigrated(db: Db): Promise<void> {
  if (!(await isMigrated(db))) {
    throw new Error('The database lacks migrations of this build: run `npm run migrate` first (MIGRATE_AT_START=0 is set).');
  }
}

/** Rejects after `ms` unless `work` settled first: a database that hangs must not hang a readiness probe. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
/** Arbitrary constant naming the start-up advisory lock. */
const STARTUP_LOCK = 72_540_001;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * An embedded data folder serves one process: a second one (a gateway, or the admin command while the gateway
 * runs) would corrupt it. The owner's pid is kept in the folder; a stale file from a crash is taken over.
 */
function claimDataFolder(dataDir: string): () => void {
  if (dataDir.startsWith('memory://')) return () => undefined;
  mkdirSync(dataDir, { recursive: true });
  const ownerFile = join(dataDir, 'portal-owner.pid');
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : NaN;
  if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
    throw new Error(
      `The data folder ${dataDir} is in use by process ${owner} (a running gateway?). Stop it first, or set DATABASE_URL; if no gateway runs, delete ${ownerFile}.`,
    );
  }
  writeFileSync(ownerFile, String(process.pid));
  return () => rmSync(ownerFile, { force: true });
}

/**
 * The types drizzle has PGlite leave as text (it converts them itself): timestamps, dates, intervals, and the arrays
 * numeric[] 1231, timestamp[] 1115, timestamptz[] 1185, interval[] 1187, date[] 1182 — the list in drizzle's driver.
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

/**
 * PostgreSQL's buffer cache lives in PGlite's WebAssembly memory, inside the gateway, and that memory never shrinks:
 * PostgreSQL's usual 128MB would fill with use and stay resident. The pages it leaves out are in the system's file
 * cache anyway (docs/decisions.md).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * drizzle passes those parsers with every query, and PGlite merges them into a fresh copy of its whole parser table
 * each time — about 0.1 ms a query. Set once on the instance they give the same rows, so a query whose parsers are
 * only those goes without them. (Queries inside a transaction take the slower path; their rows are the same.)
 */
function pgliteWithDrizzleParsers(dataDir: string, start: Blob | undefined): PGlite {
  const parsers = Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((type) => [type, asText]));
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = new PGlite(dataDir, { parsers, startParams, ...(start ? { loadDataDir: start } : {}) });
  const query = client.query.bind(client);
  const onlyTextTypes = (parsers: QueryOptions['parsers']) =>
    parsers !== undefined && Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.has(Number(type)));
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    query<T>(text, params, options && onlyTextTypes(options.parsers) ? { ...options, parsers: undefined } : options);
  return client;
}

async function openPglite(dataDir: string, migrate: boolean, memoryStart: Blob | undefined): Promise<Database> {
  const release = claimDataFolder(dataDir);
  try {
    if (!dataDir.startsWith('memory://')) await createPgliteFolderApart(dataDir);
    // A data folder on disk keeps its own contents: only a memory database starts from a given dump.
    const client = pgliteWithDrizzleParsers(dataDir, dataDir.startsWith('memory://') ? memoryStart : undefined);
    // Once ready: PGlite's own start-up runs a query through the public method, which must not wait for a turn.
    await client.waitReady;
    takeTurnsWithTheLoop(client);
    const db = drizzlePglite({ client });
    if (migrate) await migratePglite(db, { migrationsFolder });
    else await requireMigrated(db);
    return {
      db,
      // PGlite has one connection in one process: nothing else can interleave.
      exclusive: (work) => work(db),
      notifications: pgliteNotifications(client),
      ping: async (timeoutMs) => { await withTimeout(client.query('select 1'), timeoutMs, 'select 1'); },
      migrated: () => isMigrated(db),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A connection attempt to a server that does not answer at all gives up after this (the call answers 503). */
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(url: string, migrate: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client whose server went away is dropped by the pool; unhandled, the event would end the process.
  pool.on('error', () => undefined);
  // The pool listens for errors of idle clients only: a checked-out one (inside a transaction, between two queries)
  // whose connection is cut would emit an unhandled 'error' and end the process. Its next query rejects instead.
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  const exclusive = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work(drizzlePg({ client: pool }));
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      lockClient.release();
    }
  };
  const db = drizzlePg({ client: pool });
  try {
    await exclusive(async () => {
      if (migrate) await migratePg(db, { migrationsFolder });
      else await requireMigrated(db);
    });
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    db, exclusive, notifications: postgresNotifications(pool, url),
    ping: async (timeoutMs) => { await withTimeout(pool.query('select 1'), timeoutMs, 'select 1'); },
    migrated: () => isMigrated(db),
    close: () => pool.end(),
  };
}

export function openDatabase(options: OpenOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  return options.databaseUrl ? openPostgres(options.databaseUrl, migrate) : openPglite(options.dataDir, migrate, options.memoryStart);
}
