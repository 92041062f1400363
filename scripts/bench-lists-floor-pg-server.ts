/**
 * One process of the PostgreSQL floor (scripts/bench-lists-floor-pg.ts): a bare Fastify route per phase that sends the
 * recorded statements of the request's body through a plain `pg` Pool, one after another as drizzle sent them, and
 * answers the last one's rows. No sign-in check, no validation, no drizzle, no contract, no admission, no logging.
 * Usage: node --import tsx scripts/bench-lists-floor-pg-server.ts <recorded.json>, with DATABASE_URL and
 * FLOOR_POOL_MAX set; prints `floor: <url>` once it listens.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { FloorRecording } from './bench-lists-floor-pg';

/** drizzle's node-postgres driver leaves these as text (it maps them itself): the same list, so rows cost the same. */
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format)),
} as pg.CustomTypesConfig;

async function main(): Promise<void> {
  const file = process.argv[2];
  const max = Number(process.env.FLOOR_POOL_MAX);
  if (!file || !process.env.DATABASE_URL || !Number.isInteger(max) || max <= 0) {
    throw new Error('usage: bench-lists-floor-pg-server.ts <recorded.json> with DATABASE_URL and FLOOR_POOL_MAX set');
  }
  const recording = JSON.parse(readFileSync(file, 'utf8')) as FloorRecording;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max });
  pool.on('error', () => undefined);
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  for (const phase of recording.phases) {
    const recorded = new Map(Object.entries(phase.recorded));
    app.post(phase.path, async (request, reply) => {
      const statements = recorded.get(String(request.body));
      // A body the bench did not record would be answered at once with nothing: an error, so it cannot pass for fast.
      if (!statements) return reply.code(404).send('body not recorded');
      let rows: unknown[] = [];
      for (const statement of statements) {
        const config: pg.QueryConfig = { text: statement.text, values: statement.params, types: drizzleTypes };
        const arrayConfig: pg.QueryArrayConfig = { ...config, rowMode: 'array' };
        rows = statement.arrayMode ? (await pool.query(arrayConfig)).rows : (await pool.query(config)).rows;
      }
      return rows;
    });
  }
  const close = () => void app.close().then(() => pool.end()).finally(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  console.log(`floor: ${await app.listen({ host: '127.0.0.1', port: 0 })}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
