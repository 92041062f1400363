import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** Both drivers share this type, so every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /** Runs `work` while no other gateway process runs its own start-up work (migrations, seed). */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming the start-up advisory lock. */
const STARTUP_LOCK = 72_540_001;

async function openPglite(dataDir: string): Promise<Database> {
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    // PGlite has one connection in one process: nothing else can interleave.
    exclusive: (work) => work(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
  return { db, exclusive, close: () => pool.end() };
}

export function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
