import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CredentialCodeSent, CredentialType } from '../../src/contract/credentials';
import { credentialChangeMachine } from '../../src/machines/credential-change/credential-change';
import type {
  ChangingCodeInput, CredentialChangeResult, CredentialMethod, StartChangingInput,
} from '../../src/machines/credential-change/credential-change-types';
import { SAMPLE_EMAIL_CODE_SENT, SAMPLE_PROCESS_ID, SAMPLE_SMS_CODE_SENT } from '../../src/machines/shared/samples';

const BOTH: CredentialMethod[] = [
  { code: 'RegistrationPhone', maskedValue: '+7 (999) ***-**-00', canConfirm: true },
  { code: 'RegistrationEmail', maskedValue: 'd***@example.ru', canConfirm: true },
];
const EMAIL_ONLY: CredentialMethod[] = [
  { code: 'RegistrationPhone', maskedValue: null, canConfirm: false },
  { code: 'RegistrationEmail', maskedValue: 'd***@example.ru', canConfirm: true },
];

const oldSent: CredentialCodeSent = { changingProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_EMAIL_CODE_SENT };
const newSent: CredentialCodeSent = { changingProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT };

interface Answers {
  methods?: CredentialMethod[] | Error;
  start?: CredentialCodeSent | Error;
  confirmOld?: CredentialCodeSent | Error;
}

const settle = <T>(answer: T | Error): Promise<T> => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer));

