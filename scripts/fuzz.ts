/**
 * `npm run test:fuzz`: mutated bodies and queries to every call of the contract, signed in as the demo user, on a real
 * gateway over the embedded database; counts 5xx answers, hangs and refused requests that still wrote. Exits 1 on any.
 * Options: --seed N (default: random, printed), --count N per call (default 1000), --only <part of a path>.
 */
import { reportText } from './fuzz/report';
import { runFuzz } from './fuzz/run';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const seed = Number(option('seed') ?? Math.floor(Math.random() * 2 ** 31));
const count = Number(option('count') ?? 1000);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count <= 0) {
  console.error('usage: npm run test:fuzz -- [--seed N] [--count N] [--only <path part>]');
  process.exit(2);
}
console.log(`fuzz seed ${seed} (replay with --seed ${seed}), ${count} requests per call`);
const only = option('only');
const report = await runFuzz({
  seed, count, ...(only ? { only } : {}),
  onCallDone: (row) => {
    const bad = row.serverErrors + row.hangs + row.partialWrites;
    console.log(`${bad ? '✗' : '✓'} ${row.call}: ${row.sent} sent, ${row.serverErrors} 5xx, ${row.hangs} hangs, ${row.partialWrites} partial writes`);
  },
});
console.log(reportText(report));
const bad = report.calls.some((row) => !row.registered || row.serverErrors + row.hangs + row.partialWrites > 0);
process.exit(bad ? 1 : 0);
