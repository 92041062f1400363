import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { outbox } from '../../server/delivery/schema';
import { users } from '../../server/db/schema';
import { startFakeSmsAero, type AeroMessage, type FakeSmsAero } from '../support/fake-sms-aero';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { createClock, createUser, post, startGateway } from './helpers';

/**
 * Codes reach people through a provider that answers as SMS Aero and a real SMTP server, on a production
 * gateway. Every code here is taken from what they received — never from the outbox.
 */

let aero: FakeSmsAero;
let smtp: SmtpCatcher;
/** Codes go on the request's own try; its workers poll rarely, so none takes a code before that try does. */
let gw: Gateway;
/** Retries and polls in tenths of a second, so a provider that comes back is seen at once. */
let retrying: Gateway;

const QUICK = { retryBaseSeconds: 0.2, retryMaxSeconds: 0.5, pollMs: 50, sendTimeoutSeconds: 2 };

beforeAll(async () => {
  [aero, smtp] = await Promise.all([startFakeSmsAero(), startSmtpCatcher()]);
  [gw, retrying] = await Promise.all([
    startGateway({ production: true, smtpUrl: smtp.url, delivery: { sms: aero.settings(), ...QUICK, pollMs: 600_000 } }),
    startGateway({ production: true, smtpUrl: smtp.url, delivery: { sms: aero.settings(), ...QUICK } }),
  ]);
});
afterAll(async () => {
  await Promise.all([gw.close(), retrying.close()]);
  await Promise.all([aero.close(), smtp.stop()]);
});
beforeEach(() => {
  aero.mode = 'ok';
  aero.refusedNumbers.clear();
  aero.answerWith = null;
});

/** The next message the provider takes for `phone` after `since` of its messages, waiting for it. */
async function nextAero(phone: string, since: number, kind?: AeroMessage['kind']): Promise<AeroMessage> {
  const digits = phone.replace(/\D/g, '');
  const find = () => aero.received.slice(since).find((item) => item.number === digits && (kind === undefined || item.kind === kind));
  await expect.poll(find, { timeout: 5000 }).toBeDefined();
  return find() as AeroMessage;
}

/** The code of an SMS as a person reads it, or a call's: the last four digits of the number that called. */
const codeIn = (message: AeroMessage): string =>
  (message.kind === 'flashcall' ? message.caller?.replace(/\D/g, '').slice(-4) : /\b(\d{4,6})\b/.exec(message.text)?.[1]) ?? '';

/** The six-digit code of the newest letter to `address`, waiting for it. */
async function mailedCode(address: string, since: number): Promise<{ code: string; text: string }> {
  await expect.poll(() => smtp.to(address).length, { timeout: 5000 }).toBeGreaterThan(since);
  const text = smtp.to(address).at(-1)?.text ?? '';
  return { code: /\b(\d{6})\b/.exec(text)?.[1] ?? '', text };
}

const enterPhone = (phone: string, usingFlashcall = false, gateway = gw) =>
  post(gateway, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall, phone });
const confirm = (registrationProcessId: string, code: string, gateway = gw) =>
  post(gateway, '/Registration/ConfirmCredential', { registrationProcessId, code });
const rowsTo = (recipient: string, gateway = gw) => gateway.db.select().from(outbox).where(eq(outbox.recipient, recipient));

