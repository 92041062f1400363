import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from the schema files and applied by the gateway on start (server/db/connect.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/schema-reference.ts', './server/db/schema-business.ts', './server/db/schema-groups.ts', './server/db/schema-staff.ts', './server/db/schema-api.ts'],
  out: './server/db/migrations',
});
