import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AccessRequest } from '../../src/contract/client-access';
import {
  accessRequestModalMachine, type DecideAccessRequestInput,
} from '../../src/machines/access-request-modal/access-request-modal';
import { SAMPLE_ACCESS_REQUEST } from '../../src/machines/access-request-modal/samples';
import { ALREADY_FINISHED } from '../../src/machines/shared/client-access';
import { deferred } from '../deferred';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const decided = (status: 'accepted' | 'declined'): AccessRequest => ({
  ...SAMPLE_ACCESS_REQUEST,
  status,
  acceptedAt: status === 'accepted' ? '2025-08-29T11:00:00.000Z' : null,
  declinedAt: status === 'declined' ? '2025-08-29T11:00:00.000Z' : null,
  solverName: 'Анна Соколова',
  canDecide: false,
});

/** A modal whose calls the test settles by hand, with every side effect spied. */
function startModal() {
  const loads: Array<ReturnType<typeof deferred<AccessRequest>>> = [];
  const decisions: Array<{ input: DecideAccessRequestInput; call: ReturnType<typeof deferred<AccessRequest>> }> = [];
  const spies = { notifyDecided: vi.fn(), notifyFailure: vi.fn(), notifyClientsChanged: vi.fn(), refreshSession: vi.fn() };
  const machine = accessRequestModalMachine.provide({
    actions: spies,
    actors: {
      loadAccessRequest: fromPromise<AccessRequest, { requestId: number }>(() => {
        const call = deferred<AccessRequest>();
        loads.push(call);
        return call.promise;
      }),
      decideAccessRequest: fromPromise<AccessRequest, DecideAccessRequestInput>(({ input }) => {
        const call = deferred<AccessRequest>();
        decisions.push({ input, call });
        return call.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { requestId: 41 } }).start();
  return { actor, loads, decisions, spies };
}

describe('access-request modal', () => {
  it('loads the request, shows a pending one, and after Принять finishes with the accepted request', async () => {
    const { actor, loads, decisions, spies } = startModal();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    loads[0]?.resolve(SAMPLE_ACCESS_REQUEST);
    await settle();
    expect(actor.getSnapshot().value).toBe('detail');

    actor.send({ type: 'request.accept' });
    expect(actor.getSnapshot().value).toBe('deciding');
    expect(actor.getSnapshot().context.decision).toBe('accept');
    expect(decisions[0]?.input).toEqual({ requestId: 41, decision: 'accept' });
    // A second click while deciding sends nothing more.
    actor.send({ type: 'request.decline' });
    expect(decisions).toHaveLength(1);

    decisions[0]?.call.resolve(decided('accepted'));
    await settle();
    const done = actor.getSnapshot();
    expect(done.value).toBe('finished');
    expect(done.status).toBe('done');
    expect(done.context.request?.solverName).toBe('Анна Соколова');
    expect(done.context.decision).toBeNull();
    expect(spies.notifyDecided.mock.calls[0]?.[1]).toEqual({ status: 'accepted', clientName: 'ООО «Альфа»' });
    expect(spies.notifyClientsChanged).toHaveBeenCalledTimes(1);
    expect(spies.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('declines with the decline call and reports the declined status', async () => {
    const { actor, loads, decisions, spies } = startModal();
    loads[0]?.resolve(SAMPLE_ACCESS_REQUEST);
    await settle();
    actor.send({ type: 'request.decline' });
    expect(decisions[0]?.input.decision).toBe('decline');
    decisions[0]?.call.resolve(decided('declined'));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    expect(spies.notifyDecided.mock.calls[0]?.[1]).toMatchObject({ status: 'declined' });
  });

  it.each(['accepted', 'declined'] as const)('goes straight to the finish look for a request already %s', async (status) => {
    const { actor, loads, spies } = startModal();
    loads[0]?.resolve(decided(status));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    // Nothing was decided here: no toast, no refresh.
    expect(spies.notifyDecided).not.toHaveBeenCalled();
    expect(spies.notifyClientsChanged).not.toHaveBeenCalled();
  });

  it('offers no decision to someone who may not decide (the requester)', async () => {
    const { actor, loads, decisions } = startModal();
    loads[0]?.resolve({ ...SAMPLE_ACCESS_REQUEST, canDecide: false });
    await settle();
    actor.send({ type: 'request.accept' });
    expect(actor.getSnapshot().value).toBe('detail');
    expect(decisions).toHaveLength(0);
  });

  it('tells a failed decision and goes back to the detail, ready to try again', async () => {
    const { actor, loads, decisions, spies } = startModal();
    loads[0]?.resolve(SAMPLE_ACCESS_REQUEST);
    await settle();
    actor.send({ type: 'request.accept' });
    const error = Object.assign(new Error('Недостаточно прав'), { status: 403 });
    decisions[0]?.call.reject(error);
    await settle();
    expect(actor.getSnapshot().value).toBe('detail');
    expect(actor.getSnapshot().context.decision).toBeNull();
    expect(spies.notifyFailure.mock.calls[0]?.[1]).toEqual({ error });
    expect(spies.notifyClientsChanged).not.toHaveBeenCalled();
  });

  it('loads the request again when someone else decided it first (409 already_finished)', async () => {
    const { actor, loads, decisions, spies } = startModal();
    loads[0]?.resolve(SAMPLE_ACCESS_REQUEST);
    await settle();
    actor.send({ type: 'request.decline' });
    decisions[0]?.call.reject(Object.assign(new Error('Запрос уже рассмотрен'), { status: 409, code: ALREADY_FINISHED }));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(spies.notifyFailure).toHaveBeenCalledTimes(1);
    loads[1]?.resolve(decided('accepted'));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
  });

  it('shows a failed load, tells why, and retries on request', async () => {
    const { actor, loads, spies } = startModal();
    loads[0]?.reject(new Error('Запрос доступа не найден'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(spies.notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'request.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    loads[1]?.resolve(SAMPLE_ACCESS_REQUEST);
    await settle();
    expect(actor.getSnapshot().value).toBe('detail');
  });
});
