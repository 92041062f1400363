import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { expectedViolations, fourLayerBoardZip } from '../../scripts/four-layer-board';
import { corpusBoard } from '../../scripts/gerber-corpus';
import { analyseFiles, unpackUpload } from '../../server/gerber/pipeline';
import type { BoardDfm } from '../../src/contract/dfm';
import { EDGE_CONNECTOR_REACH_MM } from '../../src/contract/dfm-findings';
import { demoUser, signInAs } from './support';
import { test } from './support/test';

/**
 * The findings' markers on a real picture: the Arduino Uno (@tracespace/fixtures) as the gateway draws it,
 * with findings put at two of its mounting holes. The drawing cuts holes out of the board, so the picture is
 * transparent exactly there: sampling the picture at each marker's place finds the hole, on the top picture and on
 * the mirrored bottom one, whatever the layout's scale.
 */
const BOARD_DIR = 'node_modules/@tracespace/fixtures/boards/arduino-uno';
const SHOTS = '.tmp/screens/issue21';
/** Three of the 3.2 mm mounting holes (arduino-uno.drd, T06, inches). */
const HOLES = [{ x: 1.395 * 25.4, y: 1.07 * 25.4 }, { x: 3.445 * 25.4, y: 2.37 * 25.4 }, { x: 3.445 * 25.4, y: 1.27 * 25.4 }] as const;

function boardBytes(): Uint8Array {
  const files = Object.fromEntries(readdirSync(BOARD_DIR).filter((name) => !/^(LICENSE|manifest\.json)$/.test(name))
    .map((name) => [name, new Uint8Array(readFileSync(join(BOARD_DIR, name)))]));
  return zipSync(files);
}

/** The extent the gateway's top picture shows, in mm: its viewBox (thousandths of the file's unit). */
async function pictureBoxMm(bytes: Uint8Array, name = 'arduino-uno.zip'): Promise<[number, number, number, number]> {
  const result = await analyseFiles(unpackUpload(bytes, name), null, () => undefined);
  const top = result.renders.find((render) => render.name === 'top')?.svg ?? '';
  const [x, y, width, height] = (/viewBox="([^"]+)"/.exec(top)?.[1] ?? '').split(/\s+/).map(Number) as [number, number, number, number];
  const mm = / width="[\d.]+in"/.test(top) ? 25.4 / 1000 : 1 / 1000;
  return [x * mm, y * mm, (x + width) * mm, (y + height) * mm];
}

/** The gateway's analysis with findings at the holes: one on the drill file (seen from the top), one on the bottom copper. */
function withDfm(text: string, box: BoardDfm['pictureBoxMm']): string {
  const message = JSON.parse(text) as { final?: { analysis?: Record<string, unknown> | null } | null; analysis?: Record<string, unknown> | null };
  const analysis = message.final?.analysis ?? message.analysis;
  if (!analysis) return text;
  const files = analysis.files as { id: string; name: string }[];
  const idOf = (suffix: string) => files.find((file) => file.name.endsWith(suffix))?.id ?? null;
  analysis.dfm = {
    places: [
      { rule: 'annularRing', fileId: idOf('.drd'), valueMm: 0.02, at: HOLES[0] },
      { rule: 'copperToEdge', fileId: idOf('.sol'), valueMm: 0.06, at: HOLES[1] },
      // Within the fine track class: cured by choosing it, at the price the gateway gives for it.
      { rule: 'trackWidth', fileId: idOf('.cmp'), valueMm: 0.08, at: HOLES[2] },
    ],
    moreByRule: [],
    pictureBoxMm: box,
  } satisfies BoardDfm;
  return JSON.stringify(message);
}

/** The picture's alpha at the marker's centre, read from the picture itself (its pixels, not the page's). */
async function alphaUnderMarker(page: Page, number: number): Promise<number> {
  const marker = page.getByRole('button', { name: new RegExp(`^Замечание ${number}:`) });
  const image = page.locator('img.findings-picture__image');
  const [m, i] = [await marker.boundingBox(), await image.boundingBox()];
  if (!m || !i) throw new Error('no marker or picture');
  const fraction = { left: (m.x + m.width / 2 - i.x) / i.width, top: (m.y + m.height / 2 - i.y) / i.height };
  return image.evaluate((element: HTMLImageElement, at) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = Math.round(1000 * element.naturalHeight / element.naturalWidth);
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    return context.getImageData(Math.round(at.left * canvas.width), Math.round(at.top * canvas.height), 1, 1).data[3] ?? -1;
  }, fraction);
}

