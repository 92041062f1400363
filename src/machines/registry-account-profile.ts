import { credentialChangeMachine } from './credential-change';
import { defineEntry, firstBroken, type MachineEntry } from './registry-entry';
import { SAMPLE_EMAIL_CODE_SENT, SAMPLE_PROCESS_ID, SAMPLE_SMS_CODE_SENT } from './registry-examples';
import { reserveConfirmationMachine } from './reserve-confirmation';

// Registry entries of the account machines (issue 5); src/machines/index.ts lists them with the rest.

const SAMPLE_CONFIRMATION_ID = '2f6b1c3d-4e5a-4b6c-8d7e-9f0a1b2c3d4e';

const credentialChange = defineEntry({
  id: 'credentialChange',
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
    startChanging: [Object.assign(new Error('Этот номер уже занят'), { field: 'newCredentialValue' })],
    confirmOld: [Object.assign(new Error('Неверный код'), { field: 'code' })],
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

const reserveConfirmation = defineEntry({
  id: 'reserveConfirmation',
  machine: reserveConfirmationMachine,
  title: { ru: 'Резервный контакт', en: 'Reserve contact' },
  screen: '/account/profile',
  input: { kind: 'ReservePhone', stored: null },
  extraInputs: [{ kind: 'ReservePhone', stored: '+79990000002' }, { kind: 'ReserveEmail', stored: 'reserve@example.ru' }],
  events: [
    { type: 'reserve.edit' },
    { type: 'reserve.reconfirm' },
    { type: 'reserve.remove' },
    { type: 'reserve.submitValue', value: '+7 (999) 000-00-02' },
    { type: 'reserve.submitValue', value: 'reserve@example.ru' },
    { type: 'reserve.submitValue', value: '12' },
    { type: 'reserve.submitCode', code: '123456' },
    { type: 'reserve.submitCode', code: '1' },
    { type: 'reserve.resend' },
    { type: 'reserve.cancel' },
  ],
  actorOutputs: {
    startConfirmation: [{ confirmationId: SAMPLE_CONFIRMATION_ID, code: SAMPLE_SMS_CODE_SENT }],
    confirmCode: [{ reservePhone: '+79990000002', reserveEmail: 'reserve@example.ru' }],
    removeContact: [{ reservePhone: null, reserveEmail: null }],
  },
  actorErrors: {
    startConfirmation: [Object.assign(new Error('Этот номер уже используется'), { field: 'phone' })],
  },
  graphContext: (context) => ({
    hasStored: context.stored !== null,
    isNew: context.pendingValue !== null,
    resendAvailable: context.resendAvailable,
  }),
  invariants: (snapshot) => {
    const { context } = snapshot;
    const inCode = snapshot.matches('enteringCode') || snapshot.matches('confirming');
    return firstBroken([
      [!inCode || (context.confirmationId !== null && context.codeSent !== null), 'a code step has its confirmation and sent code'],
      [!snapshot.matches('starting') || context.pendingValue !== null || context.stored !== null, 'a confirmation has a value to confirm'],
      [context.pendingValue === null || /^\+7\d{10}$|@/.test(context.pendingValue), 'a new value is normalised'],
      [!snapshot.matches('editing') || context.confirmationId === null, 'editing has no confirmation in flight'],
    ]);
  },
});

export const accountProfileEntries: readonly MachineEntry[] = [credentialChange, reserveConfirmation];
