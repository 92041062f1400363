import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';

/** Migrations as their own deployment step (`npm run migrate`), and gateways that do not migrate. */

const dataDir = mkdtempSync(join(tmpdir(), 'migrate-step-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('Migrations as a deployment step', () => {
  it('a gateway told not to migrate refuses an unmigrated database; npm run migrate migrates it and exits; then it starts', async () => {
    await expect(openDatabase({ dataDir, databaseUrl: null, migrate: false })).rejects.toThrow(/run `npm run migrate` first/);

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ level: 30, msg: expect.stringMatching(/^migrations applied/) as string });

    const database = await openDatabase({ dataDir, databaseUrl: null, migrate: false });
    try {
      expect(await database.migrated()).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);
});
