import { expect, type Page } from '@playwright/test';
import type { StateValue } from 'xstate';
import { corpusBoard } from '../../../scripts/gerber-corpus';
import { demoUser, registerAccount, signInAs, tokenOf } from '../support';
import type { Opener, UiMapper, UiStep } from './context';
import { newClient, newProject, uploadedBoard } from './customer';
import { stateName, type StepGroup } from './plan';

// The board wizard's steps as UI actions on /wizard-board, signed in as the demo user. The upload's progress and
// processing events come from the wizard's own actors: they are part of the user's 'pick files' step (WIZARD_ANSWERS).

export const WIZARD_ANSWERS = [
  'wizard.uploadProgress', 'wizard.uploaded', 'wizard.uploadFailed', 'wizard.processingStep', 'wizard.processed', 'wizard.processingFailed',
] as const;

const step = (key: string, run: UiStep['run']): UiStep => ({ key, run });
const inFlight = { skip: 'ends while a gateway call is in flight' };
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

/** Not a Gerber file: the gateway refuses it before storing anything (400), so the upload itself fails. */
const NOT_GERBER = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Это не файл платы\n') };

async function pickFiles(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.locator('input[type=file]').first().setInputFiles(file);
}

function pickFilesStep(group: StepGroup): UiStep | { skip: string } {
  const to = stateName(group.value);
  const answers = types(group);
  if (to === 'files.failed') {
    if (answers.at(-1) !== 'wizard.uploadFailed') {
      return { skip: 'the gateway refuses a bad file at the upload (400): an accepted upload is not made to fail later' };
    }
    return step('upload a file that is not Gerber', async ({ page }) => {
      await pickFiles(page, NOT_GERBER);
      await expect(page.getByRole('alert').first()).toBeVisible();
    });
  }
  if (to !== 'layers.editing') return inFlight;
  // What the gateway does: it answers the upload while processing, then the processing ends done.
  const uploaded = group.outcomes.find((event) => event.type === 'wizard.uploaded');
  if (uploadStateOf(uploaded) !== 'processing' || !answers.includes('wizard.processed')) {
    return { skip: 'the gateway answers an upload before processing it, never done at once' };
  }
  return step('upload a two-layer corpus board', async ({ page }) => {
    const board = corpusBoard(BOARD);
    await pickFiles(page, { name: board.uploadName, mimeType: 'application/zip', buffer: Buffer.from(board.upload) });
    await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
  });
}

const PRODUCT_TABS: Record<string, string> = { pcb: 'Плата', panel: 'Панель', stencil: 'Трафарет', mounting: 'Монтаж', module: 'Модуль' };
const BOM_FILES = {
  bom: { label: /^Спецификация \(BOM\)/, name: 'bom.csv', text: 'Designator;Qty;Side\nR1;1;Top\nR2;1;Bottom\n' },
  pnp: { label: /^Файл расстановки/, name: 'pnp.csv', text: 'Designator,Mid X,Mid Y,Layer,Rotation\nR1,1,1,T,0\nR2,2,2,B,0\n' },
} as const;
/** A table without the designator column: the gateway refuses to read it. */
const BAD_BOM = 'Value,Footprint\n10k,0603\n';

function pickBomStep(group: StepGroup): UiStep | { skip: string } {
  const kind = group.event.kind === 'pnp' ? 'pnp' : 'bom';
  const file = BOM_FILES[kind];
  const result = group.outcomes[0]?.type ?? '';
  if (!result) return inFlight;
  const refused = result.startsWith('xstate.error.');
  return step(`${kind} file${refused ? ' refused' : ''}`, async ({ page }) => {
    await openTabFor(page, group);
    const input = page.getByLabel(file.label);
    const status = page.locator(`#${await input.getAttribute('aria-describedby') ?? ''}`);
    await input.setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(refused ? BAD_BOM : file.text) });
    // Read: the field's own status line counts the rows; refused: the gateway's words.
    if (refused) await expect(page.getByRole('alert').first()).toBeVisible();
    else await expect(status).toContainText('Строк: 2. Компонентов: 2');
  });
}

