import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

/** Browser tests run the built app on the real gateway with a fresh embedded database and short-lived tokens. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);
export const e2eAccessTokenTtlSeconds = 6;
/** The mail catcher the gateway sends its letters to (tests/e2e/support/mail-catcher.ts): SMTP, and HTTP listing them. */
export const e2eSmtpPort = e2ePort + 2;
export const e2eMailPort = e2ePort + 3;
const baseURL = `http://127.0.0.1:${e2ePort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: 'test-results',
  use: {
    baseURL,
    // The what's-new modal (spec 2.4) covers the frame on a first visit: every test starts as a user who has seen
    // this release, except the shell test of the modal itself, which starts from an empty storage.
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'updates', value: '28-08-2025' }] }] },
    viewport: { width: 1400, height: 900 },
    locale: 'ru-RU',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: [{
    // Started first: the gateway sends every e-mail here from its first letter on.
    command: 'npx tsx tests/e2e/support/mail-catcher.ts',
    url: `http://127.0.0.1:${e2eMailPort}/letters`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { MAIL_CATCHER_SMTP_PORT: String(e2eSmtpPort), MAIL_CATCHER_HTTP_PORT: String(e2eMailPort) },
  }, {
    command: 'rm -rf .tmp/e2e-data && npx tsx server/main.ts',
    url: `http://127.0.0.1:${e2ePort}/api/dev/outbox`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(e2ePort),
      DATA_DIR: '.tmp/e2e-data',
      ACCESS_TOKEN_TTL_SECONDS: String(e2eAccessTokenTtlSeconds),
      RATE_LIMIT_PER_ADDRESS: '100000',
      RATE_LIMIT_PER_LOGIN: '1000',
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
    },
  }],
});
