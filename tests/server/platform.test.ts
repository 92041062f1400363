import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { startFakeSmtp } from './fake-smtp';
import { createClock, createUser, post, startGateway } from './helpers';

const clock = createClock();
const dist = mkdtempSync(join(tmpdir(), 'gw-dist-'));
let gw: Gateway;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

/** A production gateway serving a fake build, with small limits and addresses taken from X-Forwarded-For. */
beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PCB Portal</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
  smtp = await startFakeSmtp();
  gw = await startGateway({
    production: true, staticDir: dist, now: clock.now, trustProxy: 1, smtpUrl: smtp.url,
    rateLimits: { perLogin: 3, perAddress: 6, windowSeconds: 900 },
  });
  // Production holds no demo accounts: a customer of its own.
  await createUser(gw, 'owner@example.ru', '+79990005555', 'owner-password');
});
afterAll(async () => {
  await gw.close();
  await smtp.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, method: 'GET' | 'POST' = 'GET') => gw.app.inject({ method, url });

describe('static app', () => {
  it.each(['/', '/auth', '/en/auth', '/projects/12?tab=files'])('serves index.html for %s', async (url) => {
    const answer = await page(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('<title>PCB Portal</title>');
  });

  it('serves built files as they are, and keeps /api misses as JSON 404', async () => {
    const script = await page('/assets/app.js');
    expect(script.body).toBe('console.log("app")');
    const api = await page('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ error: 'Не найдено' });
    expect((await page('/auth', 'POST')).statusCode).toBe(404);
  });
});

describe('production', () => {
  it('hides the dev outbox', async () => {
    const answer = await page('/api/dev/outbox');
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body)).toHaveProperty('error');
  });
});

describe('rate limits', () => {
  const attempt = (loginName: string, address: string) =>
    post(gw, '/Authentification/Login', { fingerprint: 'f', login: loginName, password: 'wrong-password' },
      { headers: { 'x-forwarded-for': address } });

  it('refuses the fourth attempt on one login from one address with 429 and a human message, never the owner elsewhere', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('owner@example.ru', '10.0.0.1')).status).toBe(401);
    const limited = await attempt('OWNER@example.ru', '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('Слишком много попыток. Повторите через 15 мин.');
    const good = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: 'owner@example.ru', password: 'owner-password' },
      { headers: { 'x-forwarded-for': '10.0.0.3' } });
    expect(good.status).toBe(200);
    clock.advance(901);
    expect((await attempt('owner@example.ru', '10.0.0.1')).status).toBe(401);
  });

  it('limits one address across many logins', async () => {
    for (let i = 0; i < 6; i += 1) expect((await attempt(`user${i}@example.ru`, '10.0.0.9')).status).toBe(401);
    expect((await attempt('user7@example.ru', '10.0.0.9')).status).toBe(429);
    expect((await attempt('user7@example.ru', '10.0.0.10')).status).toBe(401);
  });

  it('limits code requests per process', async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 },
        { headers: { 'x-forwarded-for': `10.0.1.${i}` } })).status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('housekeeping', () => {
  it('drops finished rate-limit windows and long-expired processes', async () => {
    const { sweepExpired } = await import('../../server/housekeeping');
    const { rateLimits } = await import('../../server/auth/schema');
    await post(gw, '/Authentification/Login', { fingerprint: 'f', login: 'sweep@example.ru', password: 'x' });
    const before = await gw.db.select().from(rateLimits);
    expect(before.some((row) => row.key.includes('sweep@example.ru'))).toBe(true);
    clock.advance(901);
    await sweepExpired(gw.db, clock.now(), { rateWindowSeconds: 900, outboxKeepDays: 30 });
    const after = await gw.db.select().from(rateLimits);
    expect(after.some((row) => row.key.includes('sweep@example.ru'))).toBe(false);
  });
});

describe('delivery', () => {
  it('sends e-mails over SMTP, and keeps only the record of them in the outbox', async () => {
    const { outbox } = await import('../../server/delivery/schema');
    const answer = await post(gw, '/Authentification/SendPasswordResettingLink', { email: 'owner@example.ru' },
      { headers: { 'x-forwarded-for': '10.0.2.1' } });
    expect(answer.status).toBe(200);
    await expect.poll(() => smtp.letters.length, { timeout: 5000 }).toBe(1);
    expect(smtp.letters[0]).toContain('owner@example.ru');
    const [row] = (await gw.db.select().from(outbox)).filter((item) => item.recipient === 'owner@example.ru');
    expect(row).toMatchObject({ status: 'sent', sentVia: 'email', code: null, body: '', html: null });
  });
});