/** A change flow whose gateway answers as told and records what it was asked. */
function startChange(answers: Answers = {}, credentialTypeCode: CredentialType = 'RegistrationPhone') {
  const clock = new SimulatedClock();
  const asked = {
    methods: 0,
    start: [] as StartChangingInput[],
    confirmOld: [] as ChangingCodeInput[],
    confirmNew: [] as ChangingCodeInput[],
    resend: [] as string[],
  };
  const machine = credentialChangeMachine.provide({
    actors: {
      loadCredentialTypes: fromPromise<CredentialMethod[], void>(() => {
        asked.methods += 1;
        return settle(answers.methods ?? BOTH);
      }),
      startChanging: fromPromise<CredentialCodeSent, StartChangingInput>(({ input }) => {
        asked.start.push(input);
        return settle(answers.start ?? oldSent);
      }),
      confirmOld: fromPromise<CredentialCodeSent, ChangingCodeInput>(({ input }) => {
        asked.confirmOld.push(input);
        return settle(answers.confirmOld ?? newSent);
      }),
      confirmNew: fromPromise<CredentialChangeResult, ChangingCodeInput>(({ input }) => {
        asked.confirmNew.push(input);
        return Promise.resolve({ phone: '+79991234567', email: 'demo@example.ru' });
      }),
      resendCode: fromPromise<CredentialCodeSent, { changingProcessId: string }>(({ input }) => {
        asked.resend.push(input.changingProcessId);
        return Promise.resolve(oldSent);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { credentialTypeCode } }).start();
  return { actor, clock, asked };
}

const fieldError = (message: string, field: string) => Object.assign(new Error(message), { field });

describe('credential change flow', () => {
  it('walks method → new phone → old code → new code → done with the stored credentials', async () => {
    const { actor, asked } = startChange();
    await waitFor(actor, (s) => s.matches('choosingMethod'));
    actor.send({ type: 'change.chooseMethod', method: 'RegistrationEmail' });
    actor.send({ type: 'change.submitValue', value: '+7 (999) 123-45-67' });
    await waitFor(actor, (s) => s.matches({ confirmingOld: 'entering' }));
    expect(asked.start).toEqual([
      { credentialTypeCode: 'RegistrationPhone', oldCredentialType: 'RegistrationEmail', newCredentialValue: '+79991234567' },
    ]);
    expect(actor.getSnapshot().context.codeSent).toEqual(SAMPLE_EMAIL_CODE_SENT);

    actor.send({ type: 'change.submitCode', code: ' 123456 ' });
    await waitFor(actor, (s) => s.matches({ confirmingNew: 'entering' }));
    expect(asked.confirmOld).toEqual([{ changingProcessId: SAMPLE_PROCESS_ID, code: '123456' }]);
    expect(actor.getSnapshot().context.codeSent).toEqual(SAMPLE_SMS_CODE_SENT);

    actor.send({ type: 'change.submitCode', code: '654321' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(asked.confirmNew).toEqual([{ changingProcessId: SAMPLE_PROCESS_ID, code: '654321' }]);
    expect(done.output).toEqual({ phone: '+79991234567', email: 'demo@example.ru' });
  });

  it('offers only credentials that can receive a code and skips the choice when one is left', async () => {
    const { actor } = startChange({ methods: EMAIL_ONLY }, 'RegistrationEmail');
    const snapshot = await waitFor(actor, (s) => s.matches('enteringValue'));
    expect(snapshot.context.methods.map((method) => method.code)).toEqual(['RegistrationEmail']);
    expect(snapshot.context.method).toBe('RegistrationEmail');
    // Nothing to go back to.
    expect(snapshot.can({ type: 'change.back' })).toBe(false);
  });

  it('stops at noMethod when no current credential can confirm', async () => {
    const { actor } = startChange({ methods: [{ code: 'RegistrationPhone', maskedValue: null, canConfirm: false }] });
    await waitFor(actor, (s) => s.matches('noMethod'));
  });

  it('refuses a malformed new value in place, by the type being changed', async () => {
    const { actor, asked } = startChange({ methods: EMAIL_ONLY }, 'RegistrationEmail');
    await waitFor(actor, (s) => s.matches('enteringValue'));
    actor.send({ type: 'change.submitValue', value: '+7 (999) 123-45-67' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newCredentialValue: 'auth.errors.emailFormat' });
    actor.send({ type: 'change.submitValue', value: ' new@example.ru ' });
    await waitFor(actor, (s) => s.matches('confirmingOld'));
    expect(asked.start[0]?.newCredentialValue).toBe('new@example.ru');
  });

  it("shows the gateway's refusal of the new value on that field and stays on the value step", async () => {
    const { actor } = startChange({ methods: EMAIL_ONLY, start: fieldError('Этот номер уже занят', 'newCredentialValue') });
    await waitFor(actor, (s) => s.matches('enteringValue'));
    actor.send({ type: 'change.submitValue', value: '9991234567' });
    const snapshot = await waitFor(actor, (s) => s.matches('enteringValue') && s.context.errorMessage !== null);
    expect(snapshot.context).toMatchObject({ errorMessage: 'Этот номер уже занят', errorField: 'newCredentialValue' });
  });

  it('keeps a wrong old code on the code step with its message', async () => {
    const { actor } = startChange({ methods: EMAIL_ONLY, confirmOld: fieldError('Неверный код', 'code') });
    await waitFor(actor, (s) => s.matches('enteringValue'));
    actor.send({ type: 'change.submitValue', value: '9991234567' });
    await waitFor(actor, (s) => s.matches({ confirmingOld: 'entering' }));
    actor.send({ type: 'change.submitCode', code: '12' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'auth.errors.codeFormat' });
    actor.send({ type: 'change.submitCode', code: '000000' });
    const snapshot = await waitFor(actor, (s) => s.matches({ confirmingOld: 'entering' }) && s.context.errorField === 'code');
    expect(snapshot.context.errorMessage).toBe('Неверный код');
  });

  it("opens resend only after the gateway's cooldown, for the same process", async () => {
    const { actor, clock, asked } = startChange({ methods: EMAIL_ONLY });
    await waitFor(actor, (s) => s.matches('enteringValue'));
    actor.send({ type: 'change.submitValue', value: '9991234567' });
    await waitFor(actor, (s) => s.matches({ confirmingOld: 'entering' }));
    actor.send({ type: 'change.resend' });
    expect(asked.resend).toEqual([]);
    clock.increment(SAMPLE_EMAIL_CODE_SENT.resendAfterSeconds * 1000);
    expect(actor.getSnapshot().context.resendAvailable).toBe(true);
    actor.send({ type: 'change.resend' });
    await waitFor(actor, (s) => s.matches({ confirmingOld: 'entering' }) && !s.context.resendAvailable);
    expect(asked.resend).toEqual([SAMPLE_PROCESS_ID]);
  });

  it('goes back from a code step to the new value and forgets the process', async () => {
    const { actor } = startChange();
    await waitFor(actor, (s) => s.matches('choosingMethod'));
    actor.send({ type: 'change.chooseMethod', method: 'RegistrationPhone' });
    actor.send({ type: 'change.submitValue', value: '9991234567' });
    await waitFor(actor, (s) => s.matches('confirmingOld'));
    actor.send({ type: 'change.back' });
    expect(actor.getSnapshot().matches('enteringValue')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ changingProcessId: null, codeSent: null, newValue: '+79991234567' });
    actor.send({ type: 'change.back' });
    expect(actor.getSnapshot().matches('choosingMethod')).toBe(true);
  });

  it('offers a retry when the methods fail to load', async () => {
    const { actor, asked } = startChange({ methods: new Error('down') });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'change.retry' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(asked.methods).toBe(2);
  });
});
