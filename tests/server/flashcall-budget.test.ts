import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { FLASHCALL_GUESSES_PER_DAY } from '../../server/auth/codes';
import { createClock, DEMO_2FA, lastCode, post, startGateway, wrongCode, type CallResult } from './helpers';

/**
 * A flash-call code has four digits, so guesses at it are counted per account over every code and process: 48 a
 * day, at most 96 in any 24 hours across two days, under a 1 % chance of a hit (docs/decisions.md).
 */

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
});
afterAll(() => gw.close());

async function secondFactor(): Promise<string> {
  const answer = await post(gw, '/Authentification/Login', { fingerprint: 'fp', login: DEMO_2FA.email, password: DEMO_2FA.password });
  return answer.json.secondFactorId as string;
}

const sendCall = (secondFactorId: string) => post(gw, '/Authentification/SendCode', { secondFactorId, secondFactorType: 1 });
const confirm = (secondFactorId: string, code: string) => post(gw, '/Authentification/ConfirmSecondFactor', { secondFactorId, code });

/** Wrong guesses at fresh flash-call codes, five per code and a new sign-in each time, until `count` are made. */
async function guessWrong(count: number): Promise<CallResult[]> {
  const answers: CallResult[] = [];
  while (answers.length < count) {
    clock.advance(31);
    const id = await secondFactor();
    expect((await sendCall(id)).status).toBe(200);
    const code = await lastCode(gw, DEMO_2FA.phone);
    for (let i = 0; i < 5 && answers.length < count; i += 1) answers.push(await confirm(id, wrongCode(code)));
  }
  return answers;
}

describe('guesses at flash-call codes', () => {
  it('keep the chance of a hit within any day under 1 %', () => {
    const worstDay = 2 * FLASHCALL_GUESSES_PER_DAY;
    expect(1 - (1 - 1 / 9996) ** worstDay).toBeLessThan(0.01);
  });

  it('are refused past the day\'s budget over every code and sign-in, even with the right code; SMS still works', async () => {
    const wrong = await guessWrong(FLASHCALL_GUESSES_PER_DAY - 1);
    expect(wrong.every((answer) => answer.status === 400 && answer.json.code === 'code_wrong')).toBe(true);

    clock.advance(31);
    const last = await secondFactor();
    expect((await sendCall(last)).status).toBe(200);
    const code = await lastCode(gw, DEMO_2FA.phone);
    expect((await confirm(last, wrongCode(code))).json.code).toBe('code_wrong');
    const right = await confirm(last, code);
    expect([right.status, right.json.code]).toEqual([429, 'flashcall_guesses_exceeded']);

    clock.advance(31);
    const noCall = await sendCall(await secondFactor());
    expect(noCall.status).toBe(429);
    expect(noCall.json).toMatchObject({ code: 'flashcall_guesses_exceeded' });
    expect(noCall.json.error).toMatch(/SMS или e-mail/);

    const bySms = await secondFactor();
    expect((await post(gw, '/Authentification/SendCode', { secondFactorId: bySms, secondFactorType: 0 })).status).toBe(200);
    expect((await confirm(bySms, await lastCode(gw, DEMO_2FA.phone))).status).toBe(200);
  });

  it('are counted again the next day', async () => {
    clock.advance(24 * 3600);
    const id = await secondFactor();
    expect((await sendCall(id)).status).toBe(200);
    expect((await confirm(id, await lastCode(gw, DEMO_2FA.phone))).status).toBe(200);
  });

  it('are counted per phone in registration, over every process', async () => {
    const phone = '+79165554433';
    let made = 0;
    let refused: CallResult | null = null;
    while (refused === null && made <= FLASHCALL_GUESSES_PER_DAY) {
      clock.advance(31);
      const started = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: true, phone });
      if (started.status !== 200) {
        refused = started;
        break;
      }
      const registrationProcessId = started.json.registrationProcessId as string;
      const code = await lastCode(gw, phone);
      for (let i = 0; i < 5; i += 1) {
        const answer = await post(gw, '/Registration/ConfirmCredential', { registrationProcessId, code: wrongCode(code) });
        if (answer.status === 429) {
          refused = answer;
          break;
        }
        made += 1;
      }
    }
    expect(made).toBe(FLASHCALL_GUESSES_PER_DAY);
    expect(refused?.json.code).toBe('flashcall_guesses_exceeded');
    const bySms = await post(gw, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone });
    expect(bySms.status).toBe(200);
  });
});