/** The board uploaded in the wizard, every analysis the page reads (processing, upload, project) with the findings. */
async function uploadWithFindings(page: Page): Promise<void> {
  const bytes = boardBytes();
  const box = await pictureBoxMm(bytes);
  mkdirSync(SHOTS, { recursive: true });
  const zip = '.tmp/e2e-arduino-uno-dfm.zip';
  writeFileSync(zip, bytes);
  await page.routeWebSocket(/\/streaming/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => socket.send(typeof message === 'string' ? withDfm(message, box) : message));
  });
  await page.route(/\/(board-files|catalog-viewer\/v2\/projects)\/Get\b/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: withDfm(await response.text(), box) });
  });
  await signInAs(page, demoUser);
  await page.goto('/wizard-board');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(zip);
}

/** Zoomed to a finding, its marker is in the middle of the picture's stage (once the zoom's transition is over). */
async function expectCentred(page: Page, number: number): Promise<void> {
  const marker = page.getByRole('button', { name: new RegExp(`^Замечание ${number}:`) });
  const stage = page.locator('.findings-picture__stage');
  await expect.poll(async () => {
    const [m, s] = [await marker.boundingBox(), await stage.boundingBox()];
    if (!m || !s) return Infinity;
    return Math.hypot(m.x + m.width / 2 - (s.x + s.width / 2), m.y + m.height / 2 - (s.y + s.height / 2));
  }).toBeLessThan(3);
}

test('markers sit on their places of the real top picture and of the mirrored bottom one; a click zooms there', async ({ page }) => {
  await uploadWithFindings(page);
  const findings = page.getByRole('region', { name: 'Технологичность (DFM)' });
  const list = findings.getByRole('list', { name: 'Замечания технологичности' });
  await expect(list).toBeVisible({ timeout: 60_000 });
  await expect(findings.locator('img.findings-picture__image')).toBeVisible();
  await findings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/wizard-findings-top.png`, fullPage: true });

  const item = (rule: string) => list.getByRole('listitem').filter({ hasText: rule });
  // The 0.08 mm track is within the fine class, which the wizard reads from the files: no finding is left.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(item('Ширина дорожки')).toHaveCount(0);
  // Copper running to the edge (0.06 mm), which no class allows: the edge connector is its cure, at its price.
  await expect(item('Зазор от меди до края платы').getByText(/^Если это ламели разъёма — выберите «Торцевой разъём \(ламели\)»/)).toBeVisible();
  await expect(item('Зазор от меди до края платы').getByText(/^\(\+\d[\d\s]*,\d{2}\s₽ к цене\)$/)).toBeVisible();
  // The hole finding (the worst error) is first in the list and seen from the top; the picture is see-through there.
  expect(await alphaUnderMarker(page, 1)).toBe(0);
  await list.getByRole('button', { name: /Гарантийный поясок/ }).click();
  await expect(findings.getByRole('button', { name: 'Вся плата' })).toBeVisible();
  await expectCentred(page, 1);
  await findings.screenshot({ path: `${SHOTS}/wizard-findings-zoomed.png` });
  expect(await alphaUnderMarker(page, 1)).toBe(0);
  await findings.getByRole('button', { name: 'Вся плата' }).click();

  // The bottom copper's finding, chosen with the keyboard: the bottom picture, mirrored, with the hole under the marker.
  await list.getByRole('button', { name: /Зазор от меди до края платы/ }).focus();
  await page.keyboard.press('Enter');
  await expect(findings.getByRole('button', { name: 'Низ', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectCentred(page, 2);
  await findings.getByRole('button', { name: 'Вся плата' }).click();
  await expect.poll(() => page.locator('.findings-picture__frame').evaluate((frame) => getComputedStyle(frame).transform)).toBe('none');
  expect(await alphaUnderMarker(page, 2)).toBe(0);
  await findings.screenshot({ path: `${SHOTS}/wizard-findings-bottom.png` });

  // On the parameters step the track class is the fine one, read from the files and said so on its field.
  for (const heading of ['Стек слоёв', 'Параметры']) {
    await page.getByRole('button', { name: 'Далее', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByLabel('Минимальный проводник / зазор').first()).toHaveValue('0,075');
  await expect(page.getByText('класс выбран по вашим файлам', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/wizard-parameters-cured.png`, fullPage: true });
  // The edge connector's cure ticks the option: the copper at the edge is then a warning for the engineering check.
  const option = page.getByRole('checkbox', { name: 'Торцевой разъём (ламели)' });
  await expect(option).not.toBeChecked();
  await item('Зазор от меди до края платы').getByRole('button', { name: 'Выбрать' }).click();
  await expect(option).toBeChecked();
  await expect(item('Зазор от меди до края платы')).toContainText('Предупреждение');
  await expect(item('Зазор от меди до края платы')).toContainText('Допустимо с опцией «Торцевой разъём (ламели)»');
  await expect(list.getByRole('button', { name: 'Выбрать' })).toHaveCount(0);
});

