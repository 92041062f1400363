import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { SAMPLE_SMS_CODE_SENT, SAMPLE_TOKEN } from '../shared/samples';
import { loginMachine } from './login';
import { SAMPLE_SECOND_FACTOR_ID } from './samples';

// Registry entry of the sign-in machine; src/machines/index.ts lists it with the rest.

export const login = defineEntry({
  machine: loginMachine,
  title: { ru: 'Вход', en: 'Sign-in' },
  screen: '/auth',
  input: {},
  extraInputs: [{ recoveryEmail: 'demo@example.ru', recoveryCode: '123456' }],
  events: [
    { type: 'login.submit', login: 'demo@example.ru', password: 'demo12345' },
    { type: 'login.submit', login: ' ', password: '' },
    { type: 'login.forgotPassword' },
    { type: 'login.back' },
    { type: 'secondFactor.choose', secondFactorType: 0 },
    { type: 'secondFactor.choose', secondFactorType: 1 },
    { type: 'secondFactor.submitCode', code: '123456' },
    { type: 'secondFactor.submitCode', code: '12a' },
    { type: 'secondFactor.resend' },
    { type: 'secondFactor.changeMethod' },
    { type: 'recovery.submitEmail', email: 'demo@example.ru' },
    { type: 'recovery.submitEmail', email: 'demo' },
    { type: 'recovery.submitReset', code: '123456', newPassword: 'new-secret-1' },
    { type: 'recovery.submitReset', code: '1', newPassword: 'short' },
    { type: 'recovery.toLogin' },
  ],
  actorOutputs: {
    signIn: [
      { result: 0, accessToken: SAMPLE_TOKEN },
      { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0] },
      { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0, 2] },
      { result: 2, accessToken: SAMPLE_TOKEN },
    ],
    sendCode: [SAMPLE_SMS_CODE_SENT],
    confirmSecondFactor: [{ result: 0, accessToken: SAMPLE_TOKEN }, { result: 2, accessToken: SAMPLE_TOKEN }],
    sendResetLink: [{ ok: true }],
    resetPassword: [{ ok: true }],
  },
  actorErrors: {
    signIn: [sampleError({ ru: 'Неверный логин или пароль', en: 'Wrong login or password' }, { field: 'password' })],
  },
  graphContext: (context) => ({
    severalMethods: context.secondFactorTypes.length > 1,
    resendAvailable: context.resendAvailable,
  }),
  invariants: (snapshot) => {
    const { context } = snapshot;
    return firstBroken([
      [!snapshot.matches('secondFactor') || context.secondFactorId !== null, 'second factor needs its id'],
      [!snapshot.matches({ secondFactor: 'enteringCode' }) || context.codeSent !== null, 'entering a code implies one was sent'],
      [snapshot.status !== 'done' || context.accessToken !== null, 'done implies an access token'],
    ]);
  },
});
