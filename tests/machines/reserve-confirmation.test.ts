import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ReserveStarted } from '../../src/contract/credentials';
import { SAMPLE_SMS_CODE_SENT } from '../../src/machines/shared/samples';
import {
  reserveConfirmationMachine, type ConfirmReserveInput, type ReserveConfirmationInput, type ReserveContacts,
  type ReserveKind, type StartReserveInput,
} from '../../src/machines/reserve-confirmation/reserve-confirmation';

const CONFIRMATION_ID = '2f6b1c3d-4e5a-4b6c-8d7e-9f0a1b2c3d4e';
const started: ReserveStarted = { confirmationId: CONFIRMATION_ID, code: SAMPLE_SMS_CODE_SENT };

interface Answers {
  start?: ReserveStarted | Error;
  confirm?: ReserveContacts | Error;
}

const settle = <T>(answer: T | Error): Promise<T> => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer));

function startReserve(input: ReserveConfirmationInput, answers: Answers = {}) {
  const clock = new SimulatedClock();
  const asked = { start: [] as StartReserveInput[], confirm: [] as ConfirmReserveInput[], remove: [] as string[] };
  const notify = { confirmed: vi.fn(), removed: vi.fn() };
  const machine = reserveConfirmationMachine.provide({
    actors: {
      startConfirmation: fromPromise<ReserveStarted, StartReserveInput>(({ input: request }) => {
        asked.start.push(request);
        return settle(answers.start ?? started);
      }),
      confirmCode: fromPromise<ReserveContacts, ConfirmReserveInput>(({ input: request }) => {
        asked.confirm.push(request);
        return settle(answers.confirm ?? { reservePhone: '+79990000002', reserveEmail: null });
      }),
      removeContact: fromPromise<ReserveContacts, { kind: ReserveKind }>(({ input: request }) => {
        asked.remove.push(request.kind);
        return Promise.resolve({ reservePhone: null, reserveEmail: 'reserve@example.ru' });
      }),
    },
    actions: {
      notifyConfirmed: (_, params) => notify.confirmed(params.kind),
      notifyRemoved: (_, params) => notify.removed(params.kind),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  return { actor, clock, asked, notify };
}

describe('reserve contact confirmation', () => {
  it('adds a reserve phone: value → code → confirmed, and stores what the gateway answers', async () => {
    const { actor, asked, notify } = startReserve({ kind: 'ReservePhone', stored: null });
    expect(actor.getSnapshot().can({ type: 'reserve.remove' })).toBe(false);
    actor.send({ type: 'reserve.edit' });
    actor.send({ type: 'reserve.submitValue', value: '+7 (999) 000' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ value: 'auth.errors.phoneFormat' });
    expect(asked.start).toEqual([]);

    actor.send({ type: 'reserve.submitValue', value: '+7 (999) 000-00-02' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(asked.start).toEqual([{ kind: 'ReservePhone', value: '+79990000002' }]);

    actor.send({ type: 'reserve.submitCode', code: '123456' });
    const snapshot = await waitFor(actor, (s) => s.matches('confirmed'));
    expect(asked.confirm).toEqual([{ kind: 'ReservePhone', confirmationId: CONFIRMATION_ID, code: '123456' }]);
    expect(snapshot.context).toMatchObject({ stored: '+79990000002', confirmationId: null, pendingValue: null });
    expect(notify.confirmed).toHaveBeenCalledWith('ReservePhone');
  });

  it('re-confirms the stored e-mail without sending a value', async () => {
    const { actor, asked } = startReserve({ kind: 'ReserveEmail', stored: 'reserve@example.ru' }, {
      confirm: { reservePhone: null, reserveEmail: 'reserve@example.ru' },
    });
    actor.send({ type: 'reserve.reconfirm' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(asked.start).toEqual([{ kind: 'ReserveEmail', value: null }]);
    actor.send({ type: 'reserve.submitCode', code: '654321' });
    await waitFor(actor, (s) => s.matches('confirmed'));
  });

  it('removes the stored contact', async () => {
    const { actor, asked, notify } = startReserve({ kind: 'ReservePhone', stored: '+79990000002' });
    actor.send({ type: 'reserve.remove' });
    const snapshot = await waitFor(actor, (s) => s.matches('idle') && s.context.stored === null);
    expect(asked.remove).toEqual(['ReservePhone']);
    expect(notify.removed).toHaveBeenCalledWith('ReservePhone');
    expect(snapshot.can({ type: 'reserve.reconfirm' })).toBe(false);
  });

  it("shows the gateway's refusal of a new value on the value field", async () => {
    const error = Object.assign(new Error('Этот номер уже используется'), { field: 'phone' });
    const { actor } = startReserve({ kind: 'ReservePhone', stored: null }, { start: error });
    actor.send({ type: 'reserve.edit' });
    actor.send({ type: 'reserve.submitValue', value: '9990000002' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== null);
    expect(snapshot.context).toMatchObject({ errorMessage: 'Этот номер уже используется', errorField: 'value' });
  });

  it('returns to the stored contact when a re-confirmation cannot start', async () => {
    const { actor } = startReserve({ kind: 'ReserveEmail', stored: 'reserve@example.ru' }, { start: new Error('Слишком много попыток') });
    actor.send({ type: 'reserve.reconfirm' });
    const snapshot = await waitFor(actor, (s) => s.matches('idle') && s.context.errorMessage !== null);
    expect(snapshot.context.errorMessage).toBe('Слишком много попыток');
  });

  it('resends after the cooldown by starting the confirmation again', async () => {
    const { actor, clock, asked } = startReserve({ kind: 'ReservePhone', stored: null });
    actor.send({ type: 'reserve.edit' });
    actor.send({ type: 'reserve.submitValue', value: '9990000002' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'reserve.resend' });
    expect(asked.start).toHaveLength(1);
    clock.increment(SAMPLE_SMS_CODE_SENT.resendAfterSeconds * 1000);
    actor.send({ type: 'reserve.resend' });
    await waitFor(actor, (s) => s.matches('enteringCode') && !s.context.resendAvailable);
    expect(asked.start).toEqual([
      { kind: 'ReservePhone', value: '+79990000002' },
      { kind: 'ReservePhone', value: '+79990000002' },
    ]);
  });

  it('cancels a code step back to the stored contact', async () => {
    const { actor } = startReserve({ kind: 'ReservePhone', stored: '+79990000002' });
    actor.send({ type: 'reserve.edit' });
    actor.send({ type: 'reserve.submitValue', value: '9990000003' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'reserve.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ stored: '+79990000002', pendingValue: null, confirmationId: null });
  });
});
