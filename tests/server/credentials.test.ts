import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as credentials from '../../src/contract/credentials';
import * as user from '../../src/contract/user';
import type { Gateway } from '../../server/app';
import { users } from '../../server/db/schema';
import { call, createClock, createUser, DEMO, get, lastCode, login, outbox, post, startGateway, wrongCode } from './helpers';

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
});
afterAll(() => gw.close());

let made = 0;
/** A fresh signed-in account with its own phone and e-mail, so the tests do not share credentials. */
async function freshUser() {
  made += 1;
  const email = `cred${made}@example.ru`;
  const phone = `+7916000${String(made).padStart(4, '0')}`;
  const id = await createUser(gw, email, phone);
  return { id, email, phone, token: await login(gw, email, 'password-123') };
}

const C = '/account/Credentials';
const start = (token: string, credentialTypeCode: string, oldCredentialType: string, newCredentialValue: string) =>
  post(gw, `${C}/StartCredentialChanging`, { credentialTypeCode, oldCredentialType, newCredentialValue }, { token });
const confirmOld = (token: string, changingProcessId: string, code: string) =>
  post(gw, `${C}/ConfirmOldCredential`, { changingProcessId, code }, { token });
const confirmNew = (token: string, changingProcessId: string, code: string) =>
  post(gw, `${C}/ConfirmNewCredential`, { changingProcessId, code }, { token });
const resend = (token: string, changingProcessId: string) => post(gw, `${C}/ResendCredentialCode`, { changingProcessId }, { token });
const summary = async (token: string) => (await get(gw, '/account/user/getMySummary', token)).json;

describe('GetCredentialTypes', () => {
  it('lists the sign-in phone and e-mail masked, and which of them can take a code', async () => {
    const me = await freshUser();
    const types = await get(gw, `${C}/GetCredentialTypes`, me.token);
    expect(types.body).toEqual([
      { code: 'RegistrationPhone', maskedValue: `+7 (916) ***-**-${me.phone.slice(-2)}`, canConfirm: true },
      { code: 'RegistrationEmail', maskedValue: 'c***@example.ru', canConfirm: true },
    ]);
    await gw.db.update(users).set({ phone: null }).where(eq(users.id, me.id));
    expect((await get(gw, `${C}/GetCredentialTypes`, me.token)).body).toContainEqual({ code: 'RegistrationPhone', maskedValue: null, canConfirm: false });
  });
});

