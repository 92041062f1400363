import { expect, type Page, type Request } from '@playwright/test';
import { e2eAccessTokenTtlSeconds } from './support/servers';
import { demoUser, signInAs, storedToken } from './support';
import { test } from './support/test';

const refreshPath = '/api/Authentification/Refresh';

const signIn = (page: Page) => signInAs(page, demoUser);

function countRequests(page: Page, path: string): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) counter.count += 1;
  });
  return counter;
}

function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

test('a signed-in page keeps working across several token expiries, one refresh each', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const refreshes = countRequests(page, refreshPath);
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
  });

  for (let expiry = 1; expiry <= 3; expiry += 1) {
    const tokenBefore = await storedToken(page);
    // Past the gateway's lifetime but inside the app's 105 s: the first call gets 401, refreshes once, retries.
    await page.waitForTimeout((e2eAccessTokenTtlSeconds + 1) * 1000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
    await expect.poll(() => refreshes.count).toBe(expiry);
    expect(await storedToken(page)).not.toBe(tokenBefore);
  }
  expect(page.url()).not.toContain('/auth');
  expect(unauthorized.every((path) => path !== refreshPath)).toBe(true);
});

test('a token older than 105 s is refreshed before the first request, with no 401 on the way', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('pcb.tokenStoredAt', String(Date.now() - 106_000)));
  // Only the reloaded document's calls count: a call the page before the reload started may still answer after it,
  // which is no request of the reloaded page (it made a CI run fail once).
  let reloaded = false;
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) reloaded = true; });
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (reloaded && new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  await expect.poll(() => calls.length).toBeGreaterThan(1);
  const [first] = calls;
  expect(first && new URL(first.url()).pathname).toBe(refreshPath);
  expect((await first?.response())?.status()).toBe(200);
  const statuses = await Promise.all(calls.map(async (call) => (await call.response())?.status()));
  expect(statuses.filter((status) => status === 401)).toEqual([]);
});

test('a page reloaded after the gateway rotated its token but before the answer arrived keeps the session', async ({ page }) => {
  await signIn(page);
  const refreshStatuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === refreshPath) refreshStatuses.push(response.status());
  });
  for (let round = 0; round < 3; round += 1) {
    // An old token makes the next page load refresh first.
    await page.evaluate(() => localStorage.setItem('pcb.tokenStoredAt', String(Date.now() - 106_000)));
    let rotated: () => void = () => undefined;
    const gatewayAnswered = new Promise<void>((resolve) => { rotated = resolve; });
    await page.route(`**${refreshPath}`, async (route) => {
      // The gateway rotates the Secret; its answer is held back and the page leaves before it arrives.
      await route.fetch();
      rotated();
    }, { times: 1 });
    await page.reload({ waitUntil: 'commit' });
    await gatewayAnswered;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  }
  expect(page.url()).not.toContain('/auth');
  expect(refreshStatuses.length).toBeGreaterThanOrEqual(3);
  expect(refreshStatuses.every((status) => status === 200)).toBe(true);
});

test('terminating a session from another session signs the first one out on its next request, without a loop', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();
  await signIn(firstPage);
  await signIn(secondPage);

  const firstToken = (await storedToken(firstPage)) as string;
  const secondToken = (await storedToken(secondPage)) as string;
  const terminated = await secondPage.request.get(
    `/api/account/Authorization/TerminateSession?sessionId=${sessionIdOf(firstToken)}`,
    { headers: { Authorization: `Bearer ${secondToken}` } },
  );
  expect(terminated.status()).toBe(200);

  const refreshes = countRequests(firstPage, refreshPath);
  await firstPage.reload();
  await expect(firstPage).toHaveURL(/\/auth/);
  await expect(firstPage.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();
  await firstPage.waitForTimeout(1000);
  expect(refreshes.count).toBeLessThanOrEqual(1);
  expect(await storedToken(firstPage)).toBeNull();

  // The other session is untouched.
  await secondPage.reload();
  await expect(secondPage.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  await first.close();
  await second.close();
});
