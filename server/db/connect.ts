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
import { pgliteNotifications, postgresNotifications, type Notifications } from './notify';

/** Both drivers share this type, so every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /** Runs `work` while no other gateway process runs its own start-up work (migrations, seed). */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** NOTIFY and LISTEN: between gateways on PostgreSQL, within the process on PGlite. */
  notifications: Notifications;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
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
    throw new Error(`The data folder ${dataDir} is in use by process ${owner} (a running gateway?). Stop it first, or set DATABASE_URL; if no gateway runs, delete ${ownerFile}.`);
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
 * drizzle passes those parsers with every query, and PGlite merges them into a fresh copy of its whole parser table
 * each time — about 0.1 ms a query. Set once on the instance they give the same rows, so a query whose parsers are
 * only those goes without them. (Queries inside a transaction take the slower path; their rows are the same.)
 */
function pgliteWithDrizzleParsers(dataDir: string): PGlite {
  const client = new PGlite(dataDir, { parsers: Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((type) => [type, asText])) });
  const query = client.query.bind(client);
  const onlyTextTypes = (parsers: QueryOptions['parsers']) =>
    parsers !== undefined && Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.has(Number(type)));
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    query<T>(text, params, options && onlyTextTypes(options.parsers) ? { ...options, parsers: undefined } : options);
  return client;
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = claimDataFolder(dataDir);
  try {
    const client = pgliteWithDrizzleParsers(dataDir);
    // Once ready: PGlite's own start-up runs a query through the public method, which must not wait for a turn.
    await client.waitReady;
    takeTurnsWithTheLoop(client);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      // PGlite has one connection in one process: nothing else can interleave.
      exclusive: (work) => work(db),
      notifications: pgliteNotifications(client),
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose server went away is dropped by the pool; unhandled, the event would end the process.
  pool.on('error', () => undefined);
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
  await exclusive(async () => {
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  });
  const db = drizzlePg({ client: pool });
  await db.execute(sql`select 1`);
  return { db, exclusive, notifications: postgresNotifications(pool, url), close: () => pool.end() };
}

export function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
