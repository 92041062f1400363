import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import {
  createClock, decodeToken, DEMO, DEMO_2FA, get, lastCode, login, outbox, post, startGateway, wrongCode,
} from './helpers';

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
});
afterAll(() => gw.close());

const loginBody = (loginName: string, password = DEMO.password) => ({ fingerprint: 'fp-1', login: loginName, password });

async function startSecondFactor(): Promise<string> {
  const answer = await post(gw, '/Authentification/Login', loginBody(DEMO_2FA.email));
  expect(answer.json).toMatchObject({ result: 1, secondFactorTypes: [0, 1, 2] });
  return answer.json.secondFactorId as string;
}

describe('Login', () => {
  it('signs in by e-mail in any case and returns a token carrying exp and Secret', async () => {
    const answer = await post(gw, '/Authentification/Login', loginBody('DEMO@Example.RU'));
    expect(answer.status).toBe(200);
    expect(answer.json.result).toBe(0);
    const payload = decodeToken(answer.json.accessToken as string);
    expect(payload).toMatchObject({ sub: '1', Secret: expect.any(String), sid: expect.any(String) });
    expect(payload.exp).toBe(Math.floor(clock.now().getTime() / 1000) + 300);
  });

  it.each(['+7 (999) 000-00-00', '89990000000', '79990000000', '+79990000000'])('signs in by phone written as %s', async (phone) => {
    const answer = await post(gw, '/Authentification/Login', loginBody(phone));
    expect(answer.status).toBe(200);
    expect(answer.json.result).toBe(0);
  });

  it('answers one generic 401 for a wrong password and for an unknown login', async () => {
    const wrongPassword = await post(gw, '/Authentification/Login', loginBody(DEMO.email, 'not-the-password'));
    const unknown = await post(gw, '/Authentification/Login', loginBody('nobody@example.ru'));
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.json.error).toBe('Неверный логин или пароль');
    expect(unknown.json.error).toBe(wrongPassword.json.error);
    const english = await post(gw, '/Authentification/Login', loginBody(DEMO.email, 'nope-nope'), { lang: 'en' });
    expect(english.json.error).toBe('Wrong login or password');
  });

  it('records device, location and address on the session', async () => {
    const answer = await post(gw, '/Authentification/Login', { ...loginBody(DEMO.email), deviceInfo: 'Firefox 130 on Linux', location: 'Новосибирск' });
    const sessions = await get(gw, '/account/Authorization/GetSessions', answer.json.accessToken as string);
    const current = (sessions.body as Array<Record<string, unknown>>).find((s) => s.isCurrent);
    expect(current).toMatchObject({ deviceInfo: 'Firefox 130 on Linux', location: 'Новосибирск', ip: '127.0.0.1' });
  });
});

describe('second factor', () => {
  it('sends nothing until SendCode, then an SMS with a six-digit code that signs in once', async () => {
    const before = (await outbox(gw)).length;
    const id = await startSecondFactor();
    expect((await outbox(gw)).length).toBe(before);
    const sent = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      destination: '+7 (999) ***-**-01', codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 30, sentBy: 'sms', delayed: false,
    });
    const code = await lastCode(gw, DEMO_2FA.phone);
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.result).toBe(0);
    expect((await get(gw, '/account/user/getMySummary', confirmed.json.accessToken as string)).json.email).toBe(DEMO_2FA.email);
    const reused = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ field: 'code', code: 'code_used' });
  });

  // The calling number's last four digits are the code: tests/server/phone-codes.test.ts, against the provider.
  it('delivers by e-mail and by flash call, whose four-digit code also makes the SMS sent if no call can be placed', async () => {
    const id = await startSecondFactor();
    const byMail = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 2 });
    expect(byMail.json).toMatchObject({ destination: 'd***@example.ru', codeLength: 6 });
    expect((await outbox(gw))[0]).toMatchObject({ channel: 'email', recipient: DEMO_2FA.email });
    clock.advance(31);
    const byCall = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 1 });
    expect(byCall.json).toMatchObject({ codeLength: 4, sentBy: 'flashcall' });
    const [call] = await outbox(gw);
    expect(call?.channel).toBe('flashcall');
    expect(call?.code).toMatch(/^\d{4}$/);
    expect(call?.body).toBe(`Код подтверждения PCB Portal: ${call?.code ?? ''}. Никому его не сообщайте.`);
    const confirmed = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code: call?.code });
    expect(confirmed.status).toBe(200);
  });

  it('refuses a resend within 30 s and more than five sends per process', async () => {
    const id = await startSecondFactor();
    expect((await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 })).status).toBe(200);
    const tooSoon = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.error).toMatch(/через \d+ с/);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(31);
      expect((await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 })).status).toBe(200);
    }
    clock.advance(31);
    const sixth = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    expect(sixth.status).toBe(429);
    expect(sixth.json.code).toBe('sends_exceeded');
  });

  it('rejects an expired code and accepts a new one', async () => {
    const id = await startSecondFactor();
    await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    const code = await lastCode(gw, DEMO_2FA.phone);
    clock.advance(301);
    const expired = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code });
    expect(expired.status).toBe(400);
    expect(expired.json).toMatchObject({ field: 'code', code: 'code_expired' });
    await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    const fresh = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code: await lastCode(gw, DEMO_2FA.phone) });
    expect(fresh.status).toBe(200);
  });

  it('refuses the sixth attempt even with the right code until a new code is sent', async () => {
    const id = await startSecondFactor();
    await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    const code = await lastCode(gw, DEMO_2FA.phone);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code: wrongCode(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toContain(`Осталось попыток: ${5 - attempt}`);
    }
    const sixth = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code });
    expect(sixth.status).toBe(429);
    expect(sixth.json.code).toBe('too_many_attempts');
    clock.advance(31);
    await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 0 });
    const again = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code: await lastCode(gw, DEMO_2FA.phone) });
    expect(again.status).toBe(200);
  });

  it('answers 404 for an unknown process, 400 before any code and 400 for a method the account lacks', async () => {
    const unknown = await post(gw, '/Authentification/SendCode', { secondFactorId: '00000000-0000-4000-8000-000000000000', secondFactorType: 0 });
    expect(unknown.status).toBe(404);
    const id = await startSecondFactor();
    const noCode = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId: id, code: '123456' });
    expect(noCode.json.code).toBe('code_not_requested');
    await gw.db.execute(sql`update users set second_factor_types = '{0}' where email = ${DEMO_2FA.email}`);
    const lacking = await post(gw, '/Authentification/SendCode', { secondFactorId: id, secondFactorType: 2 });
    await gw.db.execute(sql`update users set second_factor_types = '{0,1,2}' where email = ${DEMO_2FA.email}`);
    expect(lacking.status).toBe(400);
    expect(lacking.json.field).toBe('secondFactorType');
  });

  it('answers result 2 for an account whose profile is not filled', async () => {
    await post(gw, '/user-profile/fill', { firstName: 'Иван', lastName: 'Смирнов', isMale: true }, { token: await login(gw) });
    await gw.db.execute(sql`update users set is_filled = false where email = ${DEMO.email}`);
    const answer = await post(gw, '/Authentification/Login', loginBody(DEMO.email));
    expect(answer.json.result).toBe(2);
    expect((await get(gw, '/user-profile/completed', answer.json.accessToken as string)).json).toEqual({ isFilled: false });
    await gw.db.execute(sql`update users set is_filled = true where email = ${DEMO.email}`);
  });
});
