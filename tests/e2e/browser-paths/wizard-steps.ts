import { expect, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import { corpusBoard } from '../../../scripts/gerber-corpus';
import { demoUser, signInAs } from '../support';
import type { Opener, UiMapper, UiStep } from './context';
import { stateName, type StepGroup } from './plan';

// The board wizard's steps as UI actions on /wizard-board, signed in as the demo user. The upload's progress and
// processing events come from the wizard's own actors: they are part of the user's 'pick files' step (WIZARD_ANSWERS).

export const WIZARD_ANSWERS = [
  'wizard.uploadProgress', 'wizard.uploaded', 'wizard.uploadFailed', 'wizard.processingStep', 'wizard.processed', 'wizard.processingFailed',
] as const;

const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const inFlight = { skip: 'ends while a gateway call is in flight' };
const notMapped = { skip: 'no UI mapping yet (product types, panel, stencil, mounting, BOM, layer and stack-up edits)' };
const STEP_TITLES: Record<string, string> = {
  way: 'Способ ввода', files: 'Файлы платы', layers: 'Слои', stackup: 'Стек слоёв', parameters: 'Параметры',
  order: 'Количество и срочность', summary: 'Цена и сохранение',
};
const BOARD = 'kicad5-2l-otterpill';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Шаги создания проекта' });
const types = (group: StepGroup) => group.outcomes.map((event) => event.type);
const uploadStateOf = (event: StepGroup['outcomes'][number] | undefined): string => {
  const state: unknown = event?.state;
  return typeof state === 'object' && state !== null && 'status' in state ? String(state.status) : '';
};

function pickFilesStep(group: StepGroup): UiStep | { skip: string } {
  const to = stateName(group.value);
  const answers = types(group);
  if (to !== 'layers.editing') {
    return to === 'files.failed'
      ? { skip: 'a failing upload (refused or failed processing) is not mapped: the gateway decides which of the three it is' }
      : inFlight;
  }
  // What the gateway does: it answers the upload while processing, then the processing ends done.
  const uploaded = group.outcomes.find((event) => event.type === 'wizard.uploaded');
  if (uploadStateOf(uploaded) !== 'processing' || !answers.includes('wizard.processed')) {
    return { skip: 'the gateway answers an upload before processing it, never done at once' };
  }
  return step('upload a two-layer corpus board', async ({ page }) => {
    const board = corpusBoard(BOARD);
    await page.locator('input[type=file]').first().setInputFiles({ name: board.uploadName, mimeType: 'application/zip', buffer: Buffer.from(board.upload) });
    await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
  });
}

export const mapWizardStep: UiMapper = (group) => {
  const { type } = group.event;
  const to = stateName(group.value);
  if (type === 'wizard.pickFiles') return pickFilesStep(group);
  if (/uploading|processing|applying|readingBom|saving/.test(to)) return inFlight;
  if (/uploading|processing|applying|readingBom|saving/.test(stateName(group.from))) return { skip: 'acts while a gateway call is in flight' };
  if (type === 'wizard.restart') return { skip: 'no control sends it: the page remounts the wizard for another project' };
  if (type === 'wizard.chooseFiles') return step('files', async ({ page }) => page.getByRole('button', { name: /Загрузить файлы/ }).click());
  if (type === 'wizard.chooseManual') return step('by hand', async ({ page }) => page.getByRole('button', { name: /Ввести параметры вручную/ }).click());
  if (type === 'wizard.next') return step('next', async ({ page }) => page.getByRole('button', { name: 'Далее', exact: true }).click());
  if (type === 'wizard.back') return step('back', async ({ page }) => page.getByRole('button', { name: 'Назад', exact: true }).click());
  if (type === 'wizard.goTo') {
    const title = STEP_TITLES[String(group.event.step)] ?? '';
    return step(`menu ${title}`, async ({ page }) => menu(page).getByRole('button', { name: new RegExp(`^\\d*\\s*${title}`) }).click());
  }
  if (type === 'wizard.setOrder') {
    if (stateName(group.from) !== 'order') return { skip: 'the quantity field is on the order step only' };
    const quantity = Number(group.event.quantity);
    return step(`quantity ${quantity}`, async ({ page }) => page.getByLabel('Количество').first().fill(String(quantity)));
  }
  if (type === 'wizard.setTitle') {
    const title = String(group.event.title);
    return step(title.trim() ? 'title' : 'blank title', async ({ page }) => page.getByLabel('Название проекта').fill(title.trim() ? `Путь ${Date.now()}` : ' '));
  }
  if (type === 'wizard.setBoard') {
    const width = Number((group.event.patch as { widthMm?: number }).widthMm);
    return step(`width ${width}`, async ({ page }) => page.getByLabel(/Ширина/).first().fill(String(width)));
  }
  if (type === 'wizard.save') {
    if (group.outcomes.some((event) => event.type.startsWith('xstate.error.'))) return { skip: 'the gateway cannot be made to refuse a save the page allows' };
    if (group.event.status !== 'draft') return { skip: 'saved as a draft here; ready to order is the projects spec' };
    return step('save draft', async ({ page }) => page.getByRole('button', { name: 'Сохранить черновик' }).click());
  }
  return notMapped;
};

/** Input 0 is a new project; the inputs that change a saved project open it from its page (not walked here). */
export const openWizard: Opener = async ({ page }) => {
  await signInAs(page, demoUser);
  await page.evaluate(() => localStorage.setItem('pcb.wizardOnboardingSeen', '1'));
  await page.goto('/wizard-board?inspect');
};

export async function expectWizardView(page: Page, value: StateValue): Promise<void> {
  const name = stateName(value);
  if (name === 'saved') return expect(page.getByRole('heading', { name: /^Проект «.+» сохранён$/ })).toBeVisible();
  if (name === 'files.failed') await expect(page.getByRole('alert').first()).toBeVisible();
  const title = STEP_TITLES[name.split('.')[0] ?? ''];
  if (!title) throw new Error(`no view known for wizard state ${name}`);
  return expect(menu(page).locator('[aria-current="step"]')).toContainText(title);
}