describe('credential change', () => {
  it('changes the e-mail: code to the phone, then to the new e-mail, then stores it', async () => {
    const me = await freshUser();
    const started = await start(me.token, 'RegistrationEmail', 'RegistrationPhone', '  New.Mail@Example.RU ');
    expect(started.status).toBe(200);
    expect(started.json.code).toMatchObject({ destination: `+7 (916) ***-**-${me.phone.slice(-2)}`, codeLength: 6, resendAfterSeconds: 30 });
    const id = started.json.changingProcessId as string;
    expect((await outbox(gw))[0]).toMatchObject({ channel: 'sms', recipient: me.phone });

    const early = await confirmNew(me.token, id, await lastCode(gw, me.phone));
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'wrong_step', error: 'Сначала подтвердите текущее значение кодом' });

    const wrong = await confirmOld(me.token, id, wrongCode(await lastCode(gw, me.phone)));
    expect(wrong.status).toBe(400);
    expect(wrong.json.field).toBe('code');
    const old = await confirmOld(me.token, id, await lastCode(gw, me.phone));
    expect(old.status).toBe(200);
    expect(old.json).toMatchObject({ changingProcessId: id, code: { destination: 'n***@example.ru' } });
    expect((await outbox(gw))[0]).toMatchObject({ channel: 'email', recipient: 'new.mail@example.ru' });
    const again = await confirmOld(me.token, id, await lastCode(gw, me.phone));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('wrong_step');

    const done = await confirmNew(me.token, id, await lastCode(gw, 'new.mail@example.ru'));
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ phone: me.phone, email: 'new.mail@example.ru' });
    expect(await summary(me.token)).toMatchObject({ email: 'new.mail@example.ru', phone: me.phone });
    expect(await login(gw, 'New.Mail@example.ru', 'password-123')).toBeTruthy();
    expect((await post(gw, '/Authentification/Login', { fingerprint: 'f', login: me.email, password: 'password-123' })).status).toBe(401);

    const finished = await confirmNew(me.token, id, await lastCode(gw, 'new.mail@example.ru'));
    expect(finished.status).toBe(409);
    expect(finished.json).toMatchObject({ code: 'wrong_step', error: 'Эта смена уже завершена, начните заново' });
    expect((await resend(me.token, id)).status).toBe(409);
  });

  it('changes the phone confirmed by the e-mail, normalising the new number', async () => {
    const me = await freshUser();
    const started = await start(me.token, 'RegistrationPhone', 'RegistrationEmail', '8 (916) 555-44-33');
    expect(started.json.code).toMatchObject({ destination: 'c***@example.ru' });
    const id = started.json.changingProcessId as string;
    expect((await confirmOld(me.token, id, await lastCode(gw, me.email))).json.code).toMatchObject({ destination: '+7 (916) ***-**-33' });
    expect((await outbox(gw))[0]).toMatchObject({ channel: 'sms', recipient: '+79165554433' });
    expect((await confirmNew(me.token, id, await lastCode(gw, '+79165554433'))).json).toEqual({ phone: '+79165554433', email: me.email });
    expect(await login(gw, '+7 916 555-44-33', 'password-123')).toBeTruthy();
  });

  it('refuses bad, unchanged and taken values and a missing confirmation method, sending nothing', async () => {
    const me = await freshUser();
    const sentBefore = (await outbox(gw)).length;
    const cases: Array<[string, string, string, number, string, string]> = [
      [
        'RegistrationPhone',
        'RegistrationEmail',
        'not a phone',
        400,
        'newCredentialValue',
        'Введите номер телефона в международном формате, например +7 999 123-45-67',
      ],
      [
        'RegistrationPhone',
        'RegistrationEmail',
        'someone@example.ru',
        400,
        'newCredentialValue',
        'Введите номер телефона в международном формате, например +7 999 123-45-67',
      ],
      ['RegistrationEmail', 'RegistrationPhone', 'no-at-sign.example.ru', 400, 'newCredentialValue', 'Введите корректный адрес e-mail'],
      ['RegistrationEmail', 'RegistrationPhone', me.email.toUpperCase(), 400, 'newCredentialValue', 'Новое значение совпадает с текущим'],
      ['RegistrationPhone', 'RegistrationEmail', `8${me.phone.slice(2)}`, 400, 'newCredentialValue', 'Новое значение совпадает с текущим'],
      ['RegistrationEmail', 'RegistrationPhone', 'Demo@Example.ru', 409, 'newCredentialValue', 'Этот e-mail уже зарегистрирован'],
      ['RegistrationPhone', 'RegistrationEmail', '8 999 000-00-00', 409, 'newCredentialValue', 'Этот номер телефона уже зарегистрирован'],
      ['RegistrationMail', 'RegistrationEmail', 'x@example.ru', 400, 'credentialTypeCode', 'Недопустимое значение поля «credentialTypeCode»'],
    ];
    for (const [type, old, value, status, field, error] of cases) {
      const answer = await start(me.token, type, old, value);
      expect({ value, status: answer.status, ...answer.json }).toMatchObject({ value, status, field, error });
    }
    await gw.db.update(users).set({ phone: null }).where(eq(users.id, me.id));
    const noPhone = await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'fresh@example.ru');
    expect(noPhone.status).toBe(400);
    expect(noPhone.json.field).toBe('oldCredentialType');
    expect((await outbox(gw)).length).toBe(sentBefore);
    expect((await summary(me.token)).email).toBe(me.email);
  });

  it("answers 404 for another user's or an unknown process and changes nothing", async () => {
    const me = await freshUser();
    const other = await freshUser();
    const id = (await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'mine@example.ru')).json.changingProcessId as string;
    const code = await lastCode(gw, me.phone);
    for (const answer of [await confirmOld(other.token, id, code), await resend(other.token, id), await confirmNew(other.token, id, code),
      await confirmOld(me.token, '33333333-3333-4333-8333-333333333333', code)]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ field: 'changingProcessId', error: 'Процесс не найден или истёк, начните заново' });
    }
    expect((await summary(other.token)).email).toBe(other.email);
    expect((await confirmOld(me.token, id, code)).status).toBe(200);
  });

  it('resends for the current step after the pause, and the new code replaces the old one', async () => {
    const me = await freshUser();
    const id = (await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'resent@example.ru')).json.changingProcessId as string;
    const first = await lastCode(gw, me.phone);
    const soon = await resend(me.token, id);
    expect(soon.status).toBe(429);
    expect(soon.json.code).toBe('resend_too_soon');
    clock.advance(31);
    const resent = await resend(me.token, id);
    expect(resent.json).toMatchObject({ changingProcessId: id, code: { destination: `+7 (916) ***-**-${me.phone.slice(-2)}` } });
    const second = await lastCode(gw, me.phone);
    if (first !== second) expect((await confirmOld(me.token, id, first)).status).toBe(400);
    expect((await confirmOld(me.token, id, second)).status).toBe(200);
    expect((await resend(me.token, id)).status).toBe(429);
    clock.advance(31);
    expect((await resend(me.token, id)).json.code).toMatchObject({ destination: 'r***@example.ru' });
    expect((await confirmNew(me.token, id, await lastCode(gw, 'resent@example.ru'))).json.email).toBe('resent@example.ru');
  });

  it('refuses with 409 when the new value was taken meanwhile, and a new start abandons the old process', async () => {
    const me = await freshUser();
    const other = await freshUser();
    const id = (await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'wanted@example.ru')).json.changingProcessId as string;
    await confirmOld(me.token, id, await lastCode(gw, me.phone));
    await gw.db.update(users).set({ email: 'wanted@example.ru' }).where(eq(users.id, other.id));
    const raced = await confirmNew(me.token, id, await lastCode(gw, 'wanted@example.ru'));
    expect(raced.status).toBe(409);
    expect(raced.json).toMatchObject({ field: 'newCredentialValue', code: 'email_taken' });
    expect((await summary(me.token)).email).toBe(me.email);

    const first = (await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'first@example.ru')).json.changingProcessId as string;
    const firstCode = await lastCode(gw, me.phone);
    clock.advance(31);
    expect((await start(me.token, 'RegistrationEmail', 'RegistrationPhone', 'second@example.ru')).status).toBe(200);
    const abandoned = await confirmOld(me.token, first, firstCode);
    expect(abandoned.status).toBe(409);
    expect(abandoned.json.code).toBe('wrong_step');
  });
});

