import { isDeepStrictEqual } from 'node:util';
import { backupRestoreCheck } from './backup-restore';

/** `npm run check:backup`: backs up a running portal, restores it into an empty one and compares (scripts/backup-restore.ts). */
const report = await backupRestoreCheck((line) => console.log(line));
const differentTables = report.tables.filter((row) => row.source !== row.restored);
console.log(`\ntables: ${report.tables.length}, rows ${report.tables.reduce((sum, row) => sum + row.source, 0)} in the source, ` +
  `${report.tables.reduce((sum, row) => sum + row.restored, 0)} restored`);
for (const row of report.tables)
  console.log(
    `  ${row.table.padEnd(40)} ${String(row.source).padStart(6)} ${String(row.restored).padStart(6)}${row.source === row.restored ? '' : '  DIFFERENT'}`,
  );
const sameOrder = isDeepStrictEqual(report.order.source, report.order.restored);
console.log(`order ${report.order.number} through the API: ${sameOrder ? 'the same' : 'DIFFERENT'}`);
for (const file of report.files) console.log(`  ${file.path} ${file.bytes} bytes ${file.same ? 'identical' : 'DIFFERENT'}`);
console.log(`file store: ${report.storeFiles.source} files, ${report.storeFiles.restored} restored, ${report.storeFiles.differing.length} differing`);
const ok = differentTables.length === 0 && sameOrder && report.files.every((file) => file.same) && report.storeFiles.differing.length === 0;
console.log(ok ? 'backup and restore: OK' : 'backup and restore: FAILED');
process.exit(ok ? 0 : 1);
