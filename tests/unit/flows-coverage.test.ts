import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { MachineEntry } from '../../src/machines/index';
import { coverageHtml, describeEdge } from '../../src/services/flows/coverage-html';
import {
  coverageReport, coverageTable, isComplete, overlayOf, percentOf, readBrowserPaths, type PathsReport,
} from '../../src/services/flows/coverage';
import { buildFlowModel } from '../../src/services/flows/flow-model';
import { layoutFlow } from '../../src/services/flows/layout';
import { renderSvg } from '../../src/services/flows/svg';
import { BROWSER_PATHS_FOLDER, latestBrowserRun, loadBrowserPaths, planMachine, writeCoverageReport } from '../machines/path-harness';

// A lamp whose `repair` event no sample sends: the plan must leave that edge and state uncovered.
const lamp = createMachine({
  id: 'lamp', initial: 'off',
  states: { off: { on: { toggle: 'on', repair: 'fixed' } }, on: { on: { toggle: 'off' } }, fixed: {} },
});
const lampEntry: MachineEntry = {
  id: 'lamp', machine: lamp, title: { ru: 'Лампа', en: 'Lamp' }, screen: '*', input: undefined,
  events: [{ type: 'toggle' }], actorOutputs: {},
};

describe('coverage report', () => {
  const plan = planMachine(lampEntry);
  const report = coverageReport([plan], { lamp: 3 });
  const [lampCoverage] = report.machines;

  it('lists covered state ids and edge keys the diagrams use, and flags what the paths missed', () => {
    const model = buildFlowModel(lamp);
    expect(lampCoverage).toMatchObject({
      id: 'lamp', browserPaths: 3,
      states: { covered: 2, total: 3, uncovered: ['lamp.fixed'] },
      transitions: { covered: 2, total: 3, uncovered: ['lamp.off --repair[0]--> lamp.fixed'] },
      coveredStates: ['lamp', 'lamp.off', 'lamp.on'],
    });
    expect(lampCoverage?.coveredEdges).toEqual(model.edges.filter((edge) => edge.event === 'toggle').map((edge) => edge.key));
    expect(report.browserPaths).toBe(3);
    expect(lampCoverage && isComplete(lampCoverage)).toBe(false);
    expect(describeEdge(model, 'lamp.off --repair[0]--> lamp.fixed')).toBe('off → fixed: repair');
  });

  it('prints a table with rounded-down percentages and the browser paths', () => {
    expect(percentOf({ covered: 2, total: 3 })).toBe(66);
    expect(percentOf({ covered: 0, total: 0 })).toBe(100);
    const table = coverageTable(report).split('\n');
    expect(table[0]).toMatch(/^machine\s+states\s+transitions\s+paths\s+browser$/);
    expect(table[1]).toMatch(/^lamp\s+2\/3\s+66 %\s+2\/3\s+66 %\s+\d+\s+3$/);
    expect(table[2]).toMatch(/^total\s+\d+\s+3$/);
  });

  it('writes a standalone HTML page with totals, uncovered items by name and the coloured diagram', async () => {
    if (!lampCoverage) throw new Error('no coverage');
    const model = buildFlowModel(lamp);
    const svg = renderSvg(await layoutFlow(model), { coverage: overlayOf(lampCoverage), idPrefix: 'lamp-' });
    const html = coverageHtml(report, [{ coverage: lampCoverage, title: lampEntry.title, screen: '*', model, svg, failures: [] }]);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('2/3 (66 %)');
    expect(html).toContain('off → fixed: repair');
    expect(html).toContain('below 100 %');
    expect(html).toContain('id="lamp-arrow-uncovered"');
    expect(html).not.toContain('id="arrow-plain"');
  });
});

describe('browser path counts', () => {
  it('reads counts or lists of path names per machine, plain or under "machines", and ignores the rest', () => {
    expect(readBrowserPaths({ login: 4, registration: ['a', 'b'], junk: 'x' })).toEqual({ login: 4, registration: 2 });
    expect(readBrowserPaths({ machines: { login: 1 } })).toEqual({ login: 1 });
    expect(readBrowserPaths(null)).toEqual({});
  });

  it('counts 0 without .tmp/browser-paths/, and what its files say when they exist', () => {
    const root = mkdtempSync(join(tmpdir(), 'paths-'));
    expect(loadBrowserPaths(root)).toEqual({});
    mkdirSync(join(root, BROWSER_PATHS_FOLDER), { recursive: true });
    writeFileSync(join(root, BROWSER_PATHS_FOLDER, 'lamp.json'), JSON.stringify({ lamp: ['on and off'] }));
    writeCoverageReport([planMachine(lampEntry)], root);
    const written = JSON.parse(readFileSync(join(root, 'coverage', 'paths.json'), 'utf8')) as PathsReport;
    expect(written.browserPaths).toBe(1);
    expect(written.machines[0]).toMatchObject({ id: 'lamp', browserPaths: 1, coveredStates: ['lamp', 'lamp.off', 'lamp.on'] });
  });
  it('merges the spec files of the latest run and leaves out those of an older one', () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'paths-')), BROWSER_PATHS_FOLDER);
    mkdirSync(folder, { recursive: true });
    const written = (name: string, json: object, at: number) => {
      writeFileSync(join(folder, name), JSON.stringify(json));
      utimesSync(join(folder, name), at, at);
    };
    written('checkout.json', { run: '1', checkout: ['old walk'], notWalkedInBrowser: { checkout: {} } }, 1_000);
    written('login-registration.json', { run: '2', login: ['a', 'b'], registration: [] }, 2_000);
    written('login.json', { run: '2', login: ['b', 'c'] }, 3_000);
    writeFileSync(join(folder, 'cut-short.json'), '{"run": "2", "login": [');
    utimesSync(join(folder, 'cut-short.json'), 4_000, 4_000);
    expect(latestBrowserRun(folder)).toEqual({ run: '2', login: ['a', 'b', 'c'], registration: [] });
    expect(readBrowserPaths(latestBrowserRun(folder))).toEqual({ login: 3, registration: 0 });
  });
});