describe('reserve contacts', () => {
  const R = (name: string) => `${C}/${name}`;

  it('confirms a new reserve phone and e-mail by code, re-confirms the stored one, and removes one', async () => {
    const me = await freshUser();
    const phoneStart = await post(gw, R('StartReservePhoneConfirmation'), { phone: '+79160009999' }, { token: me.token });
    expect(phoneStart.json.code).toMatchObject({ destination: '+7 (916) ***-**-99' });
    const phoneId = phoneStart.json.confirmationId as string;
    expect((await get(gw, '/account/user/GetMyDetailedInfo', me.token)).json.reservePhone).toBeNull();
    const wrongKind = await post(gw, R('ConfirmReserveEmail'), { confirmationId: phoneId, code: await lastCode(gw, '+79160009999') }, { token: me.token });
    expect(wrongKind.status).toBe(404);
    const confirmed = await post(gw, R('ConfirmReservePhone'), { confirmationId: phoneId, code: await lastCode(gw, '+79160009999') }, { token: me.token });
    expect(confirmed.json).toEqual({ reservePhone: '+79160009999', reserveEmail: null });
    const twice = await post(gw, R('ConfirmReservePhone'), { confirmationId: phoneId, code: await lastCode(gw, '+79160009999') }, { token: me.token });
    expect(twice.status).toBe(409);

    const mailStart = await post(gw, R('StartReserveEmailConfirmation'), { email: 'Spare@Example.ru' }, { token: me.token });
    const mailId = mailStart.json.confirmationId as string;
    const badCode = await post(
      gw,
      R('ConfirmReserveEmail'),
      { confirmationId: mailId, code: wrongCode(await lastCode(gw, 'spare@example.ru')) },
      { token: me.token },
    );
    expect(badCode.status).toBe(400);
    const mail = await post(gw, R('ConfirmReserveEmail'), { confirmationId: mailId, code: await lastCode(gw, 'spare@example.ru') }, { token: me.token });
    expect(mail.json).toEqual({ reservePhone: '+79160009999', reserveEmail: 'spare@example.ru' });
    expect((await get(gw, '/account/user/GetMyDetailedInfo', me.token)).json).toMatchObject({ reservePhone: '+79160009999', reserveEmail: 'spare@example.ru' });

    const sentBefore = (await outbox(gw)).length;
    const again = await post(gw, R('StartReservePhoneConfirmation'), undefined, { token: me.token });
    expect(again.status).toBe(200);
    expect((await outbox(gw))[0]).toMatchObject({ recipient: '+79160009999', channel: 'sms' });
    expect((await outbox(gw)).length).toBe(sentBefore + 1);

    const removed = await post(gw, R('RemoveReserveContact'), { kind: 'ReservePhone' }, { token: me.token });
    expect(removed.json).toEqual({ reservePhone: null, reserveEmail: 'spare@example.ru' });
  });

  it('refuses a sign-in value, a missing stored value, a bad value, and another user\'s confirmation', async () => {
    const me = await freshUser();
    const other = await freshUser();
    const refusals: Array<[string, unknown, string, string]> = [
      ['StartReservePhoneConfirmation', { phone: me.phone }, 'phone', 'Резервный телефон должен отличаться от основного'],
      ['StartReserveEmailConfirmation', { email: me.email.toUpperCase() }, 'email', 'Резервный e-mail должен отличаться от основного'],
      ['StartReservePhoneConfirmation', {}, 'phone', 'Резервный телефон не указан'],
      ['StartReserveEmailConfirmation', undefined, 'email', 'Резервный e-mail не указан'],
      ['StartReservePhoneConfirmation', { phone: '+7916123456a' }, 'phone', 'Поле «phone» имеет неверный формат'],
    ];
    for (const [name, body, field, error] of refusals) {
      const answer = await post(gw, R(name), body, { token: me.token });
      expect({ name, status: answer.status, ...answer.json }).toMatchObject({ name, status: 400, field, error });
    }
    const id = (await post(gw, R('StartReserveEmailConfirmation'), { email: 'mine-spare@example.ru' }, { token: me.token })).json.confirmationId as string;
    const stolen = await post(gw, R('ConfirmReserveEmail'), { confirmationId: id, code: await lastCode(gw, 'mine-spare@example.ru') }, { token: other.token });
    expect(stolen.status).toBe(404);
    expect(stolen.json.field).toBe('confirmationId');
    expect((await get(gw, '/account/user/GetMyDetailedInfo', other.token)).json.reserveEmail).toBeNull();
    expect((await get(gw, '/account/user/GetMyDetailedInfo', me.token)).json.reserveEmail).toBeNull();
  });
});

describe('anonymous callers', () => {
  const isCall = (value: unknown): value is { method: 'GET' | 'POST'; path: string; access: string } =>
    typeof value === 'object' && value !== null && 'path' in value && 'access' in value;
  const calls = ([...Object.values(credentials), ...Object.values(user)] as unknown[]).filter(isCall).filter((one) => one.access === 'user');

  it(`get 401 from each of the ${calls.length} credential, profile and session calls`, async () => {
    expect(calls.length).toBeGreaterThanOrEqual(20);
    for (const one of calls) {
      const answer = await call(gw, one.method, one.path, one.method === 'POST' ? { body: {} } : {});
      expect(`${one.path} ${answer.status}`).toBe(`${one.path} 401`);
    }
    expect(DEMO.email).toBe((await summary(await login(gw))).email);
  });
});
