import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { SAMPLE_SMS_CODE_SENT } from '../shared/samples';
import { reserveConfirmationMachine } from './reserve-confirmation';

// Registry entry of the reserve contact's confirmation; src/machines/index.ts lists it with the rest.

const SAMPLE_CONFIRMATION_ID = '2f6b1c3d-4e5a-4b6c-8d7e-9f0a1b2c3d4e';

export const reserveConfirmation = defineEntry({
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
    startConfirmation: [sampleError({ ru: 'Этот номер уже используется', en: 'This number is already in use' }, { field: 'phone' })],
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
