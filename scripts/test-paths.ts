/**
 * `npm run test:paths`: plans model-based paths for every registered machine (xstate/graph), replays each on a
 * real actor, writes coverage/paths.json and coverage/paths.html, prints the table, and exits 1 when a path
 * fails or a machine is below 100 % of its states or transitions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../src/machines/index';
import { coverageReport, coverageTable, isComplete, overlayOf } from '../src/services/flows/coverage';
import { coverageHtml, type CoverageSection } from '../src/services/flows/coverage-html';
import { modelOfEntry } from '../src/services/flows/docs';
import { layoutFlow } from '../src/services/flows/layout';
import { renderSvg } from '../src/services/flows/svg';
import { loadBrowserPaths, planMachine, replayPath, writePathsJson } from '../tests/machines/path-harness';

const root = process.cwd();
const runs = machineRegistry.map((entry) => {
  const plan = planMachine(entry);
  const failures = plan.paths.flatMap((path) => replayPath(entry, path).failures.map((failure) => `${path.name}: ${failure}`));
  return { entry, plan, failures };
});
const report = coverageReport(runs.map(({ plan }) => plan), loadBrowserPaths(root));
writePathsJson(report, root);

const sections: CoverageSection[] = [];
for (const [index, { entry, failures }] of runs.entries()) {
  const coverage = report.machines[index];
  if (!coverage) continue;
  const model = modelOfEntry(entry);
  const svg = renderSvg(await layoutFlow(model), {
    coverage: overlayOf(coverage), idPrefix: `${entry.id}-`, title: `${entry.title.en}: path coverage`,
  });
  sections.push({ coverage, title: entry.title, screen: entry.screen, model, svg, failures });
}
mkdirSync(join(root, 'coverage'), { recursive: true });
writeFileSync(join(root, 'coverage', 'paths.html'), coverageHtml(report, sections));

console.log(`Machine path coverage (coverage/paths.json, coverage/paths.html)\n${coverageTable(report)}`);
const failing = runs.filter(({ failures }) => failures.length);
for (const { entry, failures } of failing) {
  console.error(`\n${entry.id}: ${failures.length} failing path step(s)\n${failures.map((line) => `  ${line}`).join('\n')}`);
}
const incomplete = report.machines.filter((machine) => !isComplete(machine));
for (const machine of incomplete) {
  console.error(`\n${machine.id} is below 100 %:${[...machine.states.uncovered, ...machine.transitions.uncovered].map((item) => `\n  ${item}`).join('')}`);
}
if (failing.length || incomplete.length) process.exit(1);
