import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { corpusBoard } from '../../../scripts/gerber-corpus';
import { demoUser, signInAs } from '../support';

/** The words of the sign-in form and the wizard's first-visit help, per language. */
const WORDS = {
  ru: { auth: '/auth', wizard: '/wizard-board', login: 'E-mail или телефон', password: 'Пароль', signIn: 'Войти', ok: 'Понятно' },
  en: { auth: '/en/auth', wizard: '/en/wizard-board', login: 'E-mail or phone', password: 'Password', signIn: 'Sign in', ok: 'Got it' },
} as const;

/** A corpus board's upload written under .tmp, for a file input; `prefix` keeps two specs' files apart. */
export function corpusZip(board: string, prefix: string): string {
  const { uploadName, upload } = corpusBoard(board);
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  const path = `.tmp/e2e-boards/${prefix}-${uploadName}`;
  writeFileSync(path, upload);
  return path;
}

/** Signs the demo customer in through the form of the language's page. */
export async function signInDemo(page: Page, locale: 'ru' | 'en'): Promise<void> {
  const words = WORDS[locale];
  await page.goto(words.auth);
  await page.getByLabel(words.login).fill(demoUser.email);
  await page.getByLabel(words.password, { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: words.signIn, exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** The wizard for a new board, with the first visit's onboarding popup closed. */
export async function openWizard(page: Page, locale: 'ru' | 'en'): Promise<void> {
  await page.goto(WORDS[locale].wizard);
  // The help greets the first visit of each browser context, every test's; the step's heading shows before it does.
  const understood = page.getByRole('button', { name: WORDS[locale].ok });
  await expect(understood).toBeVisible();
  await understood.click();
  await expect(understood).toBeHidden();
}

/** The demo customer signed in, the wizard's first-visit help closed, these files uploaded: the layers step shows. */
export async function uploadToLayers(page: Page, files: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
  await signInAs(page, demoUser);
  await openWizard(page, 'ru');
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(files);
  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
}
