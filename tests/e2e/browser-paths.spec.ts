import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import type { StateValue } from 'xstate';
import { expectActorIn, LIVE_CHANNEL, recordLiveUpdates, type Opener, type PathContext, type UiMapper, type UiStep } from './browser-paths/context';
import { expectLoginView, mapLoginStep, openLogin } from './browser-paths/login-steps';
import { browserPaths } from './browser-paths/plan';
import { expectRegistrationView, mapRegistrationStep, openRegistration } from './browser-paths/registration-steps';
import { freshIdentity } from './support';

// One test per path generated from the login and registration graphs, walked in Chromium against the real gateway.
// After every step the screen and the real actor (followed through live mode, `?inspect`) must be in the predicted state.

interface BrowserMachine {
  id: string;
  map: UiMapper;
  open: Opener;
  expectView: (page: PathContext['page'], value: StateValue) => Promise<void>;
}

const machines: BrowserMachine[] = [
  { id: 'login', map: mapLoginStep, open: openLogin, expectView: expectLoginView },
  { id: 'registration', map: mapRegistrationStep, open: openRegistration, expectView: expectRegistrationView },
];

const RESULT_FILE = '.tmp/browser-paths.json';
// Workers of one run share the runner process; a failed test restarts the worker, so results are merged per run.
const runId = String(process.ppid);
const ran: Record<string, string[]> = {};
const plans = new Map(machines.map((machine) => [machine.id, browserPaths(machine.id, machine.map)]));

function writeResults(): void {
  let previous: Record<string, unknown> = {};
  try {
    if (existsSync(RESULT_FILE)) previous = JSON.parse(readFileSync(RESULT_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    previous = {};
  }
  const sameRun = previous.run === runId;
  const merged: Record<string, unknown> = { run: runId };
  for (const { id } of machines) {
    const before = sameRun && Array.isArray(previous[id]) ? previous[id].filter((name) => typeof name === 'string') : [];
    merged[id] = [...new Set([...before, ...(ran[id] ?? [])])];
  }
  // Graph paths left to the model-based harness, counted per reason (readBrowserPaths ignores this key).
  merged.notWalkedInBrowser = Object.fromEntries(machines.map(({ id }) => [id, plans.get(id)?.skipped ?? {}]));
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(RESULT_FILE, `${JSON.stringify(merged, null, 2)}\n`);
}

test.afterAll(writeResults);

for (const machine of machines) {
  test.describe(`browser paths: ${machine.id}`, () => {
    for (const path of plans.get(machine.id)?.paths ?? []) {
      test(path.name, async ({ page, request }) => {
        const context: PathContext = { page, request, identity: freshIdentity(), codeTo: '', codeSince: Date.now(), linkCode: '' };
        await page.addInitScript(recordLiveUpdates, LIVE_CHANNEL);
        await machine.open(context, path.inputIndex);
        await machine.expectView(page, path.start);
        await expectActorIn(page, machine.id, path.start);
        for (const group of path.groups) {
          const step = machine.map(group) as UiStep;
          await test.step(`${group.event.type} (${step.key}) → ${JSON.stringify(group.value)}`, async () => {
            await step.run(context);
            await machine.expectView(page, group.value);
            await expectActorIn(page, machine.id, group.value);
          });
        }
        (ran[machine.id] ??= []).push(path.name);
      });
    }
  });
}
