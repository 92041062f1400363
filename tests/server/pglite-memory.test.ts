import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';

/** What the embedded database leaves resident in the gateway's process, whose memory never shrinks. */

const folder = mkdtempSync(join(tmpdir(), 'gw-pglite-memory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const residentMb = () => process.memoryUsage().rss / 2 ** 20;

describe('the embedded database in the gateway', () => {
  it('makes a new data folder in a process of its own: the gateway holds one database, not initdb\'s', async () => {
    const before = residentMb();
    const database = await openDatabase({ dataDir: join(folder, 'db'), databaseUrl: null });
    try {
      // initdb in the gateway added about 600 MB (a second PostgreSQL and the copies of its files); one database ~150.
      expect(residentMb() - before).toBeLessThan(300);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("keeps PostgreSQL's buffer cache to 16 MB: it lives in the gateway's own memory, which never shrinks", async () => {
    const database = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    try {
      const result = await database.db.execute(sql`select current_setting('shared_buffers') as size`) as unknown as { rows: Array<{ size: string }> };
      expect(result.rows[0]?.size).toBe('16MB');
    } finally {
      await database.close();
    }
  }, 60_000);
});
