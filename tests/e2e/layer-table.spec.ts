import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { uploadToLayers } from './support/wizard';
import { test } from './support/test';

/** A file name longer than the card is wide wraps inside the layer table, which stays within its card. */
const SHOTS = '.tmp/screens/issue32-layers';
const BOARD = 'node_modules/@tracespace/fixtures/boards/arduino-uno';
/** No space or hyphen to break at, as CAD exports name their files. */
const LONG_STEM = 'ESP32P4FunctionEVBoard_RevB_VeryLongProjectNameFromTheCustomer_TopCopperLayer_Final_v3_20251128';

function boardFiles() {
  return readdirSync(BOARD).filter((name) => /\.(cmp|sol|stc|sts|plc|gko|drd)$/.test(name)).map((name) => ({
    name: name.endsWith('.cmp') ? `${LONG_STEM}.cmp` : name,
    mimeType: 'application/octet-stream',
    buffer: readFileSync(join(BOARD, name)),
  }));
}

for (const width of [1400, 1280]) {
  test(`at ${width} px the layer table with a long file name fits its card, the full name readable`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await uploadToLayers(page, boardFiles());
    const table = page.getByRole('table', { name: 'Файлы платы в порядке стека' });
    const row = table.getByRole('row', { name: new RegExp(LONG_STEM) });
    await expect(row).toBeVisible();
    const card = page.locator('.wizard-step').filter({ has: table });
    const [tableBox, cardBox] = [await table.boundingBox(), await card.boundingBox()];
    if (!tableBox || !cardBox) throw new Error('the layer table is not laid out');
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    const sizes = await table.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client + 1);
    // The whole name is on the page, none of it cut off.
    await expect(row.getByRole('rowheader')).toContainText(`${LONG_STEM}.cmp`);
    await page.screenshot({ path: `${SHOTS}/layer-table-long-name-${width}.png`, fullPage: true });
  });
}