function layersStep(group: StepGroup): UiStep | { skip: string } {
  const { type } = group.event;
  if (type === 'wizard.setLayer') {
    return step('first file unknown', async ({ page }) => {
      await page.getByLabel(/^Тип слоя файла/).first().selectOption({ index: 0 });
    });
  }
  if (type === 'wizard.toggleFile') return step('first file unused', async ({ page }) => page.getByRole('checkbox', { name: /^Да/ }).first().click());
  if (type === 'wizard.moveFile') return step('first file down', async ({ page }) => page.getByRole('button', { name: /^Ниже: / }).first().click());
  const result = group.outcomes[0]?.type ?? '';
  if (!result) return inFlight;
  if (result.startsWith('xstate.error.')) return { skip: 'the gateway accepts every layer choice the table offers' };
  return step('apply layers', async ({ page }) => {
    await page.getByRole('button', { name: 'Применить изменения' }).click();
    await expect(page.getByRole('button', { name: 'Применить изменения' })).toBeDisabled();
  });
}

/**
 * A product type's own fields are on screen only for that type, and the graph's states do not tell the type (its
 * context keeps only what guards read): the step opens the type's tab first (a change within the same state).
 */
const TAB_FOR: Record<string, string> = {
  'wizard.setPanel': 'Панель', 'wizard.setStencil': 'Трафарет', 'wizard.setMounting': 'Модуль', 'wizard.pickBom': 'Модуль',
};

