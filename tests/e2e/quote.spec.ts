import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { fourLayerBoardZip, type Violations } from '../../scripts/four-layer-board';
import { corpusBoard } from '../../scripts/gerber-corpus';
import { corporateRequisites, demoUser, registerThroughForm, storedToken } from './support';
import { test } from './support/test';

/**
 * In the browser: a visitor who never signed in prices a real board on /quote, then orders it, signs in
 * on the way, and finds it a draft project of the client they chose, at the same price. Nobody else sees its pictures.
 */
const SHOTS = '.tmp/screens/issue21';

/** The corpus board zipped here, from the shared corpus (never copied into the repository). */
function boardZip(name: string): string {
  const board = corpusBoard(name);
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  const path = `.tmp/e2e-boards/quote-${board.uploadName}`;
  writeFileSync(path, board.upload);
  return path;
}

/** The generated four-layer test board with one violation, zipped here. */
function generatedZip(name: string, violations: Violations): string {
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  const path = `.tmp/e2e-boards/quote-${name}.zip`;
  writeFileSync(path, fourLayerBoardZip(violations));
  return path;
}

/** '8 181,34 ₽' → 8181.34 */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

/** The price settled for the parameters on screen: shown and not awaiting a newer one (the last is kept meanwhile). */
const priceTotal = (page: Page) => page.locator('.wizard__price .price-breakdown:not([aria-busy]) .price-breakdown__total:not(.price-breakdown__total--none)');

async function uploadOnQuote(page: Page, board: string, zip = boardZip(board)): Promise<{ uploadedAt: number }> {
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  const uploaded = page.waitForResponse((response) => response.url().includes('/api/quote/Upload'));
  await page.locator('input[type=file]').setInputFiles(zip);
  expect((await uploaded).status()).toBe(200);
  const uploadedAt = Date.now();
  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
  return { uploadedAt };
}

/** The analysis' picture URL of the top side, read with the visitor's own key as the page does. */
async function topPictureOf(page: Page): Promise<{ url: string; status: number }> {
  return page.evaluate(async () => {
    const key = localStorage.getItem('quote-key') ?? '';
    const uploads = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/api/quote/Get'));
    const last = uploads[uploads.length - 1] ?? '';
    const state = await (await fetch(last, { headers: { 'x-quote-key': key } })).json() as { analysis: { images: { top: string } } };
    const url = state.analysis.images.top;
    return { url, status: (await fetch(url, { headers: { 'x-quote-key': key } })).status };
  });
}

