import { expect, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import { defaultParams } from '../../../src/contract/board';
import { demoUser, signInAs } from '../support';
import type { Opener, PathContext, UiMapper, UiStep } from './context';
import { stateName, type StepGroup } from './plan';

// The instant quote's flow (/quote) as UI actions: the board is entered by hand (the wizard's own walks
// upload files), 'Заказать' leads a visitor to the sign-in and a signed-in user to the choice of client.

const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const outcome = (group: StepGroup, index = 0) => group.outcomes[index]?.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') ?? '';
const inFlight = { skip: 'ends while a gateway call is in flight' };
/** What 'Заказать' stored before the sign-in, as the page keeps it (src/services/quote.ts). */
const PENDING_KEY = 'quote-pending';
const STORED_TITLE = 'Плата из расчёта';

async function openQuotePage(page: Page, pending: boolean): Promise<void> {
  if (pending) {
    // The quote a visitor asked for before leaving for the sign-in: entered by hand, so no upload to carry.
    await page.goto('/auth');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      PENDING_KEY,
      JSON.stringify({ uploadId: null, title: STORED_TITLE, params: defaultParams('pcb') }),
    ] as const);
  }
  await page.goto('/quote?inspect');
}

function openingStep(group: StepGroup): UiStep | { skip: string } {
  if (group.event.type.startsWith('xstate.error.')) return { skip: 'reading the stored quote cannot fail (a bad one reads as none)' };
  const output: unknown = group.event.output;
  const pending = output !== null && output !== undefined;
  return step(pending ? 'open with a stored quote' : 'open', ({ page }) => openQuotePage(page, pending));
}

export const mapQuoteStep: UiMapper = (group) => {
  const { type } = group.event;
  if (type.startsWith('xstate.') && stateName(group.from) === 'restoring') return openingStep(group);
  if (type === 'quote.order') {
    const pending: unknown = group.event.pending;
    const byHand = typeof pending === 'object' && pending !== null && 'uploadId' in pending && pending.uploadId === null;
    if (!byHand) return { skip: 'ordered by hand here: an upload per walk costs seconds (quote.spec orders one from files)' };
    // 'Заказать' carries the board to the cart, 'Сохранить проект' to a draft.
    const button = typeof pending === 'object' && pending !== null && 'intent' in pending && pending.intent === 'order' ? 'Заказать' : 'Сохранить проект';
    return step('order by hand', async ({ page }) => {
      await page.getByRole('button', { name: /Ввести параметры вручную/ }).click();
      await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
      await page.getByRole('button', { name: button, exact: true }).first().click();
    });
  }
  if (type === 'quote.cancel') return step('back to the quote', async ({ page }) => page.getByRole('button', { name: 'Вернуться к расчёту' }).click());
  if (type === 'quote.pickClient') {
    if (outcome(group) === 'done:claim')
      return step('save to the first client', async ({ page }) =>
        page
          .getByRole('button', { name: /^(Сохранить в|Заказать для) «/ })
          .first()
          .click(),
      );
    if (outcome(group) === 'error:claim') return { skip: 'the gateway refuses a claim only for a quote upload gone meanwhile' };
    return inFlight;
  }
  return { skip: `no UI mapping for ${type}` };
};

/** Input 0 is a visitor; input 1 the demo user, signed in through the form (the sign-in has paths of its own). */
export const openQuote: Opener = async (context: PathContext, inputIndex) => {
  if (inputIndex === 1) await signInAs(context.page, demoUser);
};

export async function expectQuoteView(page: Page, value: StateValue): Promise<void> {
  const name = stateName(value);
  if (name === 'quoting') {
    await expect(page.getByRole('heading', { name: 'Расчёт стоимости платы' })).toBeVisible();
    // The wizard, on the way choice or, for a board kept from before (quote-board), on the step it was on.
    return expect(page.locator('.quote-board')).toBeVisible();
  }
  if (name === 'choosingClient') return expect(page.getByRole('button', { name: /^(Сохранить в|Заказать для) «/ }).first()).toBeVisible();
  if (name === 'signingIn') return expect(page).toHaveURL(/\/auth\?redirect=%2Fquote/);
  if (name === 'claimed') return expect(page).toHaveURL(/\/project\/\d+/);
  throw new Error(`no view known for quote state ${name}`);
}
