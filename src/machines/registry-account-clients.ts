import type { Client, RestorationClientData } from '../contract/clients';
import { clientCreationMachine } from './client-creation';
import { clientFormErrors, creationFieldsOf, restorationFieldsOf, type ClientForm } from './client-form';
import { clientRestorationMachine } from './client-restoration';
import { defineEntry, firstBroken, type MachineEntry } from './registry-entry';

// Registry entries of the account machines (issue 5); src/machines/index.ts lists them with the rest.

const SAMPLE_CLIENT: Client = {
  id: 41, name: 'Альфа', fullName: 'ООО «Альфа»', firstName: '', lastName: '', middleName: '', siteUrl: '',
  accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: null, countryId: 1, clientType: 'corporate',
  isLegal: true, officeId: null, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', isVerified: false, role: 1,
  usersCount: 1, pendingRequestsCount: 0, pendingUpdate: null, createdAt: '2025-09-01T10:00:00.000Z',
};

/** Valid requisites of the brief: a corporate client that passes every check. */
const VALID_CORPORATE: Partial<ClientForm> = {
  name: 'Альфа', fullName: 'ООО «Альфа»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', countryId: 1,
};

const SAMPLE_RESTORATION_ID = '3f2b8c1d-6a4e-4b7f-9c2d-1e5a7b9c0d21';
const SAMPLE_STARTED = { restorationId: SAMPLE_RESTORATION_ID, sentTo: 'o***@example.ru', codeLength: 6, resendAfterSeconds: 30 };
const SAMPLE_CLIENT_DATA: RestorationClientData = {
  name: 'Бета', fullName: 'ООО «Бета»', clientType: 'corporate', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  countryId: 1, regionId: 77,
};

const gatewayError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

export const clientCreation = defineEntry({
  id: 'clientCreation',
  machine: clientCreationMachine,
  title: { ru: 'Новый клиент', en: 'New client' },
  screen: '/account/clients',
  input: undefined,
  events: [
    { type: 'creation.chooseType', clientType: 'corporate' },
    { type: 'creation.chooseType', clientType: 'individual' },
    { type: 'creation.edit', changes: VALID_CORPORATE },
    { type: 'creation.edit', changes: { inn: '7707083890' } },
    { type: 'creation.leaveField', field: 'inn' },
    { type: 'creation.submitDetails' },
    { type: 'creation.confirm' },
    { type: 'creation.back' },
    { type: 'creation.retry' },
  ],
  actorOutputs: { createClient: [SAMPLE_CLIENT] },
  actorErrors: {
    createClient: [
      gatewayError('Клиент с таким ИНН уже есть', { code: 'client_exists', field: 'inn', clientId: 5, clientName: 'ООО «Гамма»' }),
      gatewayError('Неверное контрольное число ИНН', { field: 'inn' }),
      gatewayError('Сервис временно недоступен, попробуйте позже', { field: 'clientType' }),
    ],
  },
  graphContext: (context) => ({
    clientType: context.clientType,
    complete: context.clientType !== null && Object.keys(clientFormErrors(context.clientType, context.form, creationFieldsOf(context.clientType))).length === 0,
    innError: context.fieldErrors.inn ?? null,
  }),
  invariants: (snapshot) => {
    const { clientType, form, created, existingClient } = snapshot.context;
    const complete = clientType !== null && Object.keys(clientFormErrors(clientType, form, creationFieldsOf(clientType))).length === 0;
    return firstBroken([
      [snapshot.matches('choosingType') || clientType !== null, 'past the first step a type is chosen'],
      [!(snapshot.matches('reviewing') || snapshot.matches('creating')) || complete, 'nothing is reviewed or sent with a failing field'],
      [snapshot.status !== 'done' || created !== null, 'done implies the created client'],
      [existingClient === null || snapshot.matches('editing'), 'an existing client is shown on the form'],
    ]);
  },
});

export const clientRestoration = defineEntry({
  id: 'clientRestoration',
  machine: clientRestorationMachine,
  title: { ru: 'Восстановление клиента', en: 'Client restoration' },
  screen: '/account/clients',
  input: undefined,
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
    finishRestoring: [gatewayError('Неверное контрольное число ИНН', { field: 'clientData.inn' })],
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

export const accountClientsEntries: readonly MachineEntry[] = [clientCreation, clientRestoration];
