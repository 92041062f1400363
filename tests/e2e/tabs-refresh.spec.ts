import { expect, type Page } from '@playwright/test';
import { e2eAccessTokenTtlSeconds } from './support/servers';
import { demoUser, signInAs, storedToken } from './support';
import { test } from './support/test';

// The tabs of one browser share one session. When its token has expired they do not each refresh it:
// one tab refreshes, the others take its token from storage, and the gateway rotates once.

const refreshPath = '/api/Authentification/Refresh';

const payloadOf = (token: string | null) =>
  JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string; Secret: string };

const openOrders = async (page: Page) => {
  await page.locator('a[href="/orders"]').first().click();
  await expect(page.locator('[data-order-id]').first()).toBeVisible();
};

test('three tabs acting at once on an expired token stay signed in, and the gateway sees one refresh', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, demoUser);
  const context = page.context();
  const tabs = [page, await context.newPage(), await context.newPage()];
  for (const tab of tabs.slice(1)) {
    await tab.goto('/');
    await expect(tab.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  }
  const before = await storedToken(page);

  // The tabs that met a 401 on an ordinary call; the refresh's answer is held back until all three have, so every
  // tab needs a new token while one refresh is in flight.
  const refused = new Set<Page>();
  let allRefused: () => void = () => undefined;
  const everyTabRefused = new Promise<void>((resolve) => { allRefused = resolve; });
  context.on('response', (response) => {
    if (response.status() !== 401 || new URL(response.url()).pathname === refreshPath) return;
    refused.add(response.frame().page());
    if (refused.size === tabs.length) allRefused();
  });
  const refreshes: number[] = [];
  await context.route(`**${refreshPath}`, async (route) => {
    const response = await route.fetch();
    refreshes.push(response.status());
    await Promise.race([everyTabRefused, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await route.fulfill({ response });
  });

  // Past the gateway's lifetime but inside the app's 105 s: each tab's next call gets 401 and needs a new token.
  await page.waitForTimeout((e2eAccessTokenTtlSeconds + 1) * 1000);
  await Promise.all(tabs.map(openOrders));

  expect(refused.size).toBe(tabs.length);
  expect(refreshes).toEqual([200]);
  const after = await storedToken(page);
  expect(payloadOf(after).sid).toBe(payloadOf(before).sid);
  expect(payloadOf(after).Secret).not.toBe(payloadOf(before).Secret);
  for (const tab of tabs) {
    expect(tab.url()).not.toContain('/auth');
    // Still signed in: the next page loads (the 6 s token may well need its next refresh by now).
    await tab.locator('a[href="/"]').first().click();
    await expect(tab.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
    expect(tab.url()).not.toContain('/auth');
  }
});
