import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { groupPopupMachine, type OwnerActionLog } from '../../src/machines/group-popup';

function startPopup() {
  const logOwnerAction = vi.fn();
  const actor = createActor(groupPopupMachine.provide({ actions: { logOwnerAction } }));
  actor.start();
  const logged = () => logOwnerAction.mock.calls.map(([, params]) => params as OwnerActionLog);
  return { actor, logOwnerAction, logged };
}

describe('group popup', () => {
  it('switches among the four modes on change-popup-type', () => {
    const { actor } = startPopup();
    expect(actor.getSnapshot().matches({ open: { mode: 'main', pane: 'home', confirm: 'idle' } })).toBe(true);
    for (const [popupType, mode] of [['add-participant', 'addParticipant'], ['add-user', 'addUser'], ['create-group', 'createGroup'], ['main', 'main']] as const) {
      actor.send({ type: 'popup.changeType', popupType });
      expect(actor.getSnapshot().matches({ open: { mode } })).toBe(true);
    }
  });

  it('toggles a user in and out of the selection', () => {
    const { actor } = startPopup();
    actor.send({ type: 'user.toggleSelect', id: 2 });
    actor.send({ type: 'user.toggleSelect', id: 3 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([2, 3]);
    actor.send({ type: 'user.toggleSelect', id: 2 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([3]);
  });

  it("remembers the previous profile: closing one user's properties returns to the one before", () => {
    const { actor } = startPopup();
    actor.send({ type: 'user.openProperties', id: 2 });
    actor.send({ type: 'user.openProperties', id: 3 });
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 3, previousProfileId: 2 });
    actor.send({ type: 'profile.close' });
    expect(actor.getSnapshot().matches({ open: { pane: 'profile' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 2, previousProfileId: null });
    actor.send({ type: 'profile.close' });
    expect(actor.getSnapshot().matches({ open: { pane: 'home' } })).toBe(true);
    expect(actor.getSnapshot().context.profileId).toBeNull();
  });

  it('does not remember the same profile opened twice', () => {
    const { actor } = startPopup();
    actor.send({ type: 'user.openProperties', id: 2 });
    actor.send({ type: 'user.openProperties', id: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 2, previousProfileId: null });
  });

  it("returns from a participant's properties to the group card they were opened from", () => {
    const { actor } = startPopup();
    actor.send({ type: 'group.open', id: 10 });
    actor.send({ type: 'user.openProperties', id: 2 });
    actor.send({ type: 'profile.close' });
    expect(actor.getSnapshot().matches({ open: { pane: 'group' } })).toBe(true);
    expect(actor.getSnapshot().context.groupId).toBe(10);
  });

  it('goes back to main when a group is closed', () => {
    const { actor } = startPopup();
    actor.send({ type: 'popup.changeType', popupType: 'add-participant' });
    actor.send({ type: 'group.open', id: 10 });
    actor.send({ type: 'group.close' });
    expect(actor.getSnapshot().matches({ open: { mode: 'main', pane: 'home' } })).toBe(true);
    expect(actor.getSnapshot().context.groupId).toBeNull();
  });

  it.each([
    [{ type: 'owner.removeParticipant', userId: 2 }, { kind: 'removeParticipant', userId: 2, groupId: 10 }],
    [{ type: 'owner.transferOwnership', userId: 3 }, { kind: 'transferOwnership', userId: 3, groupId: 10 }],
    [{ type: 'owner.removeGroup' }, { kind: 'removeGroup', userId: null, groupId: 10 }],
    [{ type: 'contacts.remove', userId: 3 }, { kind: 'removeContact', userId: 3, groupId: 10 }],
  ] as const)('asks before %o, then only logs it and flags the notice', (event, log) => {
    const { actor, logged } = startPopup();
    actor.send({ type: 'group.open', id: 10 });
    actor.send(event);
    expect(actor.getSnapshot().context.confirmation).toEqual({ kind: log.kind, userId: log.userId });
    expect(logged()).toEqual([]);
    actor.send({ type: 'confirm.accept' });
    expect(logged()).toEqual([log]);
    expect(actor.getSnapshot().context).toMatchObject({ confirmation: null, ownerActionNotice: true });
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.ownerActionNotice).toBe(false);
  });

  it('logs nothing when the confirmation is cancelled', () => {
    const { actor, logged } = startPopup();
    actor.send({ type: 'contacts.remove', userId: 3 });
    actor.send({ type: 'confirm.cancel' });
    expect(logged()).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ confirmation: null, ownerActionNotice: false });
  });

  it('offers the owner actions only on an open group', () => {
    const { actor } = startPopup();
    actor.send({ type: 'owner.removeGroup' });
    actor.send({ type: 'owner.removeParticipant', userId: 2 });
    expect(actor.getSnapshot().matches({ open: { confirm: 'idle' } })).toBe(true);
  });

  it('ends when closed', () => {
    const { actor } = startPopup();
    actor.send({ type: 'popup.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
