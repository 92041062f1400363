import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { checkoutWithSampleClient, newClient, newProject, uploadedBoard } from './browser-paths/customer';
import { registerAccount, signInAs, tokenOf } from './support';
import { ops } from './support/ops';
import { test } from './support/test';

/**
 * In Chromium on the real gateway, from a fresh account (the demo data other browser tests count stays as
 * it was): a board with DFM errors is refused at the cart as it is, with the reason and the way out in place; ordered
 * for an engineer's review, the cart marks it, and the order waits at the check with its reason in the reader's
 * language until the operator releases it.
 */
const SCREENS = '.tmp/screens/issue21';

test('a board with DFM errors: refused as is, ordered for an engineer\'s review, held at the check in English', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const account = await registerAccount(request, { firstName: 'Инна', lastName: 'Проверкина' });
  const token = () => tokenOf(request, account);
  const clientName = `Проверка ${Date.now() % 100000}`;
  const clientId = await newClient(request, token, clientName, false);
  // OtterPill (default parameters): its pour 0.18 mm from the board's edge is an error no class or option cures.
  const projectId = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId));
  await signInAs(page, account);

  await page.goto(`/en/project/${projectId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('alertdialog', { name: /cannot be ordered as is/ });
  // The error no class or option cures comes first: the refusal sends no one to a class that leaves it refused.
  await expect(dialog).toContainText(/The board cannot be ordered as is: .+ mm\. (No class or option cures this|Choose the)/);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: "Order with an engineer's review" })).toBeFocused();
  await page.screenshot({ path: `${SCREENS}/dfm-refusal-review-en.png`, fullPage: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/is in the cart, for an engineer's review/)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/en/cart');
  await expect(page.getByText(/^With an engineer's review/)).toBeVisible();
  await page.getByRole('link', { name: `Check out for “${clientName}”` }).click();
  await checkoutWithSampleClient(page, 'Next');
  await expect(page.getByRole('region', { name: "Engineer's review" })).toBeVisible();
  await page.getByRole('button', { name: 'Place the order' }).click();
  const title = page.getByRole('heading', { name: /Order No\. .+ placed/ });
  await expect(title).toBeVisible();
  await expect(page.getByText(/The order awaits an engineer's review/)).toBeVisible();
  const number = /No\. (\S+) placed/.exec((await title.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('link', { name: 'Open the order' }).click();
  await page.waitForURL(/\/en\/orders\/\d+$/);

  // Waiting at the check for the review the customer chose, said calmly in English; nothing invoiced.
  const hold = page.locator('.order-review');
  await expect(hold).toContainText("Awaiting an engineer's review, usually within 24 hours");
  await expect(page.locator('.order-hold')).toHaveCount(0);
  await expect(page.locator('.order-lines, .order-table').first()).toContainText("With an engineer's review");
  await expect(page.getByText(/[А-Яа-яЁё]*проверки инженером/)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/order-held-for-review-en.png`, fullPage: true });
  expect(() => ops('order', number, 'approve')).toThrow();

  // The operator releases it after the review; the check goes on.
  ops('order', number, 'release');
  await page.reload();
  await expect(hold).toBeHidden();
});
