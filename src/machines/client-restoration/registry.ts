import type { RestorationClientData } from '../../contract/clients';
import { SAMPLE_CLIENT } from '../client-creation/samples';
import { clientFormErrors, restorationFieldsOf } from '../shared/client-form';
import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { clientRestorationMachine } from './client-restoration';

// Registry entry of the client restoration; src/machines/index.ts lists it with the rest.

const SAMPLE_RESTORATION_ID = '3f2b8c1d-6a4e-4b7f-9c2d-1e5a7b9c0d21';
const SAMPLE_STARTED = { restorationId: SAMPLE_RESTORATION_ID, sentTo: 'o***@example.ru', codeLength: 6, resendAfterSeconds: 30 };
const SAMPLE_CLIENT_DATA: RestorationClientData = {
  name: 'Бета', fullName: 'ООО «Бета»', clientType: 'corporate', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  countryId: 1, regionId: 77,
};

export const clientRestoration = defineEntry({
  machine: clientRestorationMachine,
  title: { ru: 'Восстановление клиента', en: 'Client restoration' },
  screen: '/account/clients',
  events: [
    { type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' },
    { type: 'restoration.start', way: 'order', email: 'order@example.ru', orderNumber: 'A-1024' },
    { type: 'restoration.start', way: 'order', email: 'order@', orderNumber: ' ' },
    { type: 'restoration.submitCode', code: '123456' },
    { type: 'restoration.submitCode', code: '12' },
    { type: 'restoration.resend' },
    { type: 'restoration.back' },
    { type: 'restoration.chooseType', clientType: 'entrepreneur' },
    { type: 'restoration.edit', changes: { inn: '7707083890' } },
    { type: 'restoration.leaveField', field: 'inn' },
    { type: 'restoration.finish' },
  ],
  actorOutputs: {
    startRestoration: [SAMPLE_STARTED],
    confirmEmail: [{ restorationId: SAMPLE_RESTORATION_ID, clientData: SAMPLE_CLIENT_DATA }],
    finishRestoring: [{ ...SAMPLE_CLIENT, id: 42, name: 'Бета', fullName: 'ООО «Бета»' }],
  },
  actorErrors: {
    finishRestoring: [sampleError({ ru: 'Неверное контрольное число ИНН', en: 'Invalid INN check digit' }, { field: 'clientData.inn' })],
  },
  graphContext: (context) => ({
    resendAvailable: context.resendAvailable,
    clientType: context.clientType,
    complete: Object.keys(clientFormErrors(context.clientType, context.form, restorationFieldsOf(context.clientType))).length === 0,
    innError: context.fieldErrors.inn ?? null,
  }),
  invariants: (snapshot) => {
    const { started, restored } = snapshot.context;
    const pastStart = !snapshot.matches('choosingWay') && !snapshot.matches('starting') && snapshot.status !== 'done';
    return firstBroken([
      [!pastStart || started !== null, 'the steps after the start need a restoration id'],
      [snapshot.status !== 'done' || restored !== null, 'done implies the restored client'],
    ]);
  },
});
