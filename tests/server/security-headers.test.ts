import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { API_POLICY, appPolicy, frameOrigin, HSTS } from '../../server/http/security-headers';
import { login, startGateway } from './helpers';

const dist = mkdtempSync(join(tmpdir(), 'gw-headers-'));
let gw: Gateway;
let token: string;
/** Reached as https://portal.example.ru (a TLS proxy in front that TRUST_PROXY does not name). */
let publicHttps: Gateway;
/** Behind the proxy 10.0.0.1, which says how the browser came; its PUBLIC_URL is the default http one. */
let proxied: Gateway;

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PCB Portal</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
  gw = await startGateway({ staticDir: dist, wizardVideoUrl: 'https://video.example.ru/embed/wizard?autoplay=1' });
  token = await login(gw);
  [publicHttps, proxied] = await Promise.all([
    startGateway({ staticDir: dist, publicUrl: 'https://portal.example.ru' }),
    startGateway({ staticDir: dist, trustProxy: ['10.0.0.1'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([gw.close(), publicHttps.close(), proxied.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const answer = (url: string, options: { method?: 'GET' | 'POST'; body?: string; auth?: boolean } = {}) => gw.app.inject({
  method: options.method ?? 'GET', url,
  headers: { ...(options.auth ? { authorization: `Bearer ${token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
  ...(options.body ? { payload: options.body } : {}),
});

const common = (headers: Record<string, unknown>) => ({
  nosniff: headers['x-content-type-options'], frame: headers['x-frame-options'], referrer: headers['referrer-policy'],
});

describe('security headers', () => {
  it('the app\'s built files carry nosniff and a short policy for a script run as a worker, nothing a page alone uses', async () => {
    const asset = await answer('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(common(asset.headers)).toEqual({ nosniff: 'nosniff', frame: undefined, referrer: 'same-origin' });
    expect(asset.headers['content-security-policy']).toBe("default-src 'self'");
    expect(asset.headers['x-request-id']).toBeUndefined();
  });

  it('pages of the app carry the app policy: scripts from self, no framing, nosniff', async () => {
    for (const url of ['/', '/auth', '/en/orders?status=new']) {
      const page = await answer(url);
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(common(page.headers)).toEqual({ nosniff: 'nosniff', frame: 'DENY', referrer: 'same-origin' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toBe(appPolicy('https://video.example.ru'));
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain('frame-src https://video.example.ru;');
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  it('API answers — success, refusal, error, unknown path — carry nosniff and a policy that allows nothing', async () => {
    const cases = [
      ['/api/account/user/getMySummary', { auth: true }, 200],
      ['/api/account/user/getMySummary', {}, 401],
      ['/api/catalog-viewer/v2/projects/List', { method: 'POST', body: '{"pagination":', auth: true }, 400],
      ['/api/catalog-viewer/v2/projects/List', { method: 'POST', body: '['.repeat(100), auth: true }, 400],
      ['/api/no/such/call', {}, 404],
      ['/auth', { method: 'POST' }, 404],
    ] as const;
    for (const [url, options, status] of cases) {
      const reply = await answer(url, options);
      expect([url, reply.statusCode]).toEqual([url, status]);
      expect(common(reply.headers)).toEqual({ nosniff: 'nosniff', frame: 'DENY', referrer: 'same-origin' });
      const expected = url.startsWith('/api') ? API_POLICY : appPolicy('https://video.example.ru');
      expect([url, reply.headers['content-security-policy']]).toEqual([url, expected]);
    }
  });

  it('frames nothing unless the training video is configured, and only its origin then', () => {
    expect(frameOrigin(undefined)).toBeNull();
    expect(frameOrigin('javascript:alert(1)')).toBeNull();
    expect(frameOrigin('not a url')).toBeNull();
    expect(appPolicy(null)).toContain("frame-src 'none'");
    expect(frameOrigin('https://rutube.ru/play/embed/123')).toBe('https://rutube.ru');
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (gateway: Gateway, url: string, from = '127.0.0.1', headers: Record<string, string> = {}) => {
    const reply = await gateway.app.inject({ method: 'GET', url, remoteAddress: from, headers });
    return reply.headers['strict-transport-security'];
  };
  const urls = ['/', '/assets/app.js', '/api/account/user/getMySummary', '/api/no/such/call', '/robots.txt', '/api/health'];

  it('is on every answer of a portal whose PUBLIC_URL is https: pages, assets, API, refusals and 404s', async () => {
    for (const url of urls) expect([url, await hsts(publicHttps, url)]).toEqual([url, HSTS]);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('is on the answers a trusted proxy says went over https, and only those', async () => {
    for (const url of urls) {
      expect([url, await hsts(proxied, url, '10.0.0.1', { 'x-forwarded-proto': 'https' })]).toEqual([url, HSTS]);
      expect([url, await hsts(proxied, url, '10.0.0.1', { 'x-forwarded-proto': 'http' })]).toEqual([url, undefined]);
      expect([url, await hsts(proxied, url, '10.0.0.1')]).toEqual([url, undefined]);
    }
  });

  it('is never sent over plain http: the demo on 127.0.0.1, a peer TRUST_PROXY does not name, a proxy saying http', async () => {
    for (const url of urls) {
      expect([url, await hsts(gw, url)]).toEqual([url, undefined]);
      expect([url, await hsts(gw, url, '127.0.0.1', { 'x-forwarded-proto': 'https' })]).toEqual([url, undefined]);
      expect([url, await hsts(proxied, url, '10.0.0.2', { 'x-forwarded-proto': 'https' })]).toEqual([url, undefined]);
      expect([url, await hsts(publicHttps, url, '127.0.0.1', { 'x-forwarded-proto': 'http' })]).toEqual([url, undefined]);
    }
  });
});