describe('registration, second factor and reset, end to end', () => {
  it('registers a customer by an SMS code and an e-mail code, taken from the SMS and the letter', async () => {
    const phone = '+79161110001';
    const before = aero.received.length;
    const started = await enterPhone(phone);
    expect(started.json.code).toMatchObject({ codeLength: 6, sentBy: 'sms', delayed: false });
    const sms = await nextAero(phone, before, 'sms');
    expect(sms.sign).toBe('PCB Portal');
    const id = started.json.registrationProcessId as string;
    expect((await confirm(id, codeIn(sms))).json).toEqual({ confirmed: 'phone' });
    const email = 'sms.buyer@factory.test';
    expect((await post(gw, '/Registration/EnterEmail', { registrationProcessId: id, email })).json.code)
      .toMatchObject({ sentBy: 'email', delayed: false });
    expect((await confirm(id, (await mailedCode(email, 0)).code)).json).toEqual({ confirmed: 'email' });
    const created = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'Buyer-password-5731' });
    expect(created.json.accessToken).toMatch(/^ey/);
  });

  it('registers by a flash call: the code is the last four digits of the number that calls', async () => {
    const phone = '+79161110002';
    const before = aero.received.length;
    const started = await enterPhone(phone, true);
    expect(started.json.code).toMatchObject({ codeLength: 4, sentBy: 'flashcall', delayed: false });
    const call = await nextAero(phone, before);
    expect(call.kind).toBe('flashcall');
    expect(aero.requests.at(-1)?.body).toEqual({ phone: '79161110002', code: codeIn(call) });
    expect((await confirm(started.json.registrationProcessId as string, codeIn(call))).json).toEqual({ confirmed: 'phone' });
  });

  it('signs in with an SMS second factor, and resets the password by the link in the letter', async () => {
    const phone = '+79161110003';
    const email = 'twofactor@factory.test';
    const userId = await createUser(gw, email, phone, 'Old-password-1234');
    await gw.db.update(users).set({ secondFactorTypes: [0] }).where(eq(users.id, userId));
    const login = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: email, password: 'Old-password-1234' });
    expect(login.json).toMatchObject({ result: 1, secondFactorTypes: [0] });
    const secondFactorId = login.json.secondFactorId as string;
    const before = aero.received.length;
    const sent = await post(gw, '/Authentification/SendCode', { secondFactorId, secondFactorType: 0 });
    expect(sent.json).toMatchObject({ codeLength: 6, sentBy: 'sms', delayed: false });
    const code = codeIn(await nextAero(phone, before, 'sms'));
    const confirmed = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId, code });
    expect(confirmed.json).toMatchObject({ result: 0 });

    const letters = smtp.to(email).length;
    expect((await post(gw, '/Authentification/SendPasswordResettingLink', { email })).json).toEqual({ ok: true });
    const { text } = await mailedCode(email, letters);
    const linkCode = /[?&]code=([0-9a-f]{32}\d{6})/.exec(text)?.[1] ?? '';
    expect(linkCode).not.toBe('');
    expect((await post(gw, '/Authentification/ResetPassword', { code: linkCode, newPassword: 'New-password-5678' })).json).toEqual({ ok: true });
    const again = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: email, password: 'New-password-5678' });
    expect(again.json).toMatchObject({ result: 1 });
  });
});

