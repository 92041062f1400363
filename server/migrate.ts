import { resolveConfig } from './config';
import { openDatabase } from './db/connect';

/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded DATA_DIR) and exits, so a
 * deployment can migrate once before it starts (or replaces) its gateways with MIGRATE_AT_START=0. Several runs at
 * once are safe on PostgreSQL: they take the same advisory lock as a starting gateway.
 */
async function main(): Promise<void> {
  const config = resolveConfig({ logger: false });
  const started = Date.now();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, migrate: true });
  try {
    if (!(await database.migrated())) throw new Error('the migrations ran but the newest one is not recorded');
  } finally {
    await database.close();
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `migrations applied to ${where}`, ms: Date.now() - started }));
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'migration failed', err: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});
