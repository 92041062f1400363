import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';

const dataDir = mkdtempSync(join(tmpdir(), 'gw-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded data folder', () => {
  it('serves one process at a time: a second opener is refused with a clear message until the first closes', async () => {
    const first = await openDatabase({ dataDir, databaseUrl: null });
    await expect(openDatabase({ dataDir, databaseUrl: null })).rejects.toThrow(/in use by process \d+.*Stop it first/);
    await first.close();
    const second = await openDatabase({ dataDir, databaseUrl: null });
    await second.close();
  });

  it('takes over a folder left behind by a process that no longer runs', async () => {
    writeFileSync(join(dataDir, 'portal-owner.pid'), '999999');
    const database = await openDatabase({ dataDir, databaseUrl: null });
    await database.close();
  });
});
