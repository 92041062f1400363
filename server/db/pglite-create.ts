import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Makes a new embedded database in `dataDir` in a short-lived process of its own: PGlite's initdb runs a second
 * PostgreSQL beside the first and copies the new files through hundreds of MB of buffers, which the allocator would
 * keep in the gateway after they are freed (docs/decisions.md).
 */
export async function createPgliteFolderApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `(async () => {
    const { PGlite } = require(${JSON.stringify(pglite)});
    const db = new PGlite(${JSON.stringify(dataDir)});
    await db.waitReady;
    await db.close();
  })().catch((error) => { console.error(error); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--eval', script], { env: { ...process.env, NODE_OPTIONS: '' } }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`The embedded database could not be made in ${dataDir}: ${stderr || error.message}`));
      else resolve();
    });
  });
}
