import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { corpusBoard } from '../../scripts/gerber-corpus';
import { uploadToLayers } from './support/wizard';
import { test } from './support/test';

/**
 * In the browser: real boards from the shared corpus, uploaded through the wizard as a customer would,
 * come out with the right layer table, pictures of the board's shape and the size read from its edge.
 */
const SHOTS = '.tmp/screens/issue17';

function uploadFile(board: string): string {
  const { upload, uploadName } = corpusBoard(board);
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  const path = `.tmp/e2e-boards/${uploadName}`;
  writeFileSync(path, upload);
  return path;
}

const layerOf = (page: Page, name: string) => page.getByLabel(`Тип слоя файла ${name}`);

/** Both sides drawn, in the board's proportions; a screenshot of each for the note. */
async function expectSides(page: Page, board: string, widthMm: number, heightMm: number): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const picture = page.locator('img.board-preview__image');
  for (const side of ['top', 'bottom'] as const) {
    if (side === 'bottom') await page.getByRole('button', { name: 'Снизу' }).click();
    await expect(picture).toHaveAttribute('alt', side === 'top' ? /сверху/i : /снизу/i);
    await expect(picture).toBeVisible();
    const size = await picture.evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, height: image.naturalHeight }));
    expect(size.width / size.height).toBeCloseTo(widthMm / heightMm, 1);
    await page.screenshot({ path: `${SHOTS}/${board}-${side}.png`, fullPage: true });
  }
}

async function expectParameters(page: Page, layers: number, widthMm: number, heightMm: number): Promise<void> {
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Стек слоёв' })).toBeVisible();
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
  await expect(page.getByLabel('Число слоёв').first()).toHaveValue(String(layers));
  // The fields read as the page's language writes numbers: '68,58' in Russian.
  const millimetres = async (label: string) => Number((await page.getByLabel(label).first().inputValue()).replace(/\s/g, '').replace(',', '.'));
  expect(Math.abs(await millimetres('Ширина платы') - widthMm)).toBeLessThanOrEqual(0.3);
  expect(Math.abs(await millimetres('Длина платы') - heightMm)).toBeLessThanOrEqual(0.3);
}

test('a four-layer KiCad 7 board: inner layers in order, both sides drawn, its size from the rounded outline', async ({ page }) => {
  await uploadToLayers(page, uploadFile('kicad7-4l-ottercast-audio'));
  await expect(layerOf(page, 'OtterCastAudioV2-F_Cu.gtl')).toHaveValue('copper:top');
  await expect(layerOf(page, 'OtterCastAudioV2-In1_Cu.g2')).toHaveValue('copper:inner');
  await expect(layerOf(page, 'OtterCastAudioV2-In2_Cu.g3')).toHaveValue('copper:inner');
  await expect(layerOf(page, 'OtterCastAudioV2-B_Cu.gbl')).toHaveValue('copper:bottom');
  await expect(layerOf(page, 'OtterCastAudioV2-Edge_Cuts.gm1')).toHaveValue('outline:all');
  await expect(layerOf(page, 'OtterCastAudioV2-PTH.drl')).toHaveValue('drill:all');
  const rows = page.getByRole('table', { name: 'Файлы платы в порядке стека' }).getByRole('row');
  const names = (await rows.locator('th').allTextContents()).map((text) => text.trim());
  expect(names.findIndex((name) => name.startsWith('OtterCastAudioV2-In1_Cu'))).toBeLessThan(
    names.findIndex((name) => name.startsWith('OtterCastAudioV2-In2_Cu')),
  );
  await expect(page.getByText('Все файлы прочитаны, замечаний к чтению файлов нет.')).toBeVisible();
  await expectSides(page, 'kicad7-4l-ottercast-audio', 49.99, 49.27);
  await expectParameters(page, 4, 49.99, 49.27);
});

test('an Allegro board with film names and no outline file: the layers by what the films say, the edge from its drawing', async ({ page }) => {
  await uploadToLayers(page, uploadFile('allegro-4l-adalm1000'));
  await expect(layerOf(page, 'l1_primary.art')).toHaveValue('copper:top');
  await expect(layerOf(page, 'l2_gnd.art')).toHaveValue('copper:inner');
  await expect(layerOf(page, 'l3_vdd.art')).toHaveValue('copper:inner');
  await expect(layerOf(page, 'l4_secondary.art')).toHaveValue('copper:bottom');
  await expect(layerOf(page, 'mask_sec.art')).toHaveValue('soldermask:bottom');
  await expect(layerOf(page, 'fab1.art')).toHaveValue('drawing:');
  await expect(layerOf(page, 'ncdrill-1-4.drl')).toHaveValue('drill:all');
  await expect(page.getByText(/край платы найден в другом файле/)).toBeVisible();
  await expectSides(page, 'allegro-4l-adalm1000', 89.99, 56.01);
  await expectParameters(page, 4, 89.99, 56.01);
});
