import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Client, CreateClientRequest } from '../../src/contract/clients';
import { clientCreationMachine } from '../../src/machines/client-creation/client-creation';
import type { ClientForm } from '../../src/machines/shared/client-form';

const CORPORATE: Partial<ClientForm> = {
  name: 'Альфа', fullName: 'ООО «Альфа»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', countryId: 1, regionId: 77,
};

const created = (request: CreateClientRequest): Client => ({
  ...request, id: 9, firstName: request.firstName, clientType: request.clientType ?? 'corporate', officeId: request.officeId ?? null,
  inn: request.inn ?? null, kpp: request.kpp ?? null, ogrn: request.ogrn ?? null,
  isLegal: request.isLegal ?? false, isVerified: false, role: 1, usersCount: 1, pendingRequestsCount: 0, pendingUpdate: null,
  createdAt: '2025-09-01T10:00:00.000Z',
});

/** A creation actor whose Create answers with `answer` (a client made from the request when absent). */
function startCreation(answer?: Error) {
  const sent: CreateClientRequest[] = [];
  const machine = clientCreationMachine.provide({
    actors: {
      createClient: fromPromise<Client, CreateClientRequest>(({ input }) => {
        sent.push(input);
        return answer ? Promise.reject(answer) : Promise.resolve(created(input));
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent };
}

describe('client creation flow', () => {
  it('names a wrong INN checksum as the user leaves the field, and clears it on the next edit', () => {
    const { actor } = startCreation();
    actor.send({ type: 'creation.chooseType', clientType: 'corporate' });
    actor.send({ type: 'creation.edit', changes: { ...CORPORATE, inn: '7707083890' } });
    actor.send({ type: 'creation.leaveField', field: 'inn' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ inn: 'account.clients.errors.checksum.inn' });
    actor.send({ type: 'creation.edit', changes: { inn: '7707083893' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('does not mark an empty field on leaving it, only on submit', () => {
    const { actor } = startCreation();
    actor.send({ type: 'creation.chooseType', clientType: 'individual' });
    actor.send({ type: 'creation.leaveField', field: 'lastName' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'creation.submitDetails' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(['firstName', 'fullName', 'lastName', 'name']);
  });

  it('asks an entrepreneur for a 12-digit INN and a 15-digit OGRNIP, and no KPP', () => {
    const { actor } = startCreation();
    actor.send({ type: 'creation.chooseType', clientType: 'entrepreneur' });
    actor.send({ type: 'creation.edit', changes: { name: 'ИП', fullName: 'ИП Петров', inn: '7707083893', ogrn: '1027700132195' } });
    actor.send({ type: 'creation.submitDetails' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      inn: 'account.clients.errors.length.innPerson',
      ogrn: 'account.clients.errors.length.ogrnip',
    });
  });

  it('sends nothing while a field fails and sends the checked corporate client after review', async () => {
    const { actor, sent } = startCreation();
    actor.send({ type: 'creation.chooseType', clientType: 'corporate' });
    actor.send({ type: 'creation.edit', changes: { ...CORPORATE, kpp: '77' } });
    actor.send({ type: 'creation.submitDetails' });
    actor.send({ type: 'creation.confirm' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toEqual([]);

    actor.send({ type: 'creation.edit', changes: { kpp: '773601001' } });
    actor.send({ type: 'creation.submitDetails' });
    expect(actor.getSnapshot().value).toBe('reviewing');
    actor.send({ type: 'creation.confirm' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual([expect.objectContaining({
      clientType: 'corporate', isLegal: true, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
      firstName: '', countryId: 1, regionId: 77,
    })]);
    expect(done.output?.id).toBe(9);
  });

  it('drops the region when the country changes', () => {
    const { actor } = startCreation();
    actor.send({ type: 'creation.chooseType', clientType: 'corporate' });
    actor.send({ type: 'creation.edit', changes: CORPORATE });
    actor.send({ type: 'creation.edit', changes: { countryId: 2 } });
    expect(actor.getSnapshot().context.form).toMatchObject({ countryId: 2, regionId: null });
  });

  it('returns to the form with the existing client on a 409 client_exists', async () => {
    const exists = Object.assign(new Error('Клиент с таким ИНН уже есть'), { code: 'client_exists', field: 'inn', clientId: 5, clientName: 'ООО «Гамма»' });
    const { actor } = startCreation(exists);
    actor.send({ type: 'creation.chooseType', clientType: 'corporate' });
    actor.send({ type: 'creation.edit', changes: CORPORATE });
    actor.send({ type: 'creation.submitDetails' });
    actor.send({ type: 'creation.confirm' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing'));
    expect(snapshot.context.existingClient).toEqual({ id: 5, name: 'ООО «Гамма»' });
    expect(snapshot.context.errorField).toBe('inn');
    actor.send({ type: 'creation.edit', changes: { inn: '500100732259' } });
    expect(actor.getSnapshot().context.existingClient).toBeNull();
  });

  it('puts a 400 naming a form field on that field, and any other failure on the failed step', async () => {
    const { actor } = startCreation(Object.assign(new Error('Неверный ОГРН'), { field: 'ogrn' }));
    actor.send({ type: 'creation.chooseType', clientType: 'corporate' });
    actor.send({ type: 'creation.edit', changes: CORPORATE });
    actor.send({ type: 'creation.submitDetails' });
    actor.send({ type: 'creation.confirm' });
    const back = await waitFor(actor, (s) => s.matches('editing'));
    expect(back.context).toMatchObject({ errorMessage: 'Неверный ОГРН', errorField: 'ogrn' });

    const other = startCreation(new Error('Сервис недоступен'));
    other.actor.send({ type: 'creation.chooseType', clientType: 'individual' });
    other.actor.send({ type: 'creation.edit', changes: { name: 'Пётр', fullName: 'Петров Пётр', lastName: 'Петров', firstName: 'Пётр' } });
    other.actor.send({ type: 'creation.submitDetails' });
    other.actor.send({ type: 'creation.confirm' });
    const failed = await waitFor(other.actor, (s) => s.matches('failed'));
    expect(failed.context.errorMessage).toBe('Сервис недоступен');
    expect(other.sent[0]).toMatchObject({ clientType: 'individual', isLegal: false, inn: null, kpp: null, ogrn: null, lastName: 'Петров' });
  });
});
