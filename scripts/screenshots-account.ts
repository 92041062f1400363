/**
 * The account screens for `npm run screenshots`: the five tabs, the client card, the create-client
 * dialog and both client modals in their steps, signed in as the demo owner of «Электронные системы».
 * Accepting the invitation and declining a request change the demo data, so each language is shot on its own
 * fresh database (the caller starts it) and the two languages show the same story.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page, Route } from '@playwright/test';

export type Lang = 'ru' | 'en';
/** `idle: false` for a screen that waits on a held call (the network never goes idle then). */
export interface SaveOptions {
  fullPage?: boolean;
  idle?: boolean;
}
export type Save = (page: Page, name: string, options?: SaveOptions) => Promise<void>;
type Text = (key: string, params?: Record<string, string>) => string;

const ES = 'Электронные системы';
const NII = 'НИИ Радиоприборов';
const PETROV = 'Пётр Андреевич Петров';
/** Right length, wrong check digit (7707083893 is valid): the form must say so as the user leaves the field. */
const BAD_INN = '7707083890';

type Tree = { [key: string]: string | Tree };
const locales: Record<Lang, Tree> = {
  ru: JSON.parse(readFileSync('locales/ru.json', 'utf8')) as Tree,
  en: JSON.parse(readFileSync('locales/en.json', 'utf8')) as Tree,
};

