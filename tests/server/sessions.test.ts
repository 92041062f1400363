import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { createSessionCache } from '../../server/auth/session-cache';
import { authenticate, rotateSession } from '../../server/auth/sessions';
import { issueStrangerKey } from '../../server/auth/stranger-keys';
import { sessions } from '../../server/auth/schema';
import { call, createClock, createUser, decodeToken, DEMO, get, lastCode, login, post, startGateway } from './helpers';

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, refreshWindowSeconds: 3600 });
});
afterAll(() => gw.close());

const summary = (token: string) => get(gw, '/account/user/getMySummary', token);
const refresh = (token: string) => post(gw, '/Authentification/Refresh', undefined, { token });

describe('Refresh', () => {
  it('rotates the Secret: the new token works, the old one no longer does', async () => {
    const first = await login(gw);
    clock.advance(2);
    const answer = await refresh(first);
    expect(answer.status).toBe(200);
    const second = answer.json.accessToken as string;
    expect(decodeToken(second).Secret).not.toBe(decodeToken(first).Secret);
    expect(decodeToken(second).sid).toBe(decodeToken(first).sid);
    expect((await summary(second)).status).toBe(200);
    expect((await summary(first)).status).toBe(401);
  });

  it('answers a refresh with the previous Secret within the grace with the same rotation, even once it is in use', async () => {
    const first = await login(gw);
    const second = (await refresh(first)).json.accessToken as string;
    expect((await summary(second)).status).toBe(200);
    clock.advance(5);
    const late = await refresh(first);
    expect(late.status).toBe(200);
    const again = late.json.accessToken as string;
    expect(decodeToken(again).Secret).toBe(decodeToken(second).Secret);
    expect((await summary(again)).status).toBe(200);
    expect((await summary(second)).status).toBe(200);
    expect((await refresh(second)).status).toBe(200);
  });

  it('gives a page that lost its refresh answer the same rotation back, and both tokens stay good', async () => {
    const first = await login(gw);
    const lost = (await refresh(first)).json.accessToken as string;
    clock.advance(5);
    // The reloaded page first calls with the token it still has: a plain 401, which makes it refresh.
    expect((await summary(first)).status).toBe(401);
    const again = await refresh(first);
    expect(again.status).toBe(200);
    const found = again.json.accessToken as string;
    expect(decodeToken(found).Secret).toBe(decodeToken(lost).Secret);
    expect((await summary(found)).status).toBe(200);
    expect((await summary(lost)).status).toBe(200);
  });

  it('keeps the session when two refreshes with the same Secret both find it current: the loser answers with the winner\'s rotation', async () => {
    const first = await login(gw);
    const header = `Bearer ${first}`;
    // Both are authenticated before either rotates: the interleaving concurrent refreshes meet on a busy gateway.
    const winner = await authenticate(gw.context, header, 'refresh');
    const loser = await authenticate(gw.context, header, 'refresh');
    const won = await rotateSession(gw.context, winner);
    expect((await summary(won)).status).toBe(200);
    const lost = await rotateSession(gw.context, loser);
    expect(decodeToken(lost).Secret).toBe(decodeToken(won).Secret);
    expect((await summary(lost)).status).toBe(200);
    expect((await refresh(lost)).status).toBe(200);
  });

  it('ends the session when a refresh that lost its race is judged after the grace (a replay)', async () => {
    const first = await login(gw);
    const stale = await authenticate(gw.context, `Bearer ${first}`, 'refresh');
    const second = (await refresh(first)).json.accessToken as string;
    clock.advance(61);
    await expect(rotateSession(gw.context, stale)).rejects.toMatchObject({ status: 401, key: 'tokenReused' });
    expect((await summary(second)).status).toBe(401);
  });

  it('does not take a request read before a rotation as a use of the rotation\'s new Secret', async () => {
    // A cache of its own (PostgreSQL runs without one) holds the session as that request read it.
    const ctx = { ...gw.context, sessionCache: createSessionCache() };
    const first = await login(gw);
    const auth = await authenticate(ctx, `Bearer ${first}`, 'user');
    const [before] = await gw.db.select().from(sessions).where(eq(sessions.id, auth.sessionId));
    clock.advance(6);
    await rotateSession(ctx, await authenticate(ctx, `Bearer ${first}`, 'refresh'));
    // A request whose session read happened before that rotation now writes 'last seen'.
    await ctx.sessionCache.read(auth.sessionId, () => Promise.resolve(before));
    await authenticate(ctx, `Bearer ${first}`, 'user');
    const [after] = await gw.db.select().from(sessions).where(eq(sessions.id, auth.sessionId));
    expect(after?.secretSeen).toBe(false);
    // So the page that never stored the rotation's answer still gets its session back.
    expect((await refresh(first)).status).toBe(200);
  });

  it('ends the session when the previous Secret comes after the grace, whether the new one was used or not', async () => {
    for (const used of [false, true]) {
      const first = await login(gw);
      const second = (await refresh(first)).json.accessToken as string;
      if (used) expect((await summary(second)).status).toBe(200);
      clock.advance(61);
      const replay = await refresh(first);
      expect(replay.status).toBe(401);
      expect(replay.json.error).toContain('сессия завершена');
      expect((await summary(second)).status).toBe(401);
      expect((await refresh(second)).status).toBe(401);
    }
  });

  it('accepts an expired token within the refresh window and refuses it after', async () => {
    const token = await login(gw);
    clock.advance(301);
    expect((await summary(token)).status).toBe(401);
    const renewed = (await refresh(token)).json.accessToken as string;
    expect((await summary(renewed)).status).toBe(200);
    clock.advance(300 + 3600 + 1);
    expect((await refresh(renewed)).status).toBe(401);
  });

  it('answers 401 without a token, with a forged one, and accepts an empty JSON body', async () => {
    expect((await post(gw, '/Authentification/Refresh')).status).toBe(401);
    const token = await login(gw);
    const [head, , sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...decodeToken(token), sub: '2' })).toString('base64url')}.${sig}`;
    expect((await summary(forged)).status).toBe(401);
    const empty = await call(gw, 'POST', '/Authentification/Refresh', { token, rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(200);
  });
});

describe('sessions', () => {
  it('lets 50 concurrent requests with the same token all succeed', async () => {
    const token = await login(gw);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? summary(token) : get(gw, '/catalog-viewer/v2/other/counters', token))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
  });

  it('lists the live sessions with the current one marked, and ends one of them', async () => {
    const userId = await createUser(gw, 'sessions@example.ru', '+79170000001');
    const a = await login(gw, 'sessions@example.ru', 'password-123');
    const b = await login(gw, 'sessions@example.ru', 'password-123');
    const list = (await get(gw, '/account/Authorization/GetSessions', a)).body as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.isCurrent).map((s) => s.sessionId)).toEqual([decodeToken(a).sid]);
    expect(userId).toBeGreaterThan(0);
    const ended = await get(gw, `/account/Authorization/TerminateSession?sessionId=${String(decodeToken(b).sid)}`, a);
    expect(ended.json).toEqual({ ok: true });
    expect((await summary(b)).status).toBe(401);
    expect((await summary(a)).status).toBe(200);
  });

  it("refuses to end another user's or an unknown session with 404 and changes nothing", async () => {
    const mine = await login(gw);
    await createUser(gw, 'other@example.ru', '+79170000002');
    const theirs = await login(gw, 'other@example.ru', 'password-123');
    const answer = await get(gw, `/account/Authorization/TerminateSession?sessionId=${String(decodeToken(theirs).sid)}`, mine);
    expect(answer.status).toBe(404);
    expect((await summary(theirs)).status).toBe(200);
    const unknown = await get(gw, '/account/Authorization/TerminateSession?sessionId=22222222-2222-4222-8222-222222222222', mine);
    expect(unknown.status).toBe(404);
    const bad = await get(gw, '/account/Authorization/TerminateSession?sessionId=nope', mine);
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('sessionId');
  });

  it('ends the current session: the next request with its token gets 401', async () => {
    const token = await login(gw);
    expect((await get(gw, '/account/Authorization/TerminateCurrentSession', token)).json).toEqual({ ok: true });
    expect((await summary(token)).status).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });
});

describe('passwords', () => {
  it('changes the password with the old one and ends the other sessions only', async () => {
    await createUser(gw, 'change@example.ru', '+79170000003', 'old-password-1');
    const current = await login(gw, 'change@example.ru', 'old-password-1');
    const other = await login(gw, 'change@example.ru', 'old-password-1');
    const wrong = await post(
      gw,
      '/account/Credentials/ResetPasswordWithOld',
      { oldPassword: 'not-it-at-all', newPassword: 'new-password-1' },
      { token: current },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.field).toBe('oldPassword');
    const changed = await post(
      gw,
      '/account/Credentials/ResetPasswordWithOld',
      { oldPassword: 'old-password-1', newPassword: 'new-password-1' },
      { token: current },
    );
    expect(changed.json).toEqual({ ok: true });
    expect((await summary(current)).status).toBe(200);
    expect((await summary(other)).status).toBe(401);
    expect(await login(gw, 'change@example.ru', 'new-password-1')).toBeTruthy();
  });

  it('resets a forgotten password with the e-mailed code and link, ending every session', async () => {
    await createUser(gw, 'forgot@example.ru', '+79170000004', 'forgotten-1');
    const before = await login(gw, 'forgot@example.ru', 'forgotten-1');
    expect((await post(gw, '/Authentification/SendPasswordResettingLink', { email: 'Forgot@Example.ru' })).json).toEqual({ ok: true });
    expect((await post(gw, '/Authentification/SendPasswordResettingLink', { email: 'nobody@example.ru' })).json).toEqual({ ok: true });
    const code = await lastCode(gw, 'forgot@example.ru');
    const letter = (await get(gw, '/dev/outbox')).body as Array<{ body: string; recipient: string }>;
    expect(letter.find((m) => m.recipient === 'forgot@example.ru')?.body).toMatch(new RegExp(`/auth\\?reset=1&code=[0-9a-f]{32}${code}\\s`));
    const wrong = await post(gw, '/Authentification/ResetPassword', {
      email: 'forgot@example.ru',
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'remembered-1',
    });
    expect(wrong.status).toBe(400);
    const reset = await post(gw, '/Authentification/ResetPassword', { email: 'forgot@example.ru', code, newPassword: 'remembered-1' });
    expect(reset.json).toEqual({ ok: true });
    expect((await summary(before)).status).toBe(401);
    expect(await login(gw, 'forgot@example.ru', 'remembered-1')).toBeTruthy();
    const reused = await post(gw, '/Authentification/ResetPassword', { email: 'forgot@example.ru', code, newPassword: 'again-and-again' });
    expect(reused.status).toBe(400);
    const unknown = await post(gw, '/Authentification/ResetPassword', { email: 'nobody@example.ru', code, newPassword: 'again-and-again' });
    expect(unknown.status).toBe(400);
  });
});

describe('GetStrangerToken', () => {
  it('signs staff in as the customer once per key, marked as a stranger', async () => {
    const issued = await issueStrangerKey(gw.db, DEMO.email, 1, clock.now());
    if (!issued) throw new Error('no key');
    const answer = await post(gw, '/Authentification/GetStrangerToken', { login: DEMO.phone, key: issued.key });
    expect(answer.status).toBe(200);
    expect((await summary(answer.json.accessToken as string)).json).toMatchObject({ email: DEMO.email, isStranger: true });
    expect((await post(gw, '/Authentification/GetStrangerToken', { login: DEMO.email, key: issued.key })).status).toBe(401);
    expect((await summary(await login(gw))).json.isStranger).toBe(false);
  });

  it('refuses a wrong key, a key of another login and an expired key', async () => {
    const issued = await issueStrangerKey(gw.db, DEMO.email, 1, clock.now());
    if (!issued) throw new Error('no key');
    expect((await post(gw, '/Authentification/GetStrangerToken', { login: DEMO.email, key: 'wrong-key' })).status).toBe(401);
    expect((await post(gw, '/Authentification/GetStrangerToken', { login: 'demo2fa@example.ru', key: issued.key })).status).toBe(401);
    clock.advance(3601);
    expect((await post(gw, '/Authentification/GetStrangerToken', { login: DEMO.email, key: issued.key })).status).toBe(401);
    expect(await issueStrangerKey(gw.db, 'nobody@example.ru', 1, clock.now())).toBeNull();
  });
});
