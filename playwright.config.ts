import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

/**
 * Browser tests run the built app on the real gateway with short-lived tokens. Each worker has a gateway, database
 * and mail catcher of its own (tests/e2e/support/test.ts), so spec files run side by side; a file's tests run in order.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  outputDir: 'test-results',
  use: {
    viewport: { width: 1400, height: 900 },
    locale: 'ru-RU',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
