import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { SAMPLE_EMAIL_CODE_SENT, SAMPLE_PROCESS_ID, SAMPLE_SMS_CODE_SENT } from '../shared/samples';
import { credentialChangeMachine } from './credential-change';

// Registry entry of the change of the sign-in phone or e-mail; src/machines/index.ts lists it with the rest.

export const credentialChange = defineEntry({
  machine: credentialChangeMachine,
  title: { ru: 'Смена телефона или почты', en: 'Phone or e-mail change' },
  screen: '/account/profile',
  input: { credentialTypeCode: 'RegistrationPhone' },
  extraInputs: [{ credentialTypeCode: 'RegistrationEmail' }],
  events: [
    { type: 'change.retry' },
    { type: 'change.chooseMethod', method: 'RegistrationEmail' },
    { type: 'change.chooseMethod', method: 'RegistrationPhone' },
    { type: 'change.submitValue', value: '+7 (999) 123-45-67' },
    { type: 'change.submitValue', value: 'new@example.ru' },
    { type: 'change.submitValue', value: '12' },
    { type: 'change.submitCode', code: '123456' },
    { type: 'change.submitCode', code: '12' },
    { type: 'change.resend' },
    { type: 'change.back' },
  ],
  actorOutputs: {
    loadCredentialTypes: [
      // Both current credentials can receive a code: the user chooses.
      [
        { code: 'RegistrationPhone', maskedValue: '+7 (999) ***-**-00', canConfirm: true },
        { code: 'RegistrationEmail', maskedValue: 'd***@example.ru', canConfirm: true },
      ],
      // Only the e-mail can: nothing to choose.
      [
        { code: 'RegistrationPhone', maskedValue: null, canConfirm: false },
        { code: 'RegistrationEmail', maskedValue: 'd***@example.ru', canConfirm: true },
      ],
      [{ code: 'RegistrationPhone', maskedValue: null, canConfirm: false }],
    ],
    startChanging: [{ changingProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_EMAIL_CODE_SENT }],
    confirmOld: [{ changingProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT }],
    confirmNew: [{ phone: '+79991234567', email: 'demo@example.ru' }],
    resendCode: [{ changingProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT }],
  },
  actorErrors: {
    startChanging: [sampleError({ ru: 'Этот номер уже занят', en: 'This number is already taken' }, { field: 'newCredentialValue' })],
    confirmOld: [sampleError({ ru: 'Неверный код', en: 'Invalid code' }, { field: 'code' })],
  },
  graphContext: (context) => ({
    type: context.credentialTypeCode,
    severalMethods: context.methods.length > 1,
    resendAvailable: context.resendAvailable,
  }),
  invariants: (snapshot) => {
    const { context } = snapshot;
    const confirming = snapshot.matches('confirmingOld') || snapshot.matches('confirmingNew');
    const pastMethod = confirming || snapshot.matches('enteringValue') || snapshot.matches('starting');
    return firstBroken([
      [context.methods.every((method) => method.canConfirm), 'only credentials that can receive a code are offered'],
      [!pastMethod || context.methods.some((method) => method.code === context.method), 'a confirmation method is chosen among those offered'],
      [!confirming || (context.changingProcessId !== null && context.codeSent !== null), 'a code step has its process and sent code'],
      [!snapshot.matches('starting') || context.newValue !== '', 'a change starts with a well-formed new value'],
      [snapshot.status !== 'done' || context.result !== null, 'done implies the stored credentials'],
    ]);
  },
});
