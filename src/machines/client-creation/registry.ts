import { clientFormErrors, creationFieldsOf, type ClientForm } from '../shared/client-form';
import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { clientCreationMachine } from './client-creation';
import { SAMPLE_CLIENT } from './samples';

// Registry entry of the client creation; src/machines/index.ts lists it with the rest.

/** Valid requisites of the brief: a corporate client that passes every check. */
const VALID_CORPORATE: Partial<ClientForm> = {
  name: 'Альфа', fullName: 'ООО «Альфа»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', countryId: 1,
};

export const clientCreation = defineEntry({
  machine: clientCreationMachine,
  title: { ru: 'Новый клиент', en: 'New client' },
  screen: '/account/clients',
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
      sampleError(
        { ru: 'Клиент с таким ИНН уже есть', en: 'A client with this INN already exists' },
        { code: 'client_exists', field: 'inn', clientId: 5, clientName: 'ООО «Гамма»' },
      ),
      sampleError({ ru: 'Неверное контрольное число ИНН', en: 'Invalid INN check digit' }, { field: 'inn' }),
      sampleError(
        { ru: 'Сервис временно недоступен, попробуйте позже', en: 'The service is temporarily unavailable, please try later' },
        { field: 'clientType' },
      ),
    ],
  },
  graphContext: (context) => ({
    clientType: context.clientType,
    complete:
      context.clientType !== null &&
      Object.keys(clientFormErrors(context.clientType, context.form, creationFieldsOf(context.clientType))).length === 0,
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
