import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type {
  CodeSentResponse, ConfirmSecondFactorRequest, ConfirmSecondFactorResponse, LoginResponse, ResetPasswordRequest,
  SendCodeRequest,
} from '../../src/contract/auth';
import { loginMachine } from '../../src/machines/login/login';
import type { LoginInput } from '../../src/machines/login/login-types';
import { RESEND_COOLDOWN_MS } from '../../src/machines/shared/form-checks';
import { SAMPLE_SMS_CODE_SENT, SAMPLE_TOKEN } from '../../src/machines/shared/samples';
import { SAMPLE_SECOND_FACTOR_ID } from '../../src/machines/login/samples';

interface Answers {
  signIn?: LoginResponse | Error;
  sendCode?: CodeSentResponse;
}

const settle = <T>(answer: T | Error | undefined): Promise<T> =>
  answer instanceof Error ? Promise.reject(answer) : answer === undefined ? new Promise<T>(() => {}) : Promise.resolve(answer);

/** A login actor whose gateway answers as told and records what it was asked. */
function startLogin(answers: Answers, input: LoginInput = {}) {
  const clock = new SimulatedClock();
  const asked = {
    signIn: [] as Array<{ login: string; password: string }>,
    sendCode: [] as SendCodeRequest[],
    confirm: [] as ConfirmSecondFactorRequest[],
    reset: [] as ResetPasswordRequest[],
  };
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise<LoginResponse, { login: string; password: string }>(({ input: request }) => {
        asked.signIn.push(request);
        return settle(answers.signIn);
      }),
      sendCode: fromPromise<CodeSentResponse, SendCodeRequest>(({ input: request }) => {
        asked.sendCode.push(request);
        return settle(answers.sendCode);
      }),
      confirmSecondFactor: fromPromise<ConfirmSecondFactorResponse, ConfirmSecondFactorRequest>(({ input: request }) => {
        asked.confirm.push(request);
        return Promise.resolve({ result: 2, accessToken: SAMPLE_TOKEN });
      }),
      resetPassword: fromPromise<{ ok: true }, ResetPasswordRequest>(({ input: request }) => {
        asked.reset.push(request);
        return Promise.resolve({ ok: true });
      }),
    },
  });
  const actor = createActor(machine, { clock, input });
  actor.start();
  return { actor, clock, asked };
}

