import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Invitation } from '../../src/contract/client-access';
import { ALREADY_FINISHED } from '../../src/machines/shared/client-access';
import { inviteModalMachine, type SettleInvitationInput } from '../../src/machines/invite-modal/invite-modal';
import { SAMPLE_INVITATION } from '../../src/machines/invite-modal/samples';
import { deferred } from '../deferred';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const AT = '2025-08-29T11:00:00.000Z';
const asInvitee = SAMPLE_INVITATION;
const asSender: Invitation = { ...SAMPLE_INVITATION, canAnswer: false, canCancel: true };
const settled = (from: Invitation, status: 'accepted' | 'declined' | 'canceled'): Invitation => ({
  ...from,
  status,
  acceptedAt: status === 'accepted' ? AT : null,
  declinedAt: status === 'declined' ? AT : null,
  canceledAt: status === 'canceled' ? AT : null,
  cancelerName: status === 'canceled' ? 'Анна Соколова' : null,
  canAnswer: false,
  canCancel: false,
});

function startModal() {
  const loads: Array<ReturnType<typeof deferred<Invitation>>> = [];
  const calls: Array<{ input: SettleInvitationInput; call: ReturnType<typeof deferred<Invitation>> }> = [];
  const spies = { notifySettled: vi.fn(), notifyFailure: vi.fn(), notifyClientsChanged: vi.fn(), refreshSession: vi.fn() };
  const machine = inviteModalMachine.provide({
    actions: spies,
    actors: {
      loadInvitation: fromPromise<Invitation, { invitationId: number }>(() => {
        const call = deferred<Invitation>();
        loads.push(call);
        return call.promise;
      }),
      settleInvitation: fromPromise<Invitation, SettleInvitationInput>(({ input }) => {
        const call = deferred<Invitation>();
        calls.push({ input, call });
        return call.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { invitationId: 77 } }).start();
  const open = async (invitation: Invitation) => {
    loads[loads.length - 1]?.resolve(invitation);
    await settle();
  };
  return { actor, loads, calls, spies, open };
}

describe('invite modal', () => {
  it.each([
    ['accept', 'invitation.accept', 'accepted'],
    ['decline', 'invitation.decline', 'declined'],
  ] as const)('lets the invitee %s a pending invitation, then finishes and refreshes', async (action, type, status) => {
    const { actor, calls, spies, open } = startModal();
    await open(asInvitee);
    expect(actor.getSnapshot().value).toBe('detail');
    actor.send({ type });
    expect(actor.getSnapshot().value).toBe('settling');
    expect(calls[0]?.input).toEqual({ invitationId: 77, action });
    calls[0]?.call.resolve(settled(asInvitee, status));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    expect(spies.notifySettled.mock.calls[0]?.[1]).toEqual({ status, clientName: 'ООО «Альфа»' });
    expect(spies.notifyClientsChanged).toHaveBeenCalledTimes(1);
    expect(spies.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('asks the sender to confirm a cancel; keeping it goes back, confirming cancels', async () => {
    const { actor, calls, spies, open } = startModal();
    await open(asSender);
    // The sender cannot answer their own invitation.
    actor.send({ type: 'invitation.accept' });
    expect(actor.getSnapshot().value).toBe('detail');
    actor.send({ type: 'invitation.cancel' });
    expect(actor.getSnapshot().value).toBe('confirmingCancel');
    actor.send({ type: 'invitation.keep' });
    expect(actor.getSnapshot().value).toBe('detail');
    expect(calls).toHaveLength(0);

    actor.send({ type: 'invitation.cancel' });
    actor.send({ type: 'invitation.confirmCancel' });
    expect(calls[0]?.input).toEqual({ invitationId: 77, action: 'cancel' });
    calls[0]?.call.resolve(settled(asSender, 'canceled'));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.invitation?.cancelerName).toBe('Анна Соколова');
    expect(spies.notifySettled.mock.calls[0]?.[1]).toMatchObject({ status: 'canceled' });
  });

  it('does not let the invitee cancel', async () => {
    const { actor, open } = startModal();
    await open(asInvitee);
    actor.send({ type: 'invitation.cancel' });
    expect(actor.getSnapshot().value).toBe('detail');
  });

  it.each(['accepted', 'declined', 'canceled'] as const)('shows an invitation already %s as finished, offering nothing', async (status) => {
    const { actor, open, spies } = startModal();
    await open(settled(asInvitee, status));
    expect(actor.getSnapshot().value).toBe('finished');
    expect(spies.notifySettled).not.toHaveBeenCalled();
  });

  it('tells a failed answer and stays on the detail; a 409 already_finished loads it again', async () => {
    const { actor, calls, spies, open, loads } = startModal();
    await open(asInvitee);
    actor.send({ type: 'invitation.accept' });
    calls[0]?.call.reject(new Error('Сервис временно недоступен'));
    await settle();
    expect(actor.getSnapshot().value).toBe('detail');
    expect(actor.getSnapshot().context.action).toBeNull();
    expect(spies.notifyFailure).toHaveBeenCalledTimes(1);

    actor.send({ type: 'invitation.decline' });
    calls[1]?.call.reject(Object.assign(new Error('Приглашение отменено'), { code: ALREADY_FINISHED }));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads).toHaveLength(2);
    await open(settled(asSender, 'canceled'));
    expect(actor.getSnapshot().value).toBe('finished');
    expect(spies.notifyClientsChanged).not.toHaveBeenCalled();
  });

  it('shows a failed load and retries', async () => {
    const { actor, loads, spies } = startModal();
    loads[0]?.reject(new Error('Приглашение не найдено'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(spies.notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'invitation.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});
