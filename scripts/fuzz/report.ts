import type { FuzzReport } from './run';

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The table the run ends with: one line per call, then the totals and every finding with what was sent. */
export function reportText(report: FuzzReport): string {
  const width = Math.max(...report.calls.map((row) => row.call.length), 4);
  const header = `${'call'.padEnd(width)} ${pad('sent', 6)} ${pad('2xx', 6)} ${pad('4xx', 6)} ${pad('5xx', 5)} ${pad('hangs', 5)} ${pad('partial', 7)}`;
  const rows = report.calls.map((row) =>
    `${(row.registered ? row.call : `${row.call} (no route!)`).padEnd(width)} ${pad(row.sent, 6)} ${pad(row.ok, 6)} ${pad(row.refused, 6)} ${pad(row.serverErrors, 5)} ${pad(row.hangs, 5)} ${pad(row.partialWrites, 7)}`);
  const sum = (pick: (row: FuzzReport['calls'][number]) => number) => report.calls.reduce((total, row) => total + pick(row), 0);
  const total = `${'total'.padEnd(width)} ${pad(
    sum((r) => r.sent),
    6,
  )} ${pad(
    sum((r) => r.ok),
    6,
  )} ${pad(
    sum((r) => r.refused),
    6,
  )} ${pad(
    sum((r) => r.serverErrors),
    5,
  )} ${pad(
    sum((r) => r.hangs),
    5,
  )} ${pad(
    sum((r) => r.partialWrites),
    7,
  )}`;
  const findings = report.calls.flatMap((row) => row.findings.map((found) =>
    `  ${found.problem} ${row.call} #${found.index} (${found.kind}, ${found.status ?? 'no answer'}): ${found.detail}\n    sent: ${found.request}`));
  return [
    `fuzz seed ${report.seed}, ${report.count} requests per call, ${report.calls.length} calls, ${(report.elapsedMs / 1000).toFixed(1)} s`,
    header, ...rows, total,
    ...(findings.length ? ['findings:', ...findings] : ['findings: none']),
  ].join('\n');
}
