import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccessTokenResponse } from '../../src/contract/auth';
import type {
  ConfirmCredentialRequest, ConfirmCredentialResponse, CreateProfileRequest, EnterEmailRequest, EnterEmailResponse,
  EnterPhoneRequest, EnterPhoneResponse,
} from '../../src/contract/registration';
import type { FillProfileRequest } from '../../src/contract/user';
import { profileCompletionMachine } from '../../src/machines/profile-completion/profile-completion';
import { registrationMachine, registrationStep } from '../../src/machines/registration/registration';
import {
  SAMPLE_EMAIL_CODE_SENT, SAMPLE_PROCESS_ID, SAMPLE_SMS_CODE_SENT, SAMPLE_TOKEN,
} from '../../src/machines/shared/samples';

function startRegistration() {
  const asked: unknown[] = [];
  const machine = registrationMachine.provide({
    actors: {
      enterPhone: fromPromise<EnterPhoneResponse, EnterPhoneRequest>(async ({ input }) => {
        asked.push({ enterPhone: input });
        return { registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT };
      }),
      confirmCredential: fromPromise<ConfirmCredentialResponse, ConfirmCredentialRequest>(async ({ input }) => {
        asked.push({ confirmCredential: input });
        return { confirmed: 'phone' };
      }),
      enterEmail: fromPromise<EnterEmailResponse, EnterEmailRequest>(async ({ input }) => {
        asked.push({ enterEmail: input });
        return { registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_EMAIL_CODE_SENT };
      }),
      createProfile: fromPromise<AccessTokenResponse, CreateProfileRequest>(async ({ input }) => {
        asked.push({ createProfile: input });
        return { accessToken: SAMPLE_TOKEN };
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, asked };
}

describe('registration flow', () => {
  it('walks phone → confirm phone → email → confirm email → user data and outputs the token', async () => {
    const { actor, asked } = startRegistration();
    const step = () => registrationStep(actor.getSnapshot());
    expect(step()).toBe('phone');
    actor.send({ type: 'registration.submitPhone', phone: '+7 (999) 123-45-67', usingFlashcall: true });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmPhone'));
    expect(step()).toBe('confirmPhone');
    actor.send({ type: 'registration.submitCode', code: '4567' });
    await waitFor(actor, (snapshot) => snapshot.matches('email'));
    actor.send({ type: 'registration.submitEmail', email: ' new@example.ru ' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmEmail'));
    expect(step()).toBe('confirmEmail');
    actor.send({ type: 'registration.submitCode', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.matches('userData'));
    actor.send({ type: 'registration.submitUserData', password: 'secret-123', passwordRepeat: 'secret-123' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(step()).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ accessToken: SAMPLE_TOKEN });
    expect(asked).toEqual([
      { enterPhone: { registrationProcessId: null, usingFlashcall: true, phone: '+79991234567' } },
      { confirmCredential: { registrationProcessId: SAMPLE_PROCESS_ID, code: '4567' } },
      { enterEmail: { registrationProcessId: SAMPLE_PROCESS_ID, email: 'new@example.ru' } },
      { confirmCredential: { registrationProcessId: SAMPLE_PROCESS_ID, code: '123456' } },
      { createProfile: { registrationProcessId: SAMPLE_PROCESS_ID, password: 'secret-123' } },
    ]);
  });

  it('asks for a new code within the same process on resend', async () => {
    const { actor, asked } = startRegistration();
    actor.send({ type: 'registration.submitPhone', phone: '89991234567', usingFlashcall: false });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmPhone'));
    actor.send({ type: 'registration.resendCode' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmPhone') && asked.length === 2);
    expect(asked[1]).toEqual({ enterPhone: { registrationProcessId: SAMPLE_PROCESS_ID, usingFlashcall: false, phone: '+79991234567' } });
    actor.send({ type: 'registration.back' });
    expect(actor.getSnapshot().value).toBe('phone');
  });

  it('rejects a malformed phone with a locale key and calls nothing', () => {
    const { actor, asked } = startRegistration();
    actor.send({ type: 'registration.submitPhone', phone: '123', usingFlashcall: false });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: 'auth.errors.phoneFormat' });
    expect(asked).toEqual([]);
  });

  it('requires matching passwords of at least 8 characters', async () => {
    const { actor } = startRegistration();
    actor.send({ type: 'registration.submitPhone', phone: '9991234567', usingFlashcall: false });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmPhone'));
    actor.send({ type: 'registration.submitCode', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.matches('email'));
    actor.send({ type: 'registration.submitEmail', email: 'new@example.ru' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmEmail'));
    actor.send({ type: 'registration.submitCode', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.matches('userData'));
    actor.send({ type: 'registration.submitUserData', password: 'short', passwordRepeat: 'shorts' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: 'auth.errors.passwordShort',
      passwordRepeat: 'auth.errors.passwordMismatch',
    });
    actor.send({ type: 'registration.submitUserData', password: 'long-enough', passwordRepeat: 'long-enougH' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ passwordRepeat: 'auth.errors.passwordMismatch' });
    expect(actor.getSnapshot().value).toBe('userData');
  });
});

describe('profile completion flow', () => {
  it('requires first and last name, then saves trimmed names without an empty patronymic', async () => {
    const saved: FillProfileRequest[] = [];
    const machine = profileCompletionMachine.provide({
      actors: {
        fillProfile: fromPromise<{ ok: true }, FillProfileRequest>(async ({ input }) => {
          saved.push(input);
          return { ok: true };
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'profile.submit', firstName: ' ', patronymic: '', lastName: '', isMale: null });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ firstName: 'auth.errors.required', lastName: 'auth.errors.required' });
    actor.send({ type: 'profile.submit', firstName: ' Иван ', patronymic: ' ', lastName: 'Демидов', isMale: true });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(saved).toEqual([{ firstName: 'Иван', lastName: 'Демидов', isMale: true }]);
  });

  it("keeps the form open with the gateway's message when saving fails", async () => {
    const machine = profileCompletionMachine.provide({
      actors: { fillProfile: fromPromise(() => Promise.reject(new Error('Поле firstName слишком длинное'))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'profile.submit', firstName: 'Иван', patronymic: '', lastName: 'Демидов', isMale: false });
    await waitFor(actor, (snapshot) => snapshot.context.errorMessage !== null);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorMessage).toBe('Поле firstName слишком длинное');
  });
});
