import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { machineRegistry } from '../../src/machines/index';
import type { PathsReport } from '../../src/services/flows/coverage';
import { demoUser } from './support';
import { test } from './support/test';

async function signIn(page: Page) {
  await page.goto('/auth?redirect=%2Fflows');
  await page.getByLabel('E-mail или телефон').fill(demoUser.email);
  await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/flows$/);
}

const figure = (page: Page) => page.getByRole('figure');

test.describe('flow visualizer', () => {
  test('lists every machine and draws the session with its 105 s refresh delay', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Схемы процессов', level: 1 })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Машины состояний' });
    for (const entry of machineRegistry) await expect(list.getByRole('link', { name: new RegExp(entry.title.ru) })).toBeVisible();
    await list.getByRole('link', { name: /Сессия/ }).click();
    await expect(page).toHaveURL(/machine=session/);
    await expect(figure(page)).toContainText('after 105 s');
    await expect(figure(page).locator('g[data-state="session.signedIn.token.refreshing"]')).toHaveCount(1);
  });

  test('the knowledge centre in the header leads to the page', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Центр знаний' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Схемы процессов' }).click();
    await expect(page).toHaveURL(/\/flows$/);
    await expect(page).toHaveTitle(/Схемы процессов - Личный кабинет/);
  });

  test('simulating the login machine reaches the second-factor state', async ({ page }) => {
    await signIn(page);
    await page.goto('/flows?machine=login');
    await expect(figure(page)).toBeVisible();
    await page.getByRole('switch', { name: 'Симуляция' }).check();
    await page.getByRole('button', { name: /login\.submit.*demo12345/ }).click();
    await page.getByRole('group', { name: 'Вызов signIn' }).getByRole('button', { name: /Успех.*result: 1.*secondFactorTypes: 0$/ }).click();
    await expect(page.getByRole('status')).toContainText('secondFactor.sendingCode');
    await expect(figure(page).locator('g[data-state="login.secondFactor.sendingCode"]')).toHaveClass(/is-current/);
  });

  test('a fresh build shows the coverage it computed, totals as in dist/flows-coverage.json, never a terminal command', async ({ page }) => {
    await signIn(page);
    const report = JSON.parse(readFileSync('dist/flows-coverage.json', 'utf8')) as PathsReport;
    expect(report.machines.map((machine) => machine.id)).toEqual(machineRegistry.map((entry) => entry.id));
    const list = page.getByRole('navigation', { name: 'Машины состояний' });
    for (const machine of report.machines) {
      const link = list.locator(`[data-machine="${machine.id}"]`);
      await expect(link).toContainText(`Состояния ${machine.states.covered}/${machine.states.total}`);
      await expect(link).toContainText(`Переходы ${machine.transitions.covered}/${machine.transitions.total}`);
    }
    await expect(page.getByText(/npm run/)).toHaveCount(0);
    const login = report.machines.find((machine) => machine.id === 'login');
    if (!login) throw new Error('the build planned no login paths');
    await page.goto('/flows?machine=login');
    await expect(page.getByTestId('flow-coverage')).toContainText(`состояния ${login.states.covered}/${login.states.total}`);
    await expect(page.getByTestId('flow-coverage')).toContainText(`путей ${login.paths}`);
  });

  for (const { lang, prefix, simulation, success } of [
    { lang: 'ru', prefix: '', simulation: 'Симуляция', success: 'Успех' },
    { lang: 'en', prefix: '/en', simulation: 'Simulation', success: 'Success' },
  ]) {
    test(`${lang}: at 1400 px the diagram fits its frame, scrolls by keyboard when zoomed, answers read as key/value`, async ({ page }) => {
      await signIn(page);
      await page.goto(`${prefix}/flows?machine=login`);
      await expect(figure(page).locator('svg')).toBeVisible();
      await page.getByRole('switch', { name: simulation }).check();
      const frame = await figure(page).boundingBox();
      const svg = await figure(page).locator('svg').boundingBox();
      const main = await page.getByRole('main').boundingBox();
      if (!frame || !svg || !main) throw new Error('the diagram is not laid out');
      expect(svg.x + svg.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(frame.x + frame.width).toBeLessThanOrEqual(main.x + main.width);

      const calls = page.getByRole('group', { name: lang === 'ru' ? 'Вызов signIn' : 'Call signIn' });
      await page.getByRole('button', { name: /login\.submit.*demo12345/ }).click();
      const answer = calls.getByRole('button', { name: new RegExp(`${success}.*result: 1.*secondFactorTypes: 0, 2`) });
      await expect(answer).toBeVisible();
      await expect(page.getByRole('region', { name: simulation })).not.toContainText('{"');
      await page.screenshot({ path: `.tmp/screens/issue32-flows/flows-login-simulation-${lang}.png`, fullPage: true });

      if (lang === 'en') {
        const list = page.getByRole('navigation', { name: 'State machines' });
        await expect(list).toContainText('header');
        expect(await list.innerText()).not.toMatch(/[А-Яа-яЁё]/);
        expect(await page.locator('.flow-machine__header, .flow-coverage, .flow-diagram__zoom').allInnerTexts()).not.toContainEqual(
          expect.stringMatching(/[А-Яа-яЁё]/),
        );
      }

      await page.getByRole('button', { name: lang === 'ru' ? 'Увеличить' : 'Zoom in' }).click();
      await page.getByRole('button', { name: lang === 'ru' ? 'Увеличить' : 'Zoom in' }).click();
      await figure(page).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => figure(page).evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    });
  }
});