describe('login flow', () => {
  it('marks empty fields with locale keys and calls nothing', () => {
    const { actor, asked } = startLogin({});
    actor.send({ type: 'login.submit', login: '  ', password: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ login: 'auth.errors.required', password: 'auth.errors.required' });
    expect(asked.signIn).toEqual([]);
  });

  it('finishes with the token and profileCompleted on result 0', async () => {
    const { actor, asked } = startLogin({ signIn: { result: 0, accessToken: SAMPLE_TOKEN } });
    actor.send({ type: 'login.submit', login: ' demo@example.ru ', password: 'demo12345' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked.signIn).toEqual([{ login: 'demo@example.ru', password: 'demo12345' }]);
    expect(actor.getSnapshot().output).toEqual({ accessToken: SAMPLE_TOKEN, profileCompleted: true });
  });

  it('finishes with profileCompleted false on result 2', async () => {
    const { actor } = startLogin({ signIn: { result: 2, accessToken: SAMPLE_TOKEN } });
    actor.send({ type: 'login.submit', login: 'demo@example.ru', password: 'demo12345' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ accessToken: SAMPLE_TOKEN, profileCompleted: false });
  });

  it("shows the gateway's message and field when sign-in fails", async () => {
    const error = Object.assign(new Error('Неверный логин или пароль'), { field: 'password' });
    const { actor } = startLogin({ signIn: error });
    actor.send({ type: 'login.submit', login: 'demo@example.ru', password: 'wrong-one' });
    await waitFor(actor, (snapshot) => snapshot.context.errorMessage !== null);
    expect(actor.getSnapshot().value).toEqual({ start: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'Неверный логин или пароль', errorField: 'password' });
  });

  it('sends the code at once when the account has a single second-factor method, then allows resend after 30 s', async () => {
    const { actor, clock, asked } = startLogin({
      signIn: { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0] },
      sendCode: SAMPLE_SMS_CODE_SENT,
    });
    actor.send({ type: 'login.submit', login: 'demo2fa@example.ru', password: 'demo12345' });
    await waitFor(actor, (snapshot) => snapshot.matches({ secondFactor: 'enteringCode' }));
    expect(asked.sendCode).toEqual([{ secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorType: 0 }]);
    expect(actor.getSnapshot().can({ type: 'secondFactor.resend' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'secondFactor.changeMethod' })).toBe(false);
    clock.increment(RESEND_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().context.resendAvailable).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().context.resendAvailable).toBe(true);
    actor.send({ type: 'secondFactor.resend' });
    await waitFor(actor, (snapshot) => asked.sendCode.length === 2 && snapshot.matches({ secondFactor: 'enteringCode' }));
    expect(actor.getSnapshot().context.resendAvailable).toBe(false);
  });

  it('lets the user choose among several methods and rejects a malformed code before calling', async () => {
    const { actor, asked } = startLogin({
      signIn: { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0, 2] },
      sendCode: SAMPLE_SMS_CODE_SENT,
    });
    actor.send({ type: 'login.submit', login: 'demo2fa@example.ru', password: 'demo12345' });
    await waitFor(actor, (snapshot) => snapshot.matches({ secondFactor: 'choosingMethod' }));
    actor.send({ type: 'secondFactor.choose', secondFactorType: 1 });
    expect(asked.sendCode).toEqual([]);
    actor.send({ type: 'secondFactor.choose', secondFactorType: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ secondFactor: 'enteringCode' }));
    actor.send({ type: 'secondFactor.submitCode', code: '12-34' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'auth.errors.codeFormat' });
    actor.send({ type: 'secondFactor.submitCode', code: ' 654321 ' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked.confirm).toEqual([{ secondFactorId: SAMPLE_SECOND_FACTOR_ID, code: '654321' }]);
    expect(actor.getSnapshot().output).toEqual({ accessToken: SAMPLE_TOKEN, profileCompleted: false });
  });

  it('opens at the code step of recovery from the e-mailed link and resets the password', async () => {
    const { actor, asked } = startLogin({}, { recoveryEmail: 'demo@example.ru', recoveryCode: '123456' });
    expect(actor.getSnapshot().value).toEqual({ recovery: 'enteringCode' });
    expect(actor.getSnapshot().context.recoveryCode).toBe('123456');
    actor.send({ type: 'recovery.submitReset', code: '123456', newPassword: 'short' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: 'auth.errors.passwordShort' });
    actor.send({ type: 'recovery.submitReset', code: '123456', newPassword: 'new-secret-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ recovery: 'resetDone' }));
    expect(asked.reset).toEqual([{ email: 'demo@example.ru', code: '123456', newPassword: 'new-secret-1' }]);
    actor.send({ type: 'recovery.toLogin' });
    expect(actor.getSnapshot().value).toEqual({ start: 'editing' });
    expect(actor.getSnapshot().context.login).toBe('demo@example.ru');
  });

  it('opens recovery from a link whose code names the reset alone, and sends no address', async () => {
    const linkCode = `${'ab12'.repeat(8)}654321`;
    const { actor, asked } = startLogin({}, { recoveryCode: linkCode });
    expect(actor.getSnapshot().value).toEqual({ recovery: 'enteringCode' });
    actor.send({ type: 'recovery.submitReset', code: linkCode, newPassword: 'new-secret-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ recovery: 'resetDone' }));
    expect(asked.reset).toEqual([{ code: linkCode, newPassword: 'new-secret-1' }]);
  });

  it('opens sign-in, not recovery, from a link with a six-digit code and no address', () => {
    const { actor } = startLogin({}, { recoveryCode: '654321' });
    expect(actor.getSnapshot().value).toEqual({ start: 'editing' });
  });

  it('carries the e-mail of a failed sign-in into recovery and checks the address format', async () => {
    const { actor } = startLogin({ signIn: new Error('Неверный логин или пароль') });
    actor.send({ type: 'login.submit', login: 'demo@example.ru', password: 'wrong-one' });
    await waitFor(actor, (snapshot) => snapshot.context.errorMessage !== null);
    actor.send({ type: 'login.forgotPassword' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryEmail: 'demo@example.ru', errorMessage: null });
    actor.send({ type: 'recovery.submitEmail', email: 'demo@' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'auth.errors.emailFormat' });
    actor.send({ type: 'login.back' });
    expect(actor.getSnapshot().value).toEqual({ start: 'editing' });
  });
});
