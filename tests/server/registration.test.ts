import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { createClock, DEMO, get, lastCode, outbox, post, startGateway, wrongCode } from './helpers';

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
});
afterAll(() => gw.close());

const enterPhone = (phone: string, registrationProcessId: string | null = null, usingFlashcall = false) =>
  post(gw, '/Registration/EnterPhone', { registrationProcessId, usingFlashcall, phone });
const confirm = (registrationProcessId: string, code: string) =>
  post(gw, '/Registration/ConfirmCredential', { registrationProcessId, code });

describe('registration', () => {
  it('runs phone → code → e-mail → code → password and signs the new user in with an unfilled profile', async () => {
    const phone = '+79161234567';
    const started = await enterPhone(phone);
    expect(started.status).toBe(200);
    expect(started.json.code).toMatchObject({ destination: '+7 (916) ***-**-67', codeLength: 6 });
    const id = started.json.registrationProcessId as string;
    expect((await confirm(id, await lastCode(gw, phone))).json).toEqual({ confirmed: 'phone' });

    const mail = await post(gw, '/Registration/EnterEmail', { registrationProcessId: id, email: 'New.User@Example.ru' });
    expect(mail.status).toBe(200);
    expect((await confirm(id, await lastCode(gw, 'new.user@example.ru'))).json).toEqual({ confirmed: 'email' });

    const created = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'secret-pass-1' });
    expect(created.status).toBe(200);
    const token = created.json.accessToken as string;
    expect((await get(gw, '/user-profile/completed', token)).json).toEqual({ isFilled: false });
    const filled = await post(gw, '/user-profile/fill', { firstName: ' Анна ', lastName: 'Орлова', isMale: false }, { token });
    expect(filled.json).toEqual({ ok: true });
    const summary = await get(gw, '/account/user/getMySummary', token);
    expect(summary.json).toMatchObject({
      firstName: 'Анна',
      lastName: 'Орлова',
      patronymic: '',
      isMale: false,
      isFilled: true,
      phone,
      email: 'new.user@example.ru',
    });
    const again = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: 'new.user@example.ru', password: 'secret-pass-1' });
    expect(again.json.result).toBe(0);

    const reused = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'secret-pass-2' });
    expect(reused.status).toBe(409);
    expect(reused.json.code).toBe('wrong_step');
  });

  it('refuses a phone that is already registered with 409 naming the phone', async () => {
    const taken = await enterPhone(DEMO.phone);
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ field: 'phone', error: 'Этот номер телефона уже зарегистрирован' });
  });

  it('refuses an e-mail that is already registered, in any case', async () => {
    const phone = '+79161112233';
    const id = (await enterPhone(phone)).json.registrationProcessId as string;
    await confirm(id, await lastCode(gw, phone));
    const taken = await post(gw, '/Registration/EnterEmail', { registrationProcessId: id, email: 'Demo@Example.ru' }, { lang: 'en' });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ field: 'email', error: 'This e-mail is already registered' });
  });

  // The calling number's last four digits are the code: tests/server/phone-codes.test.ts, against the provider.
  it('confirms a flash-call code of four digits, whose message is the SMS sent if no call can be placed', async () => {
    const phone = '+375291234567';
    const started = await enterPhone(phone, null, true);
    expect(started.json.code).toMatchObject({ codeLength: 4, sentBy: 'flashcall', delayed: false });
    const [callMessage] = await outbox(gw);
    expect(callMessage).toMatchObject({ channel: 'flashcall', recipient: phone });
    const code = callMessage?.code ?? '';
    expect(code).toMatch(/^\d{4}$/);
    expect(callMessage?.body).toContain(code);
    expect((await confirm(started.json.registrationProcessId as string, code)).json).toEqual({ confirmed: 'phone' });
  });

  it('keeps the steps in order: no e-mail before the phone is confirmed, no profile before the e-mail', async () => {
    const phone = '+79162223344';
    const id = (await enterPhone(phone)).json.registrationProcessId as string;
    const early = await post(gw, '/Registration/EnterEmail', { registrationProcessId: id, email: 'early@example.ru' });
    expect(early.status).toBe(400);
    expect(early.json.field).toBe('registrationProcessId');
    const noProfile = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'long-enough' });
    expect(noProfile.status).toBe(400);
    await confirm(id, await lastCode(gw, phone));
    const phoneAgain = await enterPhone(phone, id);
    expect(phoneAgain.status).toBe(409);
    const stillNoProfile = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'long-enough' });
    expect(stillNoProfile.json.error).toBe('Сначала подтвердите e-mail');
  });

  it('resends a code for the same process after the pause, and a changed number voids the old code', async () => {
    const id = (await enterPhone('+79163334455')).json.registrationProcessId as string;
    const oldCode = await lastCode(gw, '+79163334455');
    expect((await enterPhone('+79163334455', id)).status).toBe(429);
    clock.advance(31);
    const changed = await enterPhone('+79163334466', id);
    expect(changed.status).toBe(200);
    expect(changed.json.registrationProcessId).toBe(id);
    const newCode = await lastCode(gw, '+79163334466');
    if (oldCode !== newCode) expect((await confirm(id, oldCode)).status).toBe(400);
    expect((await confirm(id, newCode)).json).toEqual({ confirmed: 'phone' });
  });

  it('answers a wrong code with attempts left and an unknown process with 404', async () => {
    const phone = '+79164445566';
    const id = (await enterPhone(phone)).json.registrationProcessId as string;
    const wrong = await confirm(id, wrongCode(await lastCode(gw, phone)));
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ field: 'code', error: 'Неверный код. Осталось попыток: 4' });
    const unknown = await confirm('11111111-1111-4111-8111-111111111111', '123456');
    expect(unknown.status).toBe(404);
  });
});
