import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StateValue } from 'xstate';
import { expectActorIn, LIVE_CHANNEL, recordLiveUpdates, type Opener, type PathContext, type UiMapper, type UiStep } from './context';
import { expectLoginView, mapLoginStep, openLogin } from './login-steps';
import { browserPaths, browserWalks, type MachinePlanForBrowser, type WalkOptions } from './plan';
import { expectRegistrationView, mapRegistrationStep, openRegistration } from './registration-steps';
import { expectCheckoutView, mapCheckoutStep, openCheckout } from './checkout-steps';
import { expectQuoteView, mapQuoteStep, openQuote } from './quote-steps';
import { expectWizardView, mapWizardStep, openWizard, WIZARD_ANSWERS } from './wizard-steps';
import { freshIdentity } from '../support';
import { test } from '../support/test';

// One test per path generated from the login, registration, quote, checkout and wizard graphs, walked in Chromium against the real gateway.
// After every step the screen and the real actor (followed through live mode, `?inspect`) must be in the predicted state.
// The machines are walked from three spec files (tests/e2e/browser-paths-*.spec.ts), so the two workers share the walks.

interface BrowserMachine {
  id: string;
  map: UiMapper;
  open: Opener;
  expectView: (page: PathContext['page'], value: StateValue) => Promise<void>;
  /** Long walks instead of one path per edge (plan.ts), for machines whose paths each need a costly setup. */
  walks?: WalkOptions;
  /** Per test, for walks of many steps. */
  timeoutMs?: number;
}

export type BrowserMachineId = 'login' | 'registration' | 'quoteFlow' | 'checkout' | 'wizardBoard';

const machines: (BrowserMachine & { id: BrowserMachineId })[] = [
  { id: 'login', map: mapLoginStep, open: openLogin, expectView: expectLoginView },
  { id: 'registration', map: mapRegistrationStep, open: openRegistration, expectView: expectRegistrationView },
  { id: 'quoteFlow', map: mapQuoteStep, open: openQuote, expectView: expectQuoteView, walks: { walkLength: 12 } },
  {
    id: 'checkout',
    map: mapCheckoutStep,
    open: openCheckout,
    expectView: expectCheckoutView,
    walks: { walkLength: 40, inputs: [0, 2, 1, 3] },
    timeoutMs: 120_000,
  },
  {
    id: 'wizardBoard',
    map: mapWizardStep,
    open: openWizard,
    expectView: expectWizardView,
    // Inputs 3 and 4 pick a board up after a reload, which only /quote does: quote.spec reloads one.
    walks: {
      walkLength: 60,
      outcomeEvents: WIZARD_ANSWERS,
      inputs: [0, 1, 2],
      inputsLeftOut: 'a board picked up after a reload (only /quote; quote.spec)',
    },
    timeoutMs: 180_000,
  },
];

// Each spec file keeps its results in a file of its own, so no two workers write one file; the flows coverage
// (tests/machines/path-harness.ts) merges the files of the latest run.
const RESULT_FOLDER = '.tmp/browser-paths';
// Workers of one run share the runner process; a worker restarted after a failed test goes on with the same spec file
// and adds its results to the file's, so results are merged per run.
const runId = String(process.ppid);
const ran: Record<string, string[]> = {};
const planOf = (machine: BrowserMachine): MachinePlanForBrowser =>
  machine.walks ? browserWalks(machine.id, machine.map, machine.walks) : browserPaths(machine.id, machine.map);
// A path that opens on a loading state (the cart, a stored quote) starts with the page's own answers: nothing to see before.
const opensLoading = (path: { groups: ReadonlyArray<{ event: { type: string } }> }) =>
  /^xstate\.(done|error)\.actor\./.test(path.groups[0]?.event.type ?? '');

function writeResults(plans: ReadonlyMap<BrowserMachineId, MachinePlanForBrowser>): void {
  const ids = [...plans.keys()];
  const file = join(RESULT_FOLDER, `${ids.join('-')}.json`);
  let previous: Record<string, unknown> = {};
  try {
    if (existsSync(file)) previous = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    previous = {};
  }
  const sameRun = previous.run === runId;
  const merged: Record<string, unknown> = { run: runId };
  for (const id of ids) {
    const before = sameRun && Array.isArray(previous[id]) ? previous[id].filter((name) => typeof name === 'string') : [];
    merged[id] = [...new Set([...before, ...(ran[id] ?? [])])];
  }
  // Graph paths left to the model-based harness, counted per reason (readBrowserPaths ignores this key).
  merged.notWalkedInBrowser = Object.fromEntries(ids.map((id) => [id, plans.get(id)?.skipped ?? {}]));
  mkdirSync(RESULT_FOLDER, { recursive: true });
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
}

/** The tests of the given machines' paths, one describe per machine; called once by each browser-paths spec file. */
export function walkBrowserPaths(ids: readonly BrowserMachineId[]): void {
  const chosen = machines.filter(({ id }) => ids.includes(id));
  const plans = new Map(chosen.map((machine) => [machine.id, planOf(machine)]));
  test.afterAll(() => writeResults(plans));
  for (const machine of chosen) {
    test.describe(`browser paths: ${machine.id}`, () => {
      for (const path of plans.get(machine.id)?.paths ?? []) {
        test(path.name, async ({ page, request }) => {
          if (machine.timeoutMs) test.setTimeout(machine.timeoutMs);
          const context: PathContext = { page, request, identity: freshIdentity(), codeTo: '', codeSince: Date.now(), linkCode: '' };
          await page.addInitScript(recordLiveUpdates, LIVE_CHANNEL);
          await machine.open(context, path.inputIndex);
          if (!opensLoading(path)) {
            await machine.expectView(page, path.start);
            await expectActorIn(page, machine.id, path.start);
          }
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
}
