import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { demo2faUser, demoUser, latestCode, signInAs } from './support';
import { test } from './support/test';

const SCREENS = '.tmp/screens/issue18';

/**
 * The group and users popup on the real gateway. Иван Смирнов (demo) and Ольга Кузнецова (demo2fa) are both
 * members of «Электронные системы» in the demo data; Пётр Петров only asked for access and is no colleague.
 */
test.describe('the group and users popup', () => {
  test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

  test('a user finds a real colleague by name and adds them to a new group; someone outside their clients is not found', async ({ page }) => {
    await signInAs(page, demoUser);
    await page.getByRole('button', { name: 'Группы пользователей' }).click();
    const dialog = page.getByRole('dialog', { name: 'Группы и пользователи' });
    // A fresh database: the demo user has no groups yet, and nobody invented is listed.
    await expect(dialog.getByText('Пока нет ни групп, ни контактов')).toBeVisible();

    await dialog.getByRole('button', { name: 'Группа', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Название группы' }).fill('Снабжение');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    const card = dialog.getByRole('region', { name: 'Снабжение' });
    await expect(card.getByText('Иван Петрович Смирнов (вы)')).toBeVisible();

    await card.getByRole('button', { name: 'Действия с группой' }).click();
    await page.getByRole('menuitem', { name: 'Добавить пользователя' }).click();
    const form = dialog.getByRole('form', { name: 'Добавить участника' });
    const search = form.getByPlaceholder('Имя, телефон, email или ID');
    await search.fill('Петров');
    await expect(form.getByText('Никого не нашли среди коллег')).toBeVisible();
    await search.fill('Кузнецова');
    await form.getByRole('button', { name: /Ольга Сергеевна Кузнецова/ }).click();
    await page.screenshot({ path: `${SCREENS}/groups-add-participant.png` });
    await form.getByRole('button', { name: 'Добавить' }).click();

    await expect(card.getByRole('button', { name: 'Роль участника Ольга Сергеевна Кузнецова: Участник' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Пользователи и группы' }).getByText('Участников: 2')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/groups-popup.png` });

    await card.getByRole('button', { name: 'Ольга Сергеевна Кузнецова', exact: true }).click();
    const profile = dialog.getByRole('region', { name: 'Ольга Сергеевна Кузнецова' });
    await expect(profile.getByText(demo2faUser.email)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/groups-participant-card.png` });
  });

  test('the colleague sees the group they were added to, and cannot rename it', async ({ page, request }) => {
    // Ольга signs in with a second factor: the SMS code comes from the dev outbox.
    const startedAt = Date.now();
    await page.goto('/auth');
    await page.getByLabel('E-mail или телефон').fill(demo2faUser.email);
    await page.getByLabel('Пароль', { exact: true }).fill(demo2faUser.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    const methodButton = page.getByRole('button', { name: 'Получить код' });
    await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
    if (await methodButton.isVisible()) await methodButton.click();
    await page.getByLabel('Код из SMS').fill(await latestCode(request, demo2faUser.phone, startedAt));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
    await page.getByRole('button', { name: 'Группы пользователей' }).click();
    const dialog = page.getByRole('dialog', { name: 'Группы и пользователи' });
    await dialog.getByRole('button', { name: /Снабжение/ }).click();
    const card = dialog.getByRole('region', { name: 'Снабжение' });
    await expect(card.getByText('Вы — участник группы')).toBeVisible();
    await expect(card.getByRole('textbox')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/groups-participant-view.png` });
  });
});
