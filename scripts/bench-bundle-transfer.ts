import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { UPDATES_DISABLED } from '../src/machines/updates-popup/updates-popup';
import { TOKEN_KEY, TOKEN_STORED_AT_KEY } from '../src/services/token-storage';
import { UPDATES_STORAGE_KEY } from '../src/services/updates';

/** What Chromium sends to a secure origin (a deployed portal is behind TLS); plain-HTTP 127.0.0.1 may get less. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Kind = 'HTML' | 'JS' | 'CSS' | 'Font' | 'API' | 'Other';
const KINDS: readonly Kind[] = ['HTML', 'JS', 'CSS', 'Font', 'API', 'Other'];

export interface Transfer {
  path: string;
  kind: Kind;
  /** Bytes on the wire (headers and body) as Chromium counted them: `encodedDataLength` of the response. */
  transferred: number;
  /** The body's bytes before any content coding (the file or answer itself). */
  raw: number;
  encoding: string;
  /** The same answer if the body went out as gzip -9 / brotli -11 (static files only; otherwise as served). */
  asGzip: number;
  asBrotli: number;
  isReact: boolean;
}

function kindOf(type: string, path: string): Kind {
  if (path.startsWith('/api/')) return 'API';
  if (type === 'Document') return 'HTML';
  if (type === 'Script') return 'JS';
  if (type === 'Stylesheet') return 'CSS';
  if (type === 'Font') return 'Font';
  return 'Other';
}

/** The file of `dist` that answered `path` (client routes answer index.html), or null for API answers. */
function servedFile(distDir: string, path: string, kind: Kind): string | null {
  if (kind === 'API') return null;
  const file = kind === 'HTML' ? join(distDir, 'index.html') : join(distDir, decodeURIComponent(path));
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

interface Pending {
  path: string;
  kind: Kind;
  encoding: string;
  headerBytes: number;
  contentLength: number | null;
}

/** Records every response of a page through the DevTools protocol until `stop()`. */
export async function recordTransfers(page: Page, distDir: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': CHROMIUM_ACCEPT_ENCODING } });
  const pending = new Map<string, Pending>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const url = new URL(response.url);
    if (!url.protocol.startsWith('http')) return;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    const length = headers['content-length'];
    const headerBytes = Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 17);
    pending.set(requestId, {
      path: url.pathname,
      kind: kindOf(type, url.pathname),
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes,
      contentLength: length === undefined ? null : Number(length),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const seen = pending.get(requestId);
    if (!seen) return;
    pending.delete(requestId);
    const file = servedFile(distDir, seen.path, seen.kind);
    const body = file ? readFileSync(file) : null;
    const raw = body?.length ?? Math.max(0, encodedDataLength - seen.headerBytes);
    // The headers stay what they were; only the body is swapped for its compressed form.
    const headers = Math.max(0, encodedDataLength - (seen.contentLength ?? raw));
    const asGzip = body ? headers + gzipSync(body, { level: 9 }).length : encodedDataLength;
    const asBrotli = body
      ? headers + brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      : encodedDataLength;
    done.push({
      path: seen.path, kind: seen.kind, transferred: encodedDataLength, raw, encoding: seen.encoding, asGzip, asBrotli,
      isReact: /\/assets\/react-[\w-]+\.js$/.test(seen.path),
    });
  });
  return {
    /** The responses finished so far; the recording goes on. */
    take(): Transfer[] {
      return done.splice(0, done.length);
    },
    async stop(): Promise<void> {
      await cdp.detach();
    },
  };
}

/** Waits until no request has been in flight for `quietMs` (Playwright's networkidle is 500 ms, too short for lazy chains on a busy machine). */
export async function settle(page: Page, quietMs = 1000): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(quietMs);
  await page.waitForLoadState('networkidle');
}

/** The bytes of one visit by kind, and React's share of the JavaScript. */
export function summarise(transfers: readonly Transfer[]) {
  const sum = (rows: readonly Transfer[], field: 'transferred' | 'raw' | 'asGzip' | 'asBrotli') =>
    rows.reduce((total, row) => total + row[field], 0);
  const byKind = KINDS.map((kind) => {
    const rows = transfers.filter((row) => row.kind === kind);
    return {
      kind,
      count: rows.length,
      transferred: sum(rows, 'transferred'),
      raw: sum(rows, 'raw'),
      asGzip: sum(rows, 'asGzip'),
      asBrotli: sum(rows, 'asBrotli'),
    };
  }).filter((row) => row.count > 0);
  const react = transfers.filter((row) => row.isReact);
  const scripts = transfers.filter((row) => row.kind === 'JS');
  return {
    byKind,
    total: { transferred: sum(transfers, 'transferred'), raw: sum(transfers, 'raw'), asGzip: sum(transfers, 'asGzip'), asBrotli: sum(transfers, 'asBrotli') },
    react: { transferred: sum(react, 'transferred'), asBrotli: sum(react, 'asBrotli') },
    scripts: { transferred: sum(scripts, 'transferred'), asBrotli: sum(scripts, 'asBrotli') },
    encodings: [...new Set(transfers.filter((row) => row.kind !== 'API').map((row) => row.encoding))],
  };
}

/** Signs in through the gateway's own call, as the form does. */
export async function signInToken(origin: string, login: string, password: string): Promise<string> {
  const answer = await fetch(`${origin}/api/Authentification/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fingerprint: 'bench-bundle', login, password }),
  });
  const body = (await answer.json()) as { accessToken?: string };
  if (!answer.ok || !body.accessToken) throw new Error(`sign-in as ${login} failed: ${answer.status}`);
  return body.accessToken;
}

/**
 * Puts a signed-in visitor's storage into the browser profile (the app keeps its session in localStorage), or
 * clears it for a guest; the what's-new popup is off, as for a returning customer who turned it off.
 */
export async function setVisitorStorage(context: BrowserContext, origin: string, token: string | null): Promise<void> {
  const page = await context.newPage();
  // Any page of the origin gives its localStorage; a missing file answers fast and runs no script.
  await page.goto(`${origin}/api/no-such-call`);
  await page.evaluate(
    ({ keys, value }) => {
      localStorage.clear();
      localStorage.setItem(keys.updates, keys.disabled);
      if (value === null) return;
      localStorage.setItem(keys.token, value);
      localStorage.setItem(keys.storedAt, String(Date.now()));
    },
    { keys: { token: TOKEN_KEY, storedAt: TOKEN_STORED_AT_KEY, updates: UPDATES_STORAGE_KEY, disabled: UPDATES_DISABLED }, value: token },
  );
  await page.close();
}
