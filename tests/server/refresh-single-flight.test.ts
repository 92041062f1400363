// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { login } from '../../src/contract/auth';
import { getMySummary } from '../../src/contract/user';
import { isUserLoaded } from '../../src/machines/session/session-selectors';
import { callApi } from '../../src/services/api';
import { bindSession, createSessionActor, type SessionActor } from '../../src/services/session';
import { createGateway, type Gateway } from '../../server/app';
import { migratedDatabase } from './migrated-database';

/**
 * The real api client and session actor against the real gateway over HTTP: however many requests are in flight
 * when the token expires, the gateway sees exactly one Refresh.
 */
const accessTokenTtlSeconds = 2;
let gateway: Gateway;
let baseUrl: string;
const gatewayCalls: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  gateway = await createGateway({ dataDir: 'memory://', memoryStart: await migratedDatabase(), accessTokenTtlSeconds, logger: false, staticDir: null });
  baseUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), baseUrl);
    gatewayCalls.push(url.pathname);
    return realFetch(url, init);
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await gateway.close();
});

beforeEach(() => {
  gatewayCalls.length = 0;
});

const refreshCount = () => gatewayCalls.filter((path) => path === '/api/Authentification/Refresh').length;

/** A started session for the demo user; with `settle`, the calls it makes while loading the user are not counted. */
async function signedInSession(tokenAgeMs: number, settle: boolean): Promise<{ actor: SessionActor; unbind: () => void }> {
  const { accessToken } = (await callApi(login, {
    body: { fingerprint: 'single-flight-test', login: 'demo@example.ru', password: 'demo12345' },
  })) as { accessToken: string };
  const actor = createSessionActor({ actions: { redirectToAuth: () => undefined } }, { token: accessToken, tokenAgeMs, online: true });
  const unbind = bindSession(actor);
  gatewayCalls.length = 0;
  actor.start();
  if (settle) {
    await waitFor(actor, isUserLoaded, { timeout: 5000 });
    gatewayCalls.length = 0;
  }
  return { actor, unbind };
}

describe('one refresh for many requests', () => {
  it('50 requests in flight when the gateway has expired the token cause one Refresh, and all succeed', async () => {
    const { actor, unbind } = await signedInSession(0, true);
    await new Promise((resolve) => setTimeout(resolve, (accessTokenTtlSeconds + 1) * 1000));
    const summaries = await Promise.all(Array.from({ length: 50 }, () => callApi(getMySummary)));
    expect(summaries.every((summary) => summary.email === 'demo@example.ru')).toBe(true);
    expect(refreshCount()).toBe(1);
    // Each request was sent once with the old token and retried once: 100 summaries, no loop.
    expect(gatewayCalls.filter((path) => path === '/api/account/user/getMySummary')).toHaveLength(100);
    actor.stop();
    unbind();
  });

  it('50 requests after the app-side 105 s expiry refresh first: one Refresh, no request sent with the old token', async () => {
    const { actor, unbind } = await signedInSession(106_000, false);
    const summaries = await Promise.all(Array.from({ length: 50 }, () => callApi(getMySummary)));
    await waitFor(actor, isUserLoaded, { timeout: 5000 });
    expect(summaries).toHaveLength(50);
    expect(refreshCount()).toBe(1);
    expect(gatewayCalls[0]).toBe('/api/Authentification/Refresh');
    // The 50 plus the session's own user load, each sent once, with the refreshed token.
    expect(gatewayCalls.filter((path) => path === '/api/account/user/getMySummary')).toHaveLength(51);
    actor.stop();
    unbind();
  });
});