test("the project page's 'Ошибки' toggle draws the findings over the picture and counts them", async ({ page }) => {
  const title = `Uno DFM ${Date.now().toString(36)}`;
  await uploadWithFindings(page);
  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
  for (const heading of ['Стек слоёв', 'Параметры', 'Количество и срочность']) {
    await page.getByRole('button', { name: 'Далее', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    // The class comes with the DFM, seconds after the pictures: a customer who waits for it saves it.
    if (heading === 'Параметры') await expect(page.getByText('класс выбран по вашим файлам', { exact: true })).toBeVisible({ timeout: 60_000 });
  }
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await page.getByLabel('Название проекта').fill(title);
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByText(`Проект «${title}» сохранён`).first()).toBeVisible();
  await page.getByRole('link', { name: /Открыть проект|К проекту/ }).first().click();

  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const errors = page.getByRole('button', { name: /^Ошибки/ });
  await expect(errors).toHaveAttribute('aria-pressed', 'true');
  const list = page.getByRole('list', { name: 'Замечания технологичности' });
  // Saved with the class its files need: the ring and the copper at the edge are left.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('img.findings-picture__image')).toBeVisible();
  expect(await alphaUnderMarker(page, 1)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/project-findings.png`, fullPage: true });
  await list.getByRole('button', { name: /Гарантийный поясок/ }).click();
  await expectCentred(page, 1);
  await page.screenshot({ path: `${SHOTS}/project-findings-zoomed.png`, fullPage: true });

  await errors.click();
  await expect(list).toBeHidden();
  await expect(page.locator('img.board-preview__image')).toBeVisible();
});

test('a generated board with a thin trace: the gateway finds it and its marker is on the trace', async ({ page }) => {
  // 0.05 mm: thinner than any class (0.08 mm is the fine class's, which the wizard would choose from the files).
  const violations = { traceWidthMm: 0.05 };
  const [expected] = expectedViolations(violations);
  if (!expected) throw new Error('no violation drawn');
  const bytes = fourLayerBoardZip(violations);
  const box = await pictureBoxMm(bytes, 'thin-trace.zip');
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync('.tmp/e2e-thin-trace.zip', bytes);

  await signInAs(page, demoUser);
  await page.goto('/wizard-board');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles('.tmp/e2e-thin-trace.zip');
  const findings = page.getByRole('region', { name: 'Технологичность (DFM)' });
  const list = findings.getByRole('list', { name: 'Замечания технологичности' });
  await expect(list).toBeVisible({ timeout: 60_000 });
  const item = list.getByRole('listitem').filter({ hasText: 'Ширина дорожки' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Дорожка шириной 0,05 мм — тоньше 0,1 мм');
  await expect(item).toContainText('Не изготовить как есть');

  // The marker, read back to board millimetres through the gateway's own picture, is on the trace (within 0.3 mm).
  const number = Number(await item.locator('.findings-list__number').textContent());
  const marker = page.getByRole('button', { name: `Замечание ${number}: Ширина дорожки` });
  const image = findings.locator('img.findings-picture__image');
  await expect(image).toBeVisible();
  const [m, i] = [await marker.boundingBox(), await image.boundingBox()];
  if (!m || !i) throw new Error('no marker or picture');
  const [minX, minY, maxX, maxY] = box;
  const xMm = minX + ((m.x + m.width / 2 - i.x) / i.width) * (maxX - minX);
  const yMm = maxY - ((m.y + m.height / 2 - i.y) / i.height) * (maxY - minY);
  expect(Math.abs(xMm - expected.at[0])).toBeLessThan(0.3);
  expect(Math.abs(yMm - expected.at[1])).toBeLessThan(0.3);
  await findings.scrollIntoViewIfNeeded();
  await findings.screenshot({ path: `${SHOTS}/generated-thin-trace.png` });
  await item.getByRole('button').first().click();
  await expectCentred(page, number);
  await findings.screenshot({ path: `${SHOTS}/generated-thin-trace-zoomed.png` });
});

/** The demo user drops a corpus board on the wizard's files step. */
async function uploadCorpusBoard(page: Page, board: string): Promise<void> {
  const { upload, uploadName } = corpusBoard(board);
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  writeFileSync(`.tmp/e2e-boards/${uploadName}`, upload);
  await signInAs(page, demoUser);
  await page.goto('/wizard-board');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(`.tmp/e2e-boards/${uploadName}`);
}

test('a real corpus board: every finding the gateway reports is listed, and every marker lies on the board picture', async ({ page }) => {
  await uploadCorpusBoard(page, 'kicad7-4l-ottercast-audio');
  const findings = page.getByRole('region', { name: 'Технологичность (DFM)' });
  const list = findings.getByRole('list', { name: 'Замечания технологичности' });
  const none = findings.getByText(/^Замечаний технологичности нет/);
  await expect(list.or(none)).toBeVisible({ timeout: 60_000 });
  await expect(findings.locator('img.findings-picture__image')).toBeVisible();
  const image = await findings.locator('img.findings-picture__image').boundingBox();
  if (!image) throw new Error('no picture');
  for (const marker of await findings.locator('.findings-picture__marker').all()) {
    const box = await marker.boundingBox();
    if (!box) continue;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    expect(x >= image.x && x <= image.x + image.width && y >= image.y && y <= image.y + image.height).toBe(true);
  }
  await findings.scrollIntoViewIfNeeded();
  await findings.screenshot({ path: `${SHOTS}/corpus-ottercast.png` });
});

test("a USB plug made of the board (Tomu): the edge connector is its contacts' cure, priced; chosen, only copper short of the edge stays an error", async ({
  page,
}) => {
  await uploadCorpusBoard(page, 'kicad4-2l-tomu');
  const list = page.getByRole('region', { name: 'Технологичность (DFM)' }).getByRole('list', { name: 'Замечания технологичности' });
  await expect(list).toBeVisible({ timeout: 60_000 });
  const atEdge = list.getByRole('listitem').filter({ hasText: 'Зазор от меди до края платы' });
  await expect(atEdge.first()).toContainText('Нужна опция');
  await expect(atEdge.first()).toContainText('Если это ламели разъёма — выберите «Торцевой разъём (ламели)»');
  await expect(atEdge.first().getByText(/^\(\+\d[\d\s]*,\d{2}\s₽ к цене\)$/)).toBeVisible();
  await atEdge.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tomu-edge-cure.png` });

  for (const heading of ['Стек слоёв', 'Параметры']) {
    await page.getByRole('button', { name: 'Далее', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await atEdge.first().getByRole('button', { name: 'Выбрать' }).click();
  await expect(page.getByRole('checkbox', { name: 'Торцевой разъём (ламели)' })).toBeChecked();
  // Errors come first in the list: the contacts, now warnings, follow them.
  await expect(atEdge.filter({ hasText: 'Допустимо с опцией «Торцевой разъём (ламели)»' }).first()).toBeVisible();
  // Tomu's pour 0.155–0.177 mm from its edge runs to no finger: it stays an error, with the option offered no more.
  const errors = list
    .getByRole('listitem')
    .filter({ has: page.getByText('Не изготовить как есть', { exact: true }) })
    .filter({ hasText: 'Медь в' });
  for (const text of await errors.allInnerTexts()) {
    expect(text).not.toContain('Торцевой разъём');
    expect(Number(/Медь в (\d+,\d+) мм/.exec(text)?.[1]?.replace(',', '.'))).toBeGreaterThan(EDGE_CONNECTOR_REACH_MM);
  }
  await expect(page.getByText('Торцевой разъём: скос и золочение ламелей')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tomu-edge-connector.png`, fullPage: true });
});