async function openTabFor(page: Page, group: StepGroup): Promise<void> {
  const tab = page.getByRole('tab', { name: TAB_FOR[group.event.type] ?? '', exact: true });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

function parametersStep(group: StepGroup): UiStep | { skip: string } {
  const { type } = group.event;
  const patch = (group.event.patch ?? {}) as Record<string, number>;
  if (type === 'wizard.setProductType') {
    const tab = PRODUCT_TABS[String(group.event.productType)] ?? '';
    return step(`product ${tab}`, async ({ page }) => page.getByRole('tab', { name: tab, exact: true }).click());
  }
  if (type === 'wizard.setPanel') {
    return step('panel columns', async ({ page }) => {
      await openTabFor(page, group);
      await page.getByLabel('Плат по горизонтали').fill(String(patch.columns));
    });
  }
  if (type === 'wizard.setStencil') {
    return step('stencil thickness', async ({ page }) => {
      await openTabFor(page, group);
      await page.getByLabel('Толщина трафарета').selectOption(String(patch.thicknessMm));
    });
  }
  return step('mounting counts', async ({ page }) => {
    await openTabFor(page, group);
    const fields: Array<[string, number | undefined]> = [
      ['Всего компонентов', patch.components], ['Уникальных позиций', patch.uniqueParts], ['SMD-компонентов', patch.smd], ['Выводных компонентов', patch.tht],
    ];
    for (const [label, value] of fields) await page.getByLabel(label).fill(String(value));
  });
}

export const mapWizardStep: UiMapper = (group) => {
  const { type } = group.event;
  const to = stateName(group.value);
  if (type === 'wizard.pickFiles') return pickFilesStep(group);
  if (type === 'wizard.pickBom') return pickBomStep(group);
  if (type === 'wizard.applyLayers') return layersStep(group);
  if (/uploading|processing|applying|readingBom|saving/.test(to)) return inFlight;
  if (/uploading|processing|applying|readingBom|saving/.test(stateName(group.from))) return { skip: 'acts while a gateway call is in flight' };
  if (type === 'wizard.restart') return { skip: 'no control sends it: the page remounts the wizard for another project' };
  if (type === 'wizard.dfmMeasured') return { skip: 'the page sends it itself when the DFM measured after the analysis arrives (quote.spec)' };
  if (type === 'wizard.chooseFiles') return step('files', async ({ page }) => page.getByRole('button', { name: /Загрузить файлы/ }).click());
  if (type === 'wizard.chooseManual') return step('by hand', async ({ page }) => page.getByRole('button', { name: /Ввести параметры вручную/ }).click());
  if (type === 'wizard.next') return step('next', async ({ page }) => page.getByRole('button', { name: 'Далее', exact: true }).click());
  if (type === 'wizard.back') return step('back', async ({ page }) => page.getByRole('button', { name: 'Назад', exact: true }).click());
  if (type === 'wizard.goTo') {
    const title = STEP_TITLES[String(group.event.step)] ?? '';
    return step(`menu ${title}`, async ({ page }) => menu(page).getByRole('button', { name: new RegExp(`^\\d*\\s*${title}`) }).click());
  }
  if (type === 'wizard.setOrder') {
    if (stateName(group.from) !== 'order') return { skip: 'no control of the summary sends it: quantity and urgency are set on the order step' };
    const quantity = Number(group.event.quantity);
    return step(`quantity ${quantity}`, async ({ page }) => page.getByLabel('Количество').first().fill(String(quantity)));
  }
  if (type === 'wizard.setTitle') {
    const title = String(group.event.title);
    return step(title.trim() ? 'title' : 'blank title', async ({ page }) =>
      page.getByLabel('Название проекта').fill(title.trim() ? `Путь ${Date.now()}` : ' '),
    );
  }
  if (type === 'wizard.setBoard') {
    const width = Number((group.event.patch as { widthMm?: number }).widthMm);
    return step(`width ${width}`, async ({ page }) => page.getByLabel(/Ширина/).first().fill(String(width)));
  }
  if (['wizard.setLayer', 'wizard.toggleFile', 'wizard.moveFile'].includes(type)) return layersStep(group);
  if (['wizard.setProductType', 'wizard.setPanel', 'wizard.setStencil', 'wizard.setMounting'].includes(type)) return parametersStep(group);
  if (type === 'wizard.toggleStackupEdit')
    return step('stack-up edit', async ({ page }) => page.getByRole('button', { name: /^(Изменить стек|Готово)$/ }).click());
  if (type === 'wizard.setLayerCount') {
    return step(`layers ${String(group.event.layers)}`, async ({ page }) => {
      await page.getByLabel('Число слоёв').first().selectOption(String(group.event.layers));
    });
  }
  if (type === 'wizard.save') {
    if (group.outcomes.some((event) => event.type.startsWith('xstate.error.'))) return { skip: 'the gateway cannot be made to refuse a save the page allows' };
    if (group.event.status !== 'draft') return { skip: 'saved as a draft here; ready to order is the projects spec' };
    return step('save draft', async ({ page }) => page.getByRole('button', { name: 'Сохранить черновик' }).click());
  }
  return { skip: `no UI mapping for ${type}` };
};

/**
 * Input 0 is a new project of the demo user's client. Inputs 1 and 2 change a saved project (with files, entered by
 * hand): a new customer's, made through the gateway, opened as the project page's 'change' link does.
 */
export const openWizard: Opener = async ({ page, request }, inputIndex) => {
  if (inputIndex === 0) {
    await signInAs(page, demoUser);
  } else {
    const account = await registerAccount(request, { firstName: 'Игорь', lastName: 'Мастеров' });
    const token = () => tokenOf(request, account);
    const clientId = await newClient(request, token, 'Мастеров И.', true);
    const projectId = await newProject(request, token, clientId, inputIndex === 1 ? await uploadedBoard(request, token, clientId) : null);
    await signInAs(page, account);
    await page.evaluate(() => localStorage.setItem('pcb.wizardOnboardingSeen', '1'));
    await page.goto(`/wizard-board?projectId=${projectId}&inspect`);
    return;
  }
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
