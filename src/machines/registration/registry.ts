import { defineEntry, firstBroken } from '../shared/registry-entry';
import { SAMPLE_EMAIL_CODE_SENT, SAMPLE_PROCESS_ID, SAMPLE_SMS_CODE_SENT, SAMPLE_TOKEN } from '../shared/samples';
import { registrationMachine } from './registration';

// Registry entry of the registration machine; src/machines/index.ts lists it with the rest.

export const registration = defineEntry({
  machine: registrationMachine,
  title: { ru: 'Регистрация', en: 'Registration' },
  screen: '/auth',
  events: [
    { type: 'registration.submitPhone', phone: '+7 (999) 123-45-67', usingFlashcall: false },
    { type: 'registration.submitPhone', phone: '8 999 123', usingFlashcall: true },
    { type: 'registration.submitCode', code: '123456' },
    { type: 'registration.submitCode', code: '12' },
    { type: 'registration.resendCode' },
    { type: 'registration.back' },
    { type: 'registration.submitEmail', email: 'new@example.ru' },
    { type: 'registration.submitEmail', email: 'new@' },
    { type: 'registration.submitUserData', password: 'secret-123', passwordRepeat: 'secret-123' },
    { type: 'registration.submitUserData', password: 'short', passwordRepeat: 'other' },
  ],
  actorOutputs: {
    enterPhone: [{ registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT }],
    confirmCredential: [{ confirmed: 'phone' }],
    enterEmail: [{ registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_EMAIL_CODE_SENT }],
    createProfile: [{ accessToken: SAMPLE_TOKEN }],
  },
  invariants: (snapshot) => {
    const { context } = snapshot;
    const pastPhone = !snapshot.hasTag('phone');
    return firstBroken([
      [!pastPhone || context.registrationProcessId !== null, 'steps after the phone need a process id'],
      [!pastPhone || /^\+7\d{10}$/.test(context.phone), 'the phone is normalised to +7XXXXXXXXXX'],
      [snapshot.status !== 'done' || context.accessToken !== null, 'done implies an access token'],
    ]);
  },
});
