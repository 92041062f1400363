// Runs alone (vite.config.ts, "timed"): two PostgreSQL clusters and two gateway processes, heavy beside another file.
import { describe, expect, it } from 'vitest';
import { backupRestoreCheck } from '../../scripts/backup-restore';

/**
 * The backup and restore of docs/operations.md, as `npm run check:backup` runs it: a running portal backed
 * up with pg_dump and tar, restored into an empty cluster and folder, and compared with the original.
 */
describe('A backup taken while the portal runs', () => {
  it('restores into an empty PostgreSQL and folder with every row, the order and the board\'s files as they were', async () => {
    const lines: string[] = [];
    const report = await backupRestoreCheck((line) => lines.push(line));
    expect(report.commands.map((command) => command.split(' ')[0]?.split('/').at(-1))).toEqual(['pg_dump', 'tar', 'pg_restore', 'tar']);

    const rows = (table: string) => report.tables.find((row) => row.table === table);
    for (const table of ['public.orders', 'public.order_lines', 'public.board_uploads', 'public.board_renders', 'public.users']) {
      expect(rows(table)?.source, table).toBeGreaterThan(0);
    }
    expect(report.tables.length).toBeGreaterThan(40);
    expect(report.tables.filter((row) => row.source !== row.restored)).toEqual([]);

    expect(report.order.source).toMatchObject({ id: report.order.id, number: report.order.number });
    expect(report.order.restored).toEqual(report.order.source);

    expect(report.files.length).toBeGreaterThanOrEqual(3);
    expect(report.files.filter((file) => !file.same || file.bytes === 0)).toEqual([]);
    expect(report.storeFiles.source).toBeGreaterThanOrEqual(report.files.length + 7);
    expect(report.storeFiles).toMatchObject({ restored: report.storeFiles.source, differing: [] });
    expect(lines.some((line) => line.startsWith('$ ') && line.includes('pg_dump --format=custom'))).toBe(true);
  }, 600_000);
});