test('a visitor prices a four-layer corpus board without an account, orders it, signs in and gets a draft project at that price', async ({ page, browser }) => {
  const board = 'kicad7-4l-ottercast-audio';
  expect(corpusBoard(board).truth.copperLayers).toBeGreaterThanOrEqual(4);
  mkdirSync(SHOTS, { recursive: true });

  // A visitor has no session: no call of the page may need one (a cure's price, an urgency's).
  const unauthorized: string[] = [];
  page.on('response', (response) => { if (response.status() === 401) unauthorized.push(response.url()); });
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Рассчитать стоимость без регистрации' }).click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('heading', { name: 'Расчёт стоимости платы' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  await uploadOnQuote(page, board);
  await expect(page.getByLabel('Тип слоя файла OtterCastAudioV2-In1_Cu.g2')).toHaveValue('copper:inner');
  await expect(page.getByLabel('Тип слоя файла OtterCastAudioV2-In2_Cu.g3')).toHaveValue('copper:inner');
  await expect(page.locator('img.board-preview__image')).toBeVisible();
  await expect(priceTotal(page)).toBeVisible({ timeout: 15_000 });
  // The manufacturability check of the same board, judged for the visitor's parameters, priced cures included.
  const findings = page.getByRole('region', { name: 'Технологичность (DFM)' });
  await expect(findings.getByRole('list', { name: 'Замечания технологичности' })).toBeVisible({ timeout: 15_000 });
  await expect(findings.getByRole('alert')).toHaveCount(0);
  expect(unauthorized).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/quote-layers-price.png`, fullPage: true });
  await page.getByRole('button', { name: 'Снизу' }).click();
  await expect(page.locator('img.board-preview__image')).toHaveAttribute('alt', /снизу/i);

  // Another visitor, in a browser of their own, cannot fetch these pictures: with no key, or with their own.
  const picture = await topPictureOf(page);
  expect(picture.status).toBe(200);
  const stranger = await browser.newContext();
  const none = await stranger.request.get(picture.url);
  const forged = await stranger.request.get(picture.url, { headers: { 'x-quote-key': 'A'.repeat(43) } });
  expect([none.status(), forged.status()]).toEqual([404, 404]);
  await stranger.close();

  const next = page.getByRole('button', { name: 'Далее', exact: true });
  await next.click();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
  await expect(page.getByLabel('Число слоёв').first()).toHaveValue('4');
  await next.click();
  await page.getByLabel('Количество').fill('25');
  await expect(page.locator('.wizard__price .price-breakdown__lines')).toContainText('25 ×');
  await expect(page.locator('.wizard__price .price-breakdown')).not.toHaveAttribute('aria-busy', 'true');
  // The price the project must keep: the one the visitor sees.
  const shown = amountOf(await page.locator('.wizard__price [data-testid=price-total]').textContent());
  expect(shown).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/quote-order-step.png`, fullPage: true });

  // 'Сохранить проект' makes the draft ('Заказать' puts it into the cart: quote-to-cart.spec.ts).
  await page.getByRole('button', { name: 'Сохранить проект', exact: true }).first().click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fquote/);
  await page.getByLabel('E-mail или телефон').fill(demoUser.email);
  await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();

  await expect(page).toHaveURL(/\/quote/);
  const save = page.getByRole('button', { name: /^Сохранить в «/ });
  await expect(save).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-claim.png`, fullPage: true });
  const client = (await save.textContent())?.match(/«(.+)»/)?.[1] ?? '';
  await save.click();
  await expect(page).toHaveURL(/\/project\/\d+/);
  const projectId = Number(/\/project\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: 'OtterCastAudioV2' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-project.png`, fullPage: true });

  const token = await storedToken(page);
  const answer = await page.request.get(`/api/catalog-viewer/v2/projects/Get?id=${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  const project = (await answer.json()) as { status: string; price: number; clientName: string; params: { quantity: number } };
  expect(project).toMatchObject({ status: 'draft', price: shown, params: { quantity: 25 } });
  expect(project.clientName).toBe(client);
  // The pictures are the client's now: the visitor's key no longer opens them.
  const byKey = await page.evaluate(
    async (url) => (await fetch(url, { headers: { 'x-quote-key': localStorage.getItem('quote-key') ?? '' } })).status,
    picture.url,
  );
  expect(byKey).toBe(401);
});

test('a visitor who orders registers on the way, creates a client and gets the quote as its draft project', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/quote');
  await uploadOnQuote(page, 'kicad5-2l-otterpill');
  await expect(priceTotal(page)).toBeVisible({ timeout: 15_000 });
  // While the files are checked the price is provisional (the check may choose a finer class) and nothing is ordered.
  await expect(page.getByText(/^Предварительно: идёт проверка файлов/)).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Заказать', exact: true })).toBeEnabled();
  await expect(priceTotal(page)).toBeVisible();
  const shown = amountOf(await priceTotal(page).locator('[data-testid=price-total]').textContent());
  // Still the same after a pause longer than the price's debounce: the figure is the board's, not the defaults'.
  await page.waitForTimeout(600);
  expect(amountOf(await priceTotal(page).locator('[data-testid=price-total]').textContent())).toBe(shown);
  await page.getByRole('button', { name: 'Сохранить проект', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fquote/);

  // Registration needs a confirmed phone and e-mail: the codes come from the dev outbox.
  await registerThroughForm(page, request, { firstName: 'Ольга', lastName: 'Расчётова', password: 'quote-customer-1' });

  // Back on /quote with the quote kept; a new customer has no client yet and makes one right there.
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('heading', { name: /Куда сохранить/ })).toBeVisible();
  const clientName = `Расчёт ${Date.now() % 100000}`;
  const requisites = corporateRequisites();
  await page.getByRole('button', { name: 'Создать клиента' }).click();
  const creation = page.getByRole('dialog');
  await expect(creation.getByRole('button', { name: /Юридическое лицо/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-new-client.png` });
  await creation.getByRole('button', { name: /Юридическое лицо/ }).click();
  await creation.getByLabel('Краткое название').fill(clientName);
  await creation.getByLabel('Полное наименование').fill(`ООО «${clientName}»`);
  await creation.getByLabel('ИНН').fill(requisites.inn);
  await creation.getByLabel('КПП').fill(requisites.kpp);
  await creation.getByLabel('ОГРН').fill(requisites.ogrn);
  await creation.getByRole('button', { name: 'Далее' }).click();
  await creation.getByRole('button', { name: 'Создать клиента' }).first().click();
  await expect(creation).toBeHidden();
  await expect(page).toHaveURL(/\/quote\?clientId=\d+$/);
  await page.getByRole('button', { name: `Сохранить в «${clientName}»` }).click();
  await expect(page).toHaveURL(/\/project\/\d+/);
  const projectId = Number(/\/project\/(\d+)/.exec(page.url())?.[1]);
  const token = await storedToken(page);
  const answer = await page.request.get(`/api/catalog-viewer/v2/projects/Get?id=${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await answer.json()).toMatchObject({ status: 'draft', price: shown, clientName });
  await expect(page.getByRole('heading', { name: 'OtterPill' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-registered-project.png`, fullPage: true });
});