/** The app's own text, so the script follows wording changes instead of repeating them. */
function textOf(lang: Lang, key: string, params: Record<string, string> = {}): string {
  let node: string | Tree | undefined = locales[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** Waits for the calls and the skeletons; a list's lazy placeholders may stay, so this gives up quietly. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('.ui-skeleton') === null, undefined, { timeout: 5000 }).catch(() => undefined);
}

export async function accountScreens(browser: Browser, base: string, lang: Lang, save: Save): Promise<void> {
  const text: Text = (key, params) => textOf(lang, key, params);
  const prefix = lang === 'ru' ? '' : '/en';
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'updates', value: '28-08-2025' }] }] },
  });
  const open = async (path: string) => {
    await page.goto(`${base}${prefix}${path}`);
    await settle(page);
  };
  const dialog = page.getByRole('dialog');

  await page.goto(`${base}/auth`);
  await page.getByLabel('E-mail или телефон').fill('demo@example.ru');
  await page.getByLabel('Пароль', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByRole('heading', { name: 'Панель управления' }).waitFor();

  await open('/account/profile');
  await save(page, `account-profile-${lang}`, { fullPage: true });
  // The ordering-data tabs of «Электронные системы»: the demo's own client, the one with payers, contacts and delivery.
  for (const tab of ['counteragents', 'contacts', 'delivery']) {
    await open(`/account/${tab}`);
    await page.getByLabel(text('clientPicker.label'), { exact: true }).selectOption({ label: ES });
    await settle(page);
    await save(page, `account-${tab}-${lang}`, { fullPage: true });
  }

  await open('/account/clients');
  await page.locator('.clients-row', { hasText: ES }).waitFor();
  await save(page, `account-clients-${lang}`);
  await page.locator('.clients-row', { hasText: ES }).click();
  await page.getByRole('heading', { name: ES, level: 2 }).waitFor();
  await settle(page);
  await save(page, `account-client-card-${lang}`, { fullPage: true });
  await page.getByRole('tab', { name: new RegExp(`^${text('account.clients.card.tabs.users')}`) }).click();
  await settle(page);
  await save(page, `account-client-users-${lang}`, { fullPage: true });
  await page.getByRole('tab', { name: new RegExp(`^${text('account.clients.card.tabs.access')}`) }).click();
  await settle(page);
  await save(page, `account-client-access-${lang}`, { fullPage: true });

  // A new corporate client whose INN fails its checksum: the error shows as the user leaves the field.
  await page.getByRole('button', { name: text('account.clients.actions.create') }).first().click();
  await dialog.getByRole('button', { name: new RegExp(`^${text('account.clients.types.corporate')}`) }).click();
  await dialog.getByLabel(text('account.clients.fields.name'), { exact: true }).fill('Ромашка');
  await dialog.getByLabel(text('account.clients.fields.fullName'), { exact: true }).fill('ООО «Ромашка»');
  await dialog.getByLabel(text('account.clients.fields.inn'), { exact: true }).fill(BAD_INN);
  await page.keyboard.press('Tab');
  await dialog.getByText(text('account.clients.errors.checksum.inn')).waitFor();
  await save(page, `create-client-inn-error-${lang}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await requestModal(page, base + prefix, lang, text, save);
  await open('/account/clients');
  await inviteModal(page, base + prefix, lang, text, save);
  await page.close();
}

/** The toast that goes with a finish step; its list loads lazily with the first toast, so it may come a moment later. */
async function toast(page: Page, text: string): Promise<void> {
  const shown = await page.locator('.ui-toaster').getByText(text).waitFor({ timeout: 3000 }).then(() => true, () => false);
  if (!shown) console.warn(`NOTE: no toast "${text}"`);
}

/**
 * Clicks the way in on the account pages; when no dialog opens there, says so and opens the same modal from its
 * notification in the bell popup of the main layout (`home`), the other way in.
 */
async function openClientModal(page: Page, trigger: Locator, home: string, notification: string, text: Text): Promise<void> {
  await trigger.click();
  const opened = await page.getByRole('dialog').waitFor({ timeout: 3000 }).then(() => true, () => false);
  if (opened) return;
  console.warn(
    `NOTE: "${(await trigger.getAttribute('aria-label')) ?? (await trigger.innerText())}" opened no modal on ${new URL(page.url()).pathname}; opening it from the bell`,
  );
  await openFromBell(page, home, notification, text);
}

/** The newest notification with this text, from the bell popup's 'Все' tab (read or not). */
async function openFromBell(page: Page, home: string, notification: string, text: Text): Promise<void> {
  await page.goto(home);
  await page.getByRole('button', { name: new RegExp(`^${text('notifications.button')}`) }).click();
  await page.getByRole('tab', { name: text('notifications.tabs.all') }).click();
  await page.locator('.notification-item__main', { hasText: notification }).first().click();
  await page.getByRole('dialog').waitFor();
}

/** The access-request modal from the Доступ tab: a pending request of «Электронные системы», then declined. */
async function requestModal(page: Page, home: string, lang: Lang, text: Text, save: Save): Promise<void> {
  const dialog = page.getByRole('dialog');
  const trigger = page.getByRole('button', { name: text('clientAccess.panel.openRequest', { name: PETROV }) });
  await openClientModal(page, trigger, home, text('notifications.types.ClientAccessRequest', { requester: PETROV, client: ES }), text);
  await dialog.getByRole('button', { name: text('clientModals.request.decline'), exact: true }).waitFor();
  await save(page, `access-request-modal-detail-${lang}`);
  await dialog.getByRole('button', { name: text('clientModals.request.decline'), exact: true }).click();
  await dialog.getByRole('status').filter({ hasText: text('clientModals.request.declinedBy', { name: '' }).trim() }).waitFor();
  await toast(page, text('clientModals.request.toastDeclined'));
  await save(page, `access-request-modal-finish-${lang}`);
  await dialog.getByRole('button', { name: text('clientModals.close'), exact: true }).last().click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The invite modal in each step: loading (GetInvitation held back), the pending invitation to demo opened from
 * «Вас пригласили» on the clients tab, the finish after accepting, and the finished one reopened from the bell.
 */
async function inviteModal(page: Page, home: string, lang: Lang, text: Text, save: Save): Promise<void> {
  const dialog = page.getByRole('dialog');
  const notification = text('notifications.types.InvitationToClient', { creator: '', client: NII }).trim();
  const held: Route[] = [];
  await page.route(/\/GetInvitation\?/, (route) => {
    held.push(route);
  });
  const details = page.getByRole('button', { name: text('clientAccess.mine.detailsLabel', { client: NII }) });
  await openClientModal(page, details, home, notification, text);
  await dialog.locator('.client-modal__loading').waitFor();
  await save(page, `invite-modal-loading-${lang}`, { idle: false });
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute(/\/GetInvitation\?/);
  await dialog.getByRole('button', { name: text('clientModals.invitation.accept'), exact: true }).waitFor();
  await save(page, `invite-modal-detail-${lang}`);
  await dialog.getByRole('button', { name: text('clientModals.invitation.accept'), exact: true }).click();
  await dialog.getByRole('status').filter({ hasText: text('clientModals.invitation.accepted') }).waitFor();
  await toast(page, text('clientModals.invitation.toast.accepted', { client: NII }));
  await save(page, `invite-modal-finish-${lang}`);
  await dialog.getByRole('button', { name: text('clientModals.close'), exact: true }).last().click();
  await dialog.waitFor({ state: 'detached' });

  await openFromBell(page, home, notification, text);
  await dialog.getByRole('status').filter({ hasText: text('clientModals.invitation.accepted') }).waitFor();
  await save(page, `invite-modal-reopened-${lang}`);
}
