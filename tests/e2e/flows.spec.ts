import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { machineRegistry } from '../../src/machines/index';
import type { PathsReport } from '../../src/services/flows/coverage';
import { demoUser } from './support';

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
    await page.getByRole('group', { name: 'Вызов signIn' }).getByRole('button', { name: /Успех.*"result":1.*\[0\]\}/ }).click();
    await expect(page.getByRole('status')).toContainText('secondFactor.sendingCode');
    await expect(figure(page).locator('g[data-state="login.secondFactor.sendingCode"]')).toHaveClass(/is-current/);
  });

  test('coverage totals equal coverage/paths.json, or the page says how to compute them', async ({ page }) => {
    await signIn(page);
    const file = 'coverage/paths.json';
    if (!existsSync(file)) {
      await expect(page.getByText('Покрытие ещё не посчитано: выполните npm run test:paths')).toBeVisible();
      return;
    }
    const report = JSON.parse(readFileSync(file, 'utf8')) as PathsReport;
    const list = page.getByRole('navigation', { name: 'Машины состояний' });
    for (const machine of report.machines) {
      const link = list.locator(`[data-machine="${machine.id}"]`);
      await expect(link).toContainText(`Состояния ${machine.states.covered}/${machine.states.total}`);
      await expect(link).toContainText(`Переходы ${machine.transitions.covered}/${machine.transitions.total}`);
    }
    const login = report.machines.find((machine) => machine.id === 'login');
    if (!login) return;
    await page.goto('/flows?machine=login');
    await expect(page.getByTestId('flow-coverage')).toContainText(
      `состояния ${login.states.covered}/${login.states.total}`);
    await expect(page.getByTestId('flow-coverage')).toContainText(`путей ${login.paths}`);
  });
});
