import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A copy of an empty database with every migration applied, which each in-memory test gateway starts from.
 * Creating a PGlite database runs initdb, and then come the migrations: seconds per gateway on this two-core machine,
 * paid by ~100 gateway test files; loading a copy costs a fraction of that. The gateway still runs its migrator (it
 * finds nothing left to do) and its seed, as in production.
 *
 * The copy is kept in the system's temporary folder, shared by the test processes of one run and by later runs. Its
 * name is a hash of the migration files and PGlite's version, so a changed or added migration makes a new copy.
 */
const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]);
}

function copyPath(): string {
  const pglitePackage = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const file of filesUnder(migrationsFolder).sort()) hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  return join(tmpdir(), 'pcb-portal-test-databases', `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function makeCopy(path: string): Promise<void> {
  const client = new PGlite('memory://');
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    // Written aside, then renamed: a test process starting meanwhile reads the whole copy or none.
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
}

let copy: Promise<Blob> | undefined;

/** The migrated empty database as PGlite's `loadDataDir` takes it; made once if no test process made it yet. */
export function migratedDatabase(): Promise<Blob> {
  copy ??= (async () => {
    const path = copyPath();
    if (!existsSync(path)) await makeCopy(path);
    return new Blob([readFileSync(path)]);
  })();
  return copy;
}
