/**
 * Prints the path coverage report (the coverage/paths.json schema) of every registered machine as JSON: the
 * build runs it (scripts/flows-coverage-plugin.ts) so /flows shows coverage without a terminal.
 */
import { machineRegistry } from '../src/machines/index';
import { coverageReport } from '../src/services/flows/coverage';
import { loadBrowserPaths, planMachine } from '../tests/machines/path-harness';

const report = coverageReport(machineRegistry.map((entry) => planMachine(entry)), loadBrowserPaths());
process.stdout.write(JSON.stringify(report));
