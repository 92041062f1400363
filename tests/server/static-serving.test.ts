import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { login, startGateway } from './helpers';

/** A built app in a temporary folder, compressed by the build's own script. */
const dist = mkdtempSync(join(tmpdir(), 'gw-static-'));
const HASHED = '/assets/index-A_rct9TC.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
let gw: Gateway;
let token: string;

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>PCB Portal</title><div id="root"></div>${' '.repeat(1200)}`);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, HASHED), script);
  writeFileSync(join(dist, 'assets', 'tiny-B2c3d4e5.css'), 'a{color:red}');
  writeFileSync(join(dist, 'robots.txt'), readFileSync('public/robots.txt'));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-assets.ts', dist], { stdio: 'pipe' });
  gw = await startGateway({ staticDir: dist });
  token = await login(gw);
}, 60_000);
afterAll(async () => {
  await gw.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });

describe('the built app is served like a real site', () => {
  it('the build writes a Brotli and a gzip copy beside files of 1 KB or more, and none beside smaller ones', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, `${HASHED}.br`))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dist, `${HASHED}.gz`))).toString()).toBe(script);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-B2c3d4e5.css.br'))).toThrow();
  });

  it('a browser taking Brotli gets the Brotli copy, one taking gzip the gzip one, any other the file itself', async () => {
    const brotli = await get(HASHED, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await get(HASHED, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get(HASHED, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [brotli, gzip, plain]) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('hashed assets are cached for a year as immutable; HTML, on its own path or as a page, is revalidated', async () => {
    for (const url of [HASHED, '/assets/tiny-B2c3d4e5.css']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/auth', '/en/orders?status=new']) {
      const page = await get(url, { 'accept-encoding': 'br, gzip' });
      expect([url, page.statusCode, page.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it('robots.txt lets search engines list the sign-in page only', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
    expect(robots.body).toMatch(/^Allow: \/auth\$$/m);
  });

  it('a missing file is a 404, never the app\'s HTML: an old chunk, a favicon, a source map', async () => {
    for (const url of ['/assets/missing-Zz9Yy8Xx.js', '/favicon.ico', '/assets/index-A_rct9TC.js.map', '/sitemap.xml']) {
      const miss = await get(url);
      expect([url, miss.statusCode]).toEqual([url, 404]);
      expect(miss.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('reference data answers 304 to a caller that has it', () => {
  const reference = (path: string, etag?: string) => gw.app.inject({
    method: 'GET', url: `/api${path}`,
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });

  it('dictionaries, regions, banks and legal forms carry an ETag; asked again with it, a 304 without a body', async () => {
    for (const path of ['/account/Dicts/Countries', '/account/Dicts/Regions?countryId=1', '/account/Banks/ByBik?bik=044525225',
      '/account/Counteragents/LegalForms']) {
      const first = await reference(path);
      expect([path, first.statusCode]).toEqual([path, 200]);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await reference(path, `"other", ${etag}`);
      expect([path, again.statusCode, again.body]).toEqual([path, 304, '']);
      expect(again.headers.etag).toBe(etag);
      const changed = await reference(path, 'W/"something-else"');
      expect([path, changed.statusCode, changed.body]).toEqual([path, 200, first.body]);
    }
  });

  it('different answers have different tags; the tag does not replace signing in', async () => {
    const russia = await reference('/account/Dicts/Regions?countryId=1');
    const other = await reference('/account/Dicts/Regions?countryId=2');
    expect(russia.body).not.toBe(other.body);
    expect(russia.headers.etag).not.toBe(other.headers.etag);
    const anonymous = await gw.app.inject({
      method: 'GET', url: '/api/account/Dicts/Countries', headers: { 'if-none-match': String(russia.headers.etag) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a user\'s own data keeps no-store and no tag', async () => {
    const summary = await gw.app.inject({ method: 'GET', url: '/api/account/user/getMySummary', headers: { authorization: `Bearer ${token}` } });
    expect(summary.statusCode).toBe(200);
    expect(summary.headers.etag).toBeUndefined();
    expect(summary.headers['cache-control']).toBe('no-store');
  });
});
