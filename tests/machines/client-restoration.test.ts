import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Client, RestorationClientData, RestorationStarted } from '../../src/contract/clients';
import {
  clientRestorationMachine, type RestorationStartInput,
} from '../../src/machines/client-restoration/client-restoration';
import { RESEND_COOLDOWN_MS } from '../../src/machines/shared/form-checks';

const DATA: RestorationClientData = {
  name: 'Бета', fullName: 'ООО «Бета»', clientType: 'corporate', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  countryId: 1, regionId: 77,
};
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function startRestoration(options: { finishError?: Error; confirmError?: Error } = {}) {
  const clock = new SimulatedClock();
  const asked = {
    start: [] as RestorationStartInput[],
    confirm: [] as { restorationId: string; code: string }[],
    finish: [] as { restorationId: string; clientData: RestorationClientData }[],
  };
  const machine = clientRestorationMachine.provide({
    actors: {
      startRestoration: fromPromise<RestorationStarted, RestorationStartInput>(({ input }) => {
        asked.start.push(input);
        return Promise.resolve({ restorationId: uuid(asked.start.length), sentTo: 'o***@example.ru', codeLength: 6, resendAfterSeconds: 60 });
      }),
      confirmEmail: fromPromise<{ restorationId: string; clientData: RestorationClientData }, { restorationId: string; code: string }>(({ input }) => {
        asked.confirm.push(input);
        return options.confirmError ? Promise.reject(options.confirmError) : Promise.resolve({ restorationId: input.restorationId, clientData: DATA });
      }),
      finishRestoring: fromPromise<Client, { restorationId: string; clientData: RestorationClientData }>(({ input }) => {
        asked.finish.push(input);
        if (options.finishError) return Promise.reject(options.finishError);
        return Promise.resolve({
          ...input.clientData, id: 42, firstName: '', lastName: '', middleName: '', siteUrl: '', accessibleThroughAdmin: false,
          avatarUrl: null, activityId: null, isLegal: true, officeId: null, isVerified: false, role: 1, usersCount: 1,
          pendingRequestsCount: 0, pendingUpdate: null, createdAt: '2025-09-01T10:00:00.000Z',
        });
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, asked, clock };
}

describe('client restoration flow', () => {
  it('checks the e-mail and the order number before asking the gateway', () => {
    const { actor, asked } = startRestoration();
    actor.send({ type: 'restoration.start', way: 'order', email: 'order@', orderNumber: ' ' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'account.clients.errors.email', orderNumber: 'account.clients.errors.required',
    });
    expect(asked.start).toEqual([]);
  });

  it('sends the order way with its number, and the old-cabinet way without one', async () => {
    const { actor, asked } = startRestoration();
    actor.send({ type: 'restoration.start', way: 'order', email: ' order@example.ru ', orderNumber: ' A-1024 ' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'restoration.back' });
    actor.send({ type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: 'A-1024' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(asked.start).toEqual([
      { way: 'order', email: 'order@example.ru', orderNumber: 'A-1024' },
      { way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' },
    ]);
  });

  it('allows a resend only after the cooldown the gateway names, and confirms with the new process', async () => {
    const { actor, asked, clock } = startRestoration();
    actor.send({ type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'restoration.resend' });
    expect(asked.start).toHaveLength(1);
    clock.increment(RESEND_COOLDOWN_MS);
    expect(actor.getSnapshot().context.resendAvailable).toBe(false);
    clock.increment(60_000 - RESEND_COOLDOWN_MS);
    expect(actor.getSnapshot().context.resendAvailable).toBe(true);
    actor.send({ type: 'restoration.resend' });
    await waitFor(actor, (s) => s.matches('enteringCode') && !s.context.resendAvailable);
    actor.send({ type: 'restoration.submitCode', code: '123456' });
    await waitFor(actor, (s) => s.matches('editingClient'));
    expect(asked.confirm).toEqual([{ restorationId: uuid(2), code: '123456' }]);
  });

  it('prefills the finish form, checks requisites on it and puts the gateway error on its field', async () => {
    const { actor, asked } = startRestoration({ finishError: Object.assign(new Error('Неверный КПП'), { field: 'clientData.kpp' }) });
    actor.send({ type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'restoration.submitCode', code: '12' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'account.clients.errors.code' });
    actor.send({ type: 'restoration.submitCode', code: '654321' });
    const editing = await waitFor(actor, (s) => s.matches('editingClient'));
    expect(editing.context.form).toMatchObject({ name: 'Бета', inn: '7707083893', regionId: 77 });

    actor.send({ type: 'restoration.edit', changes: { inn: '7707083890' } });
    actor.send({ type: 'restoration.leaveField', field: 'inn' });
    actor.send({ type: 'restoration.finish' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ inn: 'account.clients.errors.checksum.inn' });
    expect(asked.finish).toEqual([]);

    actor.send({ type: 'restoration.edit', changes: { inn: '7707083893', name: 'Бета-2' } });
    actor.send({ type: 'restoration.finish' });
    const back = await waitFor(actor, (s) => s.matches('editingClient') && s.context.errorMessage !== null);
    expect(back.context).toMatchObject({ errorMessage: 'Неверный КПП', errorField: 'kpp' });
    expect(asked.finish[0]?.clientData).toEqual({ ...DATA, name: 'Бета-2' });
  });

  it('finishes with the restored client', async () => {
    const { actor } = startRestoration();
    actor.send({ type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'restoration.submitCode', code: '654321' });
    await waitFor(actor, (s) => s.matches('editingClient'));
    actor.send({ type: 'restoration.finish' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.id).toBe(42);
  });

  it('stays on the code step with the gateway message after a wrong code', async () => {
    const { actor } = startRestoration({ confirmError: Object.assign(new Error('Неверный код'), { field: 'code' }) });
    actor.send({ type: 'restoration.start', way: 'oldCabinet', email: 'old@example.ru', orderNumber: '' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'restoration.submitCode', code: '000000' });
    const back = await waitFor(actor, (s) => s.matches('enteringCode') && s.context.errorMessage !== null);
    expect(back.context).toMatchObject({ errorMessage: 'Неверный код', errorField: 'code' });
  });
});
