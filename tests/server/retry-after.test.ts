import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { FLASHCALL_GUESSES_PER_DAY } from '../../server/auth/codes';
import { CLIENT_ROLES } from '../../src/contract/clients';
import { makeClient, person } from './client-fixtures';
import { createClock, DEMO_2FA, lastCode, startGateway, wrongCode } from './helpers';

/**
 * Every 429 the gateway answers says in `Retry-After` how many seconds until the refused call can succeed
 * (the bucket's window ends, a resend is allowed, the process ends), rounded up, at least 1.
 */

const clock = createClock();
let gw: Gateway;

const LIMITS = { perLogin: 10, perAddress: 30, windowSeconds: 900, loginDelayMaxMs: 1, invitesPerUser: 2, invitesPerClient: 3 };

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, rateLimits: LIMITS, quote: { uploadsPerHour: 2 } });
});
afterAll(() => gw.close());

interface Answer { status: number; json: Record<string, unknown>; code: unknown; error: unknown; retryAfter: string | undefined }

/** A call from `address`, so that each kind of refusal fills buckets of its own. */
async function send(address: string, path: string, body: unknown, extra: { token?: string; contentType?: string } = {}): Promise<Answer> {
  const reply = await gw.app.inject({
    method: 'POST', url: `/api${path}`, remoteAddress: address,
    headers: { 'content-type': extra.contentType ?? 'application/json', ...(extra.token ? { authorization: `Bearer ${extra.token}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = JSON.parse(reply.body) as Record<string, unknown>;
  const retryAfter = reply.headers['retry-after'];
  return { status: reply.statusCode, json, code: json.code, error: json.error, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) };
}

const secondsSince = (start: Date) => Math.round((clock.now().getTime() - start.getTime()) / 1000);

/** A sign-in of the two-factor demo user from `address`: its second factor process. */
async function secondFactor(address: string): Promise<string> {
  const answer = await send(address, '/Authentification/Login', { fingerprint: 'fp', login: DEMO_2FA.email, password: DEMO_2FA.password });
  return String(answer.json.secondFactorId);
}
const sendCode = (address: string, secondFactorId: string, secondFactorType: 0 | 1) =>
  send(address, '/Authentification/SendCode', { secondFactorId, secondFactorType });
const confirm = (address: string, secondFactorId: string, code: string) =>
  send(address, '/Authentification/ConfirmSecondFactor', { secondFactorId, code });

interface Refusal { answer: Answer; retryAfter: number }

/** Each kind of 429: how it is provoked, and the seconds until the refused call can succeed. */
const KINDS: Array<[kind: string, code: string, provoke: () => Promise<Refusal>]> = [
  ['sign-in tries on one login from one address (15 min window)', 'rate_limited', async () => {
    const start = clock.now();
    for (let n = 0; n < LIMITS.perLogin; n += 1) {
      expect(
        (await send('10.1.0.1', '/Authentification/Login', { fingerprint: 'fp', login: 'nobody@retry.example.ru', password: `wrong-${n}` })).status,
      ).toBe(401);
    }
    clock.advance(100);
    const answer = await send('10.1.0.1', '/Authentification/Login', { fingerprint: 'fp', login: 'nobody@retry.example.ru', password: 'wrong' });
    return { answer, retryAfter: 900 - secondsSince(start) };
  }],
  ['limited calls from one address, all calls together', 'rate_limited', async () => {
    const start = clock.now();
    for (let n = 0; n < LIMITS.perAddress; n += 1) {
      expect((await send('10.1.0.2', '/Authentification/SendPasswordResettingLink', { email: `someone-${n}@retry.example.ru` })).status).toBe(200);
    }
    clock.advance(60);
    const answer = await send('10.1.0.2', '/Authentification/SendPasswordResettingLink', { email: 'one-more@retry.example.ru' });
    return { answer, retryAfter: 900 - secondsSince(start) };
  }],
  ['codes sent to one e-mail', 'rate_limited', async () => {
    const reset = () => send('10.1.0.3', '/Authentification/SendPasswordResettingLink', { email: 'forgetful@retry.example.ru' });
    const start = clock.now();
    for (let n = 0; n < LIMITS.perLogin; n += 1) expect((await reset()).status).toBe(200);
    clock.advance(30);
    return { answer: await reset(), retryAfter: 900 - secondsSince(start) };
  }],
  ['a new code asked for within 30 s of the last', 'resend_too_soon', async () => {
    const id = await secondFactor('10.1.0.4');
    expect((await sendCode('10.1.0.4', id, 0)).status).toBe(200);
    clock.advance(12);
    return { answer: await sendCode('10.1.0.4', id, 0), retryAfter: 18 };
  }],
  ['a sixth code on one sign-in (until the sign-in process ends)', 'sends_exceeded', async () => {
    const start = clock.now();
    const id = await secondFactor('10.1.0.5');
    for (let n = 0; n < 5; n += 1) {
      if (n > 0) clock.advance(31);
      expect((await sendCode('10.1.0.5', id, 0)).status).toBe(200);
    }
    clock.advance(31);
    return { answer: await sendCode('10.1.0.5', id, 0), retryAfter: 3600 - secondsSince(start) };
  }],
  ['a sixth try at one code (until a new code may be asked for)', 'too_many_attempts', async () => {
    const id = await secondFactor('10.1.0.6');
    expect((await sendCode('10.1.0.6', id, 0)).status).toBe(200);
    const code = await lastCode(gw, DEMO_2FA.phone);
    for (let n = 0; n < 5; n += 1) expect((await confirm('10.1.0.6', id, wrongCode(code))).code).toBe('code_wrong');
    clock.advance(10);
    return { answer: await confirm('10.1.0.6', id, code), retryAfter: 20 };
  }],
  ['flash-call guesses at one account (a day)', 'flashcall_guesses_exceeded', async () => {
    let start: Date | null = null;
    let guesses = 0;
    let address = 0;
    while (guesses < FLASHCALL_GUESSES_PER_DAY) {
      clock.advance(31);
      address += 1;
      const id = await secondFactor(`10.2.0.${address}`);
      expect((await sendCode(`10.2.0.${address}`, id, 1)).status).toBe(200);
      const code = await lastCode(gw, DEMO_2FA.phone);
      start ??= clock.now();
      for (let n = 0; n < 5 && guesses < FLASHCALL_GUESSES_PER_DAY; n += 1, guesses += 1) {
        expect((await confirm(`10.2.0.${address}`, id, wrongCode(code))).code).toBe('code_wrong');
      }
    }
    clock.advance(31);
    const answer = await sendCode('10.2.0.99', await secondFactor('10.2.0.99'), 1);
    return { answer, retryAfter: 24 * 3600 - secondsSince(start ?? clock.now()) };
  }],
  ['invitations sent by one user in an hour', 'invites_per_user', async () => {
    const owner = await person(gw, 'retry-inviter', 'Ольга', 'Приглашающая');
    const clientId = await makeClient(gw, { name: 'Повтор' }, [[owner, CLIENT_ROLES.owner]]);
    const invite = (n: number) => send('10.1.0.8', '/account/Clients/Invite', { clientId, userEmail: `guest-${n}@retry.example.ru` }, { token: owner.token });
    const start = clock.now();
    for (let n = 0; n < LIMITS.invitesPerUser; n += 1) expect((await invite(n)).status).toBe(200);
    // Within the access token's five minutes.
    clock.advance(200);
    return { answer: await invite(99), retryAfter: 3600 - secondsSince(start) };
  }],
  ['invitations sent for one client in an hour', 'invites_per_client', async () => {
    const [owner, admin] = [await person(gw, 'retry-owner', 'Олег', 'Владелец'), await person(gw, 'retry-admin', 'Анна', 'Админ')];
    const clientId = await makeClient(gw, { name: 'Повтор-2' }, [[owner, CLIENT_ROLES.owner], [admin, CLIENT_ROLES.admin]]);
    const invite = (who: typeof owner, n: number) =>
      send('10.1.0.9', '/account/Clients/Invite', { clientId, userEmail: `client-guest-${n}@retry.example.ru` }, { token: who.token });
    const start = clock.now();
    for (const [who, n] of [[owner, 1], [owner, 2], [admin, 3]] as const) expect((await invite(who, n)).status).toBe(200);
    clock.advance(120);
    return { answer: await invite(admin, 4), retryAfter: 3600 - secondsSince(start) };
  }],
  ['instant-quote uploads from one address in an hour', 'rate_limited', async () => {
    const upload = () => send('10.1.0.10', '/quote/Upload?fileName=board.zip', 'not a zip archive', { contentType: 'application/zip' });
    const start = clock.now();
    for (let n = 0; n < 2; n += 1) expect((await upload()).status).toBe(400);
    clock.advance(600);
    return { answer: await upload(), retryAfter: 3600 - secondsSince(start) };
  }],
];

describe('every 429 says when to come back', () => {
  it.each(KINDS)('%s: 429 %s with Retry-After in seconds', async (_kind, code, provoke) => {
    const { answer, retryAfter } = await provoke();
    expect([answer.status, answer.code]).toEqual([429, code]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(answer.retryAfter).toBe(String(retryAfter));
  });

  it('the message and the header name the same wait', async () => {
    const id = await secondFactor('10.1.0.11');
    await sendCode('10.1.0.11', id, 0);
    clock.advance(7);
    const answer = await sendCode('10.1.0.11', id, 0);
    expect([answer.retryAfter, answer.error]).toEqual(['23', 'Новый код можно запросить через 23 с']);
  });
});
