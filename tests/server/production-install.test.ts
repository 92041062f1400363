// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/crypto';
import { openDatabase } from '../../server/db/connect';
import { clients, clientUsers, users } from '../../server/db/schema';
import { CLIENT_ROLES } from '../../src/contract/clients';
import { zipBoard } from './board-fixtures';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * What an operator installs — the build, then `npm ci --omit=dev` in a folder of its own (no tsx, no
 * Vite, no esbuild; nothing above it to borrow packages from) of only the packages dist-server loads, as the Docker
 * image does — starts on PostgreSQL in production mode, serves the app and the API, and its runner
 * processes process a board with compiled code.
 */
const folder = mkdtempSync(join(tmpdir(), 'pcb-portal-prod-'));
const figures: string[] = [];
/** `npm test` builds the app from these sources just before (scripts/test-all.ts): the same `vite build`, copied. */
const builtApp = process.env.PORTAL_BUILT_APP;
let pg: PgCluster;
let gateway: GatewayProcess;
let token: string;
let clientId: number;

function timed(what: string, run: () => void): void {
  const started = performance.now();
  run();
  figures.push(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const tool = (args: string[], cwd = process.cwd()) => execFileSync(args[0] ?? '', args.slice(1), {
  cwd, stdio: 'pipe', timeout: 120_000, env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' },
});

async function customer(url: string): Promise<void> {
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  try {
    const [user] = await database.db.insert(users).values({
      email: 'buyer@factory.example.ru', phone: '+79985550101', passwordHash: await hashPassword('password-123'),
      firstName: 'Анна', lastName: 'Смирнова', isFilled: true,
    }).returning({ id: users.id });
    const [client] = await database.db.insert(clients).values({
      name: 'Завод', fullName: 'ООО «Завод»', clientType: 'corporate', isLegal: true,
    }).returning({ id: clients.id });
    if (!user || !client) throw new Error('the customer was not created');
    await database.db.insert(clientUsers).values({ clientId: client.id, userId: user.id, role: CLIENT_ROLES.owner });
    clientId = client.id;
  } finally {
    await database.close();
  }
}

const api = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}/api${path}`, {
  ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
});

beforeAll(async () => {
  pg = await startPgCluster();
  if (builtApp) timed(`copy of npm test's vite build (${builtApp})`, () => cpSync(builtApp, join(folder, 'dist'), { recursive: true }));
  else timed('vite build', () => tool(['npx', 'vite', 'build', '--logLevel', 'warn', '--outDir', join(folder, 'dist'), '--emptyOutDir']));
  timed('compress', () => tool([process.execPath, '--import', 'tsx', 'scripts/compress-assets.ts', join(folder, 'dist')]));
  timed('gateway build', () => tool([process.execPath, '--import', 'tsx', 'scripts/build-server.ts', join(folder, 'dist-server')]));
  // The Dockerfile's runtime stage: only the packages dist-server loads, with the lock file pruned to them.
  timed('runtime packages', () => tool([process.execPath, '--import', 'tsx', 'scripts/runtime-packages.ts', join(folder, 'dist-server'), folder]));
  timed('npm ci --omit=dev', () => tool(['npm', 'ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], folder));
  const start = () => startGatewayProcess({
    NODE_ENV: 'production', NODE_OPTIONS: '', DATABASE_URL: pg.url, SEED_DEMO: '0',
    JWT_SECRET: 'a-production-secret-of-the-install-test', OPERATOR_KEY: 'an-operator-key-of-the-install-test',
    DATA_DIR: join(folder, 'data'), STATIC_DIR: join(folder, 'dist'), LOG_LEVEL: 'warn',
    // Production starts only with a mail server and an SMS provider named; this test sends nothing, so none listens.
    SMTP_URL: 'smtp://127.0.0.1:9', SMS_PROVIDER: 'smsaero', SMS_LOGIN: 'install@example.ru', SMS_API_KEY: 'install-test', SMS_API_URL: 'http://127.0.0.1:9/v2/',
  }, { built: { cwd: folder } });
  // The first start also migrates an empty database; the figure that matters for a restart or a new replica is the next.
  const first = await start();
  figures.push(`first start (migrations included): ${Math.round(first.startMs)} ms`);
  await first.kill();
  gateway = await start();
  figures.push(`start-up of the production gateway: ${Math.round(gateway.startMs)} ms`);
  await customer(pg.url);
  console.log(`production install:\n  ${figures.join('\n  ')}`);
}, 170_000);

afterAll(async () => {
  await gateway?.kill();
  pg?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev after the build)', () => {
  it('holds no development tools and none of the app\'s browser packages', () => {
    const installed = readdirSync(join(folder, 'node_modules'));
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript']) expect(installed).not.toContain(tool);
    for (const browserOnly of ['pdfjs-dist', '@napi-rs', 'react', 'react-dom', 'dexie', '@radix-ui']) expect(installed).not.toContain(browserOnly);
    expect(existsSync(join(folder, 'node_modules', 'fastify'))).toBe(true);
  });

  it('starts on a migrated PostgreSQL in production mode in under 3 s', () => {
    expect(gateway.startMs).toBeLessThan(3000);
  });

  it('is healthy and ready, holds no demo account and serves no development route', async () => {
    expect((await api('/health')).status).toBe(200);
    const ready = await api('/ready');
    expect([ready.status, await ready.json()]).toMatchObject([200, { ready: true }]);
    const demo = (lang: string) => api('/Authentification/Login', {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify({ fingerprint: 'install-test', login: 'demo@example.ru', password: 'demo12345' }),
    });
    // The compiled gateway carries its texts (the locale files' gateway section) in both languages.
    const [ru, en] = [await demo('ru'), await demo('en')];
    expect([ru.status, await ru.json()]).toMatchObject([401, { error: 'Неверный логин или пароль' }]);
    expect([en.status, await en.json()]).toMatchObject([401, { error: 'Wrong login or password' }]);
    expect((await api('/dev/outbox')).status).toBe(404);
  });

  it('serves the app compressed, its hashed assets cached for a year, and robots.txt', async () => {
    const page = await fetch(`${gateway.url}/auth`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${gateway.url}${script}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect([asset.status, asset.headers.get('content-encoding')]).toEqual([200, 'br']);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${gateway.url}/robots.txt`)).status).toBe(200);
  });

  it('answers the API: a customer signs in and reads the dictionaries, which revalidate with their ETag', async () => {
    expect((await api('/account/Dicts/Countries')).status).toBe(401);
    const signIn = await api('/Authentification/Login', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fingerprint: 'install-test', login: 'buyer@factory.example.ru', password: 'password-123' }),
    });
    expect(signIn.status).toBe(200);
    token = ((await signIn.json()) as { accessToken: string }).accessToken;
    const countries = await api('/account/Dicts/Countries');
    expect(countries.status).toBe(200);
    expect(((await countries.json()) as unknown[]).length).toBeGreaterThan(0);
    const again = await api('/account/Dicts/Countries', { headers: { 'if-none-match': countries.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('processes an uploaded board in its runner processes, with compiled code, its DFM measured on polygons too', async () => {
    const query = new URLSearchParams({ clientId: String(clientId), fileName: 'arduino-uno.zip' });
    const upload = await api(`/board-files/Upload?${query}`, {
      method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zipBoard('arduino-uno')),
    });
    expect(upload.status).toBe(200);
    const { uploadId } = (await upload.json()) as { uploadId: string };
    type State = { status: string; step: string; analysis?: { dfmStatus?: string; dfm?: { places: { rule: string }[] } } };
    let state: State = { status: 'processing', step: '' };
    // Until the DFM stage is over too: it loads the polygon library (WebAssembly) in the runner.
    for (const until = Date.now() + 40_000; (state.status === 'processing' || state.analysis?.dfmStatus === 'running') && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await (await api(`/board-files/Get?uploadId=${uploadId}`)).json()) as State;
    }
    expect(state.status, gateway.output()).toBe('done');
    expect(state.analysis?.dfmStatus, gateway.output()).toBe('done');
    expect(state.analysis?.dfm?.places.some((place) => place.rule === 'boardSize')).toBe(true);
  }, 60_000);
});
