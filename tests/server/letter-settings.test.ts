import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLetterSettings, setLetterSettings } from '../../src/contract/letters';
import type { Gateway } from '../../server/app';
import { users } from '../../server/db/schema';
import { createUser, DEMO_2FA, get, lastCode, login, post, startGateway } from './helpers';

/**
 * Which order letters a user receives (GetLetterSettings, SetLetterSettings), and the language letters are
 * written in: the one of the registration, then of the last sign-in.
 */
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

const langOf = async (userId: number) => (await gw.db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)))[0]?.lang;
const signIn = (login: string, password: string, lang: 'ru' | 'en') =>
  post(gw, '/Authentification/Login', { fingerprint: 'settings', login, password }, { lang });

describe('the letter settings', () => {
  it('start with every order letter on, and keep each muted one once, in the contract\'s order', async () => {
    await createUser(gw, 'settings-a@letters.test', '+79997770001');
    const token = await login(gw, 'settings-a@letters.test', 'password-123');
    expect((await get(gw, getLetterSettings.path, token)).json).toEqual({ mutedLetters: [], lang: 'ru' });
    const saved = await post(gw, setLetterSettings.path, { mutedLetters: ['shipped', 'placed', 'shipped'] }, { token });
    expect(saved.json).toEqual({ mutedLetters: ['placed', 'shipped'], lang: 'ru' });
    expect((await get(gw, getLetterSettings.path, token)).json).toEqual({ mutedLetters: ['placed', 'shipped'], lang: 'ru' });
    expect((await post(gw, setLetterSettings.path, { mutedLetters: [] }, { token })).json).toEqual({ mutedLetters: [], lang: 'ru' });
  });

  it('refuse what is not an order letter, naming the field in the caller\'s language, and anyone signed out', async () => {
    const token = await login(gw, 'settings-a@letters.test', 'password-123');
    for (const body of [
      { mutedLetters: ['codes'] },
      { mutedLetters: 'placed' },
      {},
      { mutedLetters: ['placed', 'held', 'invoiced', 'paid', 'shipped', 'placed'] },
    ]) {
      const answer = await post(gw, setLetterSettings.path, body, { token, lang: 'en' });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.json.field)).toMatch(/^mutedLetters/);
      expect(answer.json.error).toMatch(/mutedLetters/);
    }
    expect((await post(gw, setLetterSettings.path, { mutedLetters: ['placed'] })).status).toBe(401);
    expect((await get(gw, getLetterSettings.path)).status).toBe(401);
  });
});

describe('the language of the letters', () => {
  it('is the registration\'s, then the last sign-in\'s', async () => {
    const phone = '+79997770002';
    const email = 'settings-b@letters.test';
    const started = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone }, { lang: 'en' });
    const id = started.json.registrationProcessId as string;
    await post(gw, '/Registration/ConfirmCredential', { registrationProcessId: id, code: await lastCode(gw, phone) });
    await post(gw, '/Registration/EnterEmail', { registrationProcessId: id, email }, { lang: 'en' });
    await post(gw, '/Registration/ConfirmCredential', { registrationProcessId: id, code: await lastCode(gw, email) });
    const created = await post(gw, '/Registration/CreateProfile', { registrationProcessId: id, password: 'password-123' }, { lang: 'en' });
    expect(created.status).toBe(200);
    expect((await get(gw, getLetterSettings.path, created.json.accessToken as string)).json).toEqual({ mutedLetters: [], lang: 'en' });

    const [user] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect((await signIn(email, 'password-123', 'ru')).status).toBe(200);
    expect(await langOf(user?.id ?? 0)).toBe('ru');
    // A wrong password signs no one in and changes nothing.
    expect((await signIn(email, 'wrong-password', 'en')).status).toBe(401);
    expect(await langOf(user?.id ?? 0)).toBe('ru');
    expect((await signIn(email, 'password-123', 'en')).status).toBe(200);
    expect(await langOf(user?.id ?? 0)).toBe('en');
  });

  it('is set by the second factor\'s confirmation, where a sign-in with one ends', async () => {
    const [user] = await gw.db.select({ id: users.id, lang: users.lang }).from(users).where(eq(users.email, DEMO_2FA.email));
    expect(user?.lang).toBe('ru');
    const started = await signIn(DEMO_2FA.email, DEMO_2FA.password, 'en');
    expect(started.json.result).toBe(1);
    // Before the code is confirmed nobody is signed in: the language stays.
    expect(await langOf(user?.id ?? 0)).toBe('ru');
    const secondFactorId = started.json.secondFactorId as string;
    await post(gw, '/Authentification/SendCode', { secondFactorId, secondFactorType: 0 }, { lang: 'en' });
    const confirmed = await post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId, code: await lastCode(gw, DEMO_2FA.phone) }, { lang: 'en' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await langOf(user?.id ?? 0)).toBe('en');
  });
});