describe('when the provider cannot do as asked', () => {
  it('sends the code of a flash call it refuses by SMS, and the answer says so', async () => {
    aero.mode = 'refuseCalls';
    const phone = '+79161110004';
    const before = aero.received.length;
    const started = await enterPhone(phone, true);
    expect(started.json.code).toMatchObject({ codeLength: 4, sentBy: 'sms', delayed: false });
    const sms = await nextAero(phone, before);
    expect(sms.kind).toBe('sms');
    expect(sms.text).toMatch(/^Код подтверждения PCB Portal: \d{4}\./);
    expect((await confirm(started.json.registrationProcessId as string, codeIn(sms))).json).toEqual({ confirmed: 'phone' });
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ channel: 'sms', sentVia: 'sms', status: 'sent' });
    // The operator sees why a call went by SMS.
    expect(row?.error).toMatch(/^flash call refused \(.+\); sent by SMS$/);
  });

  it('says the code may come a little later while the provider is down, and it comes once the provider is back', async () => {
    aero.mode = 'down';
    const phone = '+79161110005';
    const before = aero.received.length;
    const started = await enterPhone(phone, false, retrying);
    expect(started.status).toBe(200);
    expect(started.json.code).toMatchObject({ sentBy: 'sms', delayed: true });
    await expect.poll(async () => (await rowsTo(phone, retrying))[0]?.attempts ?? 0, { timeout: 5000 }).toBeGreaterThan(1);
    expect(aero.received.slice(before)).toHaveLength(0);
    aero.mode = 'ok';
    const sms = await nextAero(phone, before);
    expect((await confirm(started.json.registrationProcessId as string, codeIn(sms), retrying)).json).toEqual({ confirmed: 'phone' });
    const [row] = await rowsTo(phone, retrying);
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(aero.received.slice(before).filter((item) => item.number === '79161110005')).toHaveLength(1);
  });

  it('keeps a code while the account has no money, saying it may come later, and sends it once topped up', async () => {
    aero.mode = 'noCredits';
    const phone = '+79161110006';
    const before = aero.received.length;
    const started = await enterPhone(phone, true, retrying);
    expect(started.json.code).toMatchObject({ sentBy: 'flashcall', delayed: true });
    await expect.poll(async () => (await rowsTo(phone, retrying))[0]?.error ?? '', { timeout: 5000 }).toContain('no credits');
    aero.mode = 'ok';
    // The same channel once the money is there: it was never the call that failed.
    const call = await nextAero(phone, before);
    expect(call.kind).toBe('flashcall');
    expect((await confirm(started.json.registrationProcessId as string, codeIn(call), retrying)).json).toEqual({ confirmed: 'phone' });
  });

  it('answers a number the provider refuses with 400 naming the phone, and lets a corrected number go at once', async () => {
    const phone = '+79161110007';
    aero.refusedNumbers.add('79161110007');
    for (const usingFlashcall of [false, true]) {
      const refused = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall, phone }, { lang: 'en' });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        error: 'The code could not be sent to +7 (916) ***-**-07. Check the number or get the code another way.',
        field: 'phone', code: 'code_undeliverable',
      });
    }
    expect((await rowsTo(phone)).map((row) => row.status)).toEqual(['failed', 'failed']);
    const corrected = await enterPhone('+79161110070');
    expect(corrected.status).toBe(200);
  });

  it('answers a second factor whose phone the provider refuses with 400 naming the method', async () => {
    const phone = '+79161110008';
    const userId = await createUser(gw, 'refused@factory.test', phone, 'Some-password-1234');
    await gw.db.update(users).set({ secondFactorTypes: [0, 2] }).where(eq(users.id, userId));
    aero.refusedNumbers.add('79161110008');
    const login = await post(gw, '/Authentification/Login', { fingerprint: 'f', login: phone, password: 'Some-password-1234' });
    const secondFactorId = login.json.secondFactorId as string;
    const refused = await post(gw, '/Authentification/SendCode', { secondFactorId, secondFactorType: 0 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'secondFactorType', code: 'code_undeliverable' });
    expect(refused.json.error).toBe('Не удалось отправить код на номер +7 (916) ***-**-08. Выберите другой способ получения кода.');
    // The send was given back: another method goes at once, without the resend pause.
    const byMail = await post(gw, '/Authentification/SendCode', { secondFactorId, secondFactorType: 2 });
    expect(byMail.status).toBe(200);
  });
});

describe('the provider\'s delivery status', () => {
  it('is read back into the outbox row once it is due', async () => {
    const clock = createClock(new Date());
    // Statuses are first asked 3 s (on the test's clock) after the send, and rounds run each second of real time.
    const timed = await startGateway({
      production: true, now: clock.now, smtpUrl: smtp.url, delivery: { sms: aero.settings(), ...QUICK, statusCheckSeconds: 3 },
    });
    try {
      const [sms, call] = ['+79161110009', '+79161110010'];
      await post(timed, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone: sms });
      await post(timed, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: true, phone: call });
      const row = async (recipient: string) => (await timed.db.select().from(outbox).where(eq(outbox.recipient, recipient)))[0];
      expect(await row(sms)).toMatchObject({ status: 'sent', providerStatus: 'queue' });
      expect(await row(call)).toMatchObject({ status: 'sent', providerStatus: 'queue' });
      expect((await row(sms))?.statusCheckAt).not.toBeNull();
      // Statuses that are not the last word are asked again later (tests/unit/sms-aero.test.ts tells them apart).
      aero.statusAnswer = 1;
      clock.advance(4);
      await expect.poll(async () => (await row(sms))?.providerStatus, { timeout: 15_000 }).toBe('delivery');
      expect(await row(sms)).toMatchObject({ statusCheckAt: null });
      expect(await row(call)).toMatchObject({ providerStatus: 'call delivered', statusCheckAt: null });
    } finally {
      aero.statusAnswer = 1;
      await timed.close();
    }
  }, 40_000);
});
