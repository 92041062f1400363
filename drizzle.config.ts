import { defineConfig } from 'drizzle-kit';

/**
 * Migrations are generated from the schema files and applied by the gateway on start (server/db/connect.ts). Each
 * area keeps its tables in its own schema.ts; the tables every area refers to are in server/db/schema.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/*/schema.ts', './server/*/*/schema.ts'],
  out: './server/db/migrations',
});