test('a typical two-layer board is priced within seconds of its upload finishing, and a reload keeps it', async ({ page }) => {
  await page.goto('/quote');
  const { uploadedAt } = await uploadOnQuote(page, 'kicad5-2l-otterpill');
  await expect(priceTotal(page)).toBeVisible({ timeout: 15_000 });
  const elapsed = Date.now() - uploadedAt;
  console.log(`kicad5-2l-otterpill: upload finished → price shown in ${elapsed} ms (target ≤ 3000 ms)`);
  expect(elapsed).toBeLessThan(10_000);
  // The manufacturability check ends after the first price, and a class its findings call for is then priced in: the
  // figures compared across the reload are read once its verdict is on screen.
  const findings = page.getByRole('region', { name: 'Технологичность (DFM)' });
  const verdict = findings.getByRole('list', { name: 'Замечания технологичности' }).or(findings.getByText('Замечаний технологичности нет'));
  await expect(verdict).toBeVisible({ timeout: 60_000 });

  // A reload takes nothing away: the same upload is asked for again (not sent again), with its layers and price.
  await expect(priceTotal(page)).toBeVisible();
  const shown = await priceTotal(page).textContent();
  const next = page.getByRole('button', { name: 'Далее', exact: true });
  for (const heading of ['Стек слоёв', 'Параметры', 'Количество и срочность']) {
    await next.click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await page.getByLabel('Количество').fill('25');
  await expect(priceTotal(page)).not.toHaveText(shown ?? '');
  const repriced = await priceTotal(page).textContent();
  const uploads: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/quote/Upload')) uploads.push(request.url()); });
  await page.reload();
  // Back on the step it was left on, the layers one click back in the side menu.
  await expect(page.getByRole('heading', { name: 'Количество и срочность' })).toBeVisible({ timeout: 30_000 });
  await expect(priceTotal(page)).toHaveText(repriced ?? '', { timeout: 15_000 });
  await page.getByRole('navigation').getByRole('button', { name: /Слои/ }).first().click();
  await expect(page.getByRole('combobox', { name: 'Тип слоя файла OtterPill-F_Cu.gtl' })).toHaveValue(/copper/);
  expect(uploads).toEqual([]);
});

test('the English sign-in page links to /en/quote, in English', async ({ page }) => {
  await page.goto('/en/auth');
  await page.getByRole('link', { name: 'Get a price without signing up' }).click();
  await expect(page).toHaveURL(/\/en\/quote$/);
  await expect(page.getByRole('heading', { name: 'Board price' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-en.png`, fullPage: true });
});

const SHOTS_30 = '.tmp/screens/issue30';
/** What ordering the board meets, said beside the price and above 'Заказать'. */
const beforeOrdering = (page: Page, name = 'Перед заказом') => page.locator('.wizard__price').getByRole('region', { name });
/** The element comes before the other in the page (what is read before the button). */
const isBefore = async (page: Page, first: string, second: string) => page.evaluate(([a, b]) => {
  const [x, y] = [document.querySelector(a ?? ''), document.querySelector(b ?? '')];
  return Boolean(x && y && x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
}, [first, second]);

test("a board whose 0.08 mm tracks need the fine class: the quote chooses it from the files and says so, with its price, before 'Заказать'", async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS_30, { recursive: true });
  await page.goto('/quote');
  await uploadOnQuote(page, '', generatedZip('fine-tracks', { traceWidthMm: 0.08 }));
  const said = beforeOrdering(page);
  await expect(said).toContainText('Класс выбран по вашим файлам', { timeout: 30_000 });
  await expect(said).toContainText('Дорожки и зазоры от 0,075 мм');
  await expect(said).toContainText(/\(\+\d[\d\s]*,\d\d\s₽ к цене\)/);
  expect(await isBefore(page, '.wizard__price .dfm-verdict', '.wizard__price .quote-order .ui-button--primary')).toBe(true);
  // The price beside it is the order's: fine features included.
  await expect(priceTotal(page)).toBeVisible();
  await expect(page.locator('.wizard__price .price-breakdown__lines')).toContainText('Тонкие проводники и малые отверстия');
  // Nothing is left to find: the class allows the tracks.
  await expect(page.getByRole('region', { name: 'Технологичность (DFM)' })).toContainText('Замечаний технологичности нет');
  await page.screenshot({ path: `${SHOTS_30}/quote-class-chosen-ru.png`, fullPage: true });

  const next = page.getByRole('button', { name: 'Далее', exact: true });
  await next.click();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
  const track = page.getByRole('textbox', { name: /Минимальный проводник/ });
  await expect(track).toHaveValue('0,075');
  await expect(page.getByText('класс выбран по вашим файлам', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Ширина платы/ })).toHaveValue('80');
  await page.screenshot({ path: `${SHOTS_30}/quote-parameters-class-ru.png`, fullPage: true });
  // Another class may be chosen, and the consequence is said at once.
  await track.fill('0,1');
  await expect(page.getByText(/файлам нужен класс от 0,075 мм: с этим значением плату закажем только с проверкой инженером/)).toBeVisible();
  await expect(beforeOrdering(page)).toContainText('Нужна опция');
  await page.screenshot({ path: `${SHOTS_30}/quote-parameters-coarser-ru.png`, fullPage: true });
  await track.fill('0,075');
  await expect(beforeOrdering(page)).toContainText('Класс выбран по вашим файлам');

  // The same board in English (a reload keeps it).
  await page.goto('/en/quote');
  await expect(page.getByRole('heading', { name: 'Board price' })).toBeVisible();
  await expect(beforeOrdering(page, 'Before you order')).toContainText('Class chosen from your files', { timeout: 30_000 });
  await expect(beforeOrdering(page, 'Before you order')).toContainText('Tracks and gaps from 0.075 mm');
  await page.screenshot({ path: `${SHOTS_30}/quote-class-chosen-en.png`, fullPage: true });
  // Back on the step it was left on.
  await expect(page.getByRole('heading', { name: 'Parameters' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Minimum track/ })).toHaveValue('0.075');
  await expect(page.getByText('class chosen from your files', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_30}/quote-parameters-class-en.png`, fullPage: true });
});

test('a board no class makes: \'needs an engineer\'s review\' on the quote, the wizard\'s summary and the project list', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS_30, { recursive: true });
  await page.goto('/quote');
  await uploadOnQuote(page, '', generatedZip('close-tracks', { trackSpacingMm: 0.05 }));
  const said = beforeOrdering(page);
  await expect(said).toContainText('Нужна проверка инженером', { timeout: 30_000 });
  await expect(said).toContainText('Проводники в 0,05 мм друг от друга — ближе 0,1 мм: выбором класса или опции этого не исправить.');
  expect(await isBefore(page, '.wizard__price .dfm-verdict', '.wizard__price .quote-order .ui-button--primary')).toBe(true);
  await expect(page.getByRole('list', { name: 'Замечания технологичности' })).toContainText('Не изготовить как есть');
  await page.screenshot({ path: `${SHOTS_30}/quote-review-ru.png`, fullPage: true });
  await page.goto('/en/quote');
  await expect(beforeOrdering(page, 'Before you order')).toContainText("Needs an engineer's review", { timeout: 30_000 });
  await expect(beforeOrdering(page, 'Before you order')).toContainText('Conductors 0.05 mm apart, closer than 0.1 mm: no class or option cures this.');
  await page.screenshot({ path: `${SHOTS_30}/quote-review-en.png`, fullPage: true });
  await page.goto('/quote');
  await expect(beforeOrdering(page)).toContainText('Нужна проверка инженером', { timeout: 30_000 });

  // Saved: signed in, saved to a client, it is a draft the list says needs a review.
  await page.getByRole('button', { name: 'Сохранить проект', exact: true }).click();
  await page.getByLabel('E-mail или телефон').fill(demoUser.email);
  await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByRole('button', { name: /^Сохранить в «/ }).click();
  await expect(page).toHaveURL(/\/project\/\d+/);
  const projectId = Number(/\/project\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.locator('.project-header .project-status--review')).toHaveText('Нужна проверка инженером');
  await expect(page.getByRole('region', { name: 'Перед заказом' })).toContainText('Нужна проверка инженером');
  await page.screenshot({ path: `${SHOTS_30}/project-review-ru.png`, fullPage: true });

  await page.goto('/projects?status=draft');
  const line = page.locator(`[data-project-id="${projectId}"]`);
  await expect(line.locator('.project-status--review')).toHaveText('Нужна проверка инженером');
  await page.screenshot({ path: `${SHOTS_30}/projects-review-ru.png` });
  await page.goto('/en/projects?status=draft');
  await expect(line.locator('.project-status--review')).toHaveText("Needs an engineer's review");
  await page.screenshot({ path: `${SHOTS_30}/projects-review-en.png` });

  // The wizard's summary of the same project, before its save buttons.
  await page.goto(`/wizard-board?projectId=${projectId}`);
  // The onboarding popup greets this browser's first visit to the portal's pages.
  await page.getByRole('button', { name: 'Понятно' }).click();
  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 30_000 });
  for (const heading of ['Стек слоёв', 'Параметры', 'Количество и срочность', 'Итог']) {
    await page.getByRole('button', { name: 'Далее', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Перед заказом' })).toContainText('Нужна проверка инженером');
  await expect(page.getByRole('button', { name: 'Сохранить для заказа с проверкой инженером' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить как готовый к заказу' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_30}/wizard-summary-review-ru.png`, fullPage: true });
  await page.goto(`/en/wizard-board?projectId=${projectId}`);
  await expect(page.getByRole('heading', { name: 'Layers' })).toBeVisible({ timeout: 30_000 });
  for (const heading of ['Stack-up', 'Parameters', 'Quantity and urgency', 'Summary']) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Before you order' })).toContainText("Needs an engineer's review");
  await page.screenshot({ path: `${SHOTS_30}/wizard-summary-review-en.png`, fullPage: true });
});
