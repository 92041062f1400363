import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GroupDetail, GroupDirectory, Person } from '../../src/contract/groups';
import { groupPopupMachine } from '../../src/machines/group-popup/group-popup';
import type { GroupChange, SavedChange } from '../../src/machines/group-popup/group-popup-types';

const person = (id: number, name: string, extra: Partial<Person> = {}): Person => ({
  id, name, avatar: null, phone: null, email: null, phoneIsHidden: false, emailIsHidden: false,
  isColleague: true, inContacts: false, isMe: false, ...extra,
});
const me = person(1, 'Иван Смирнов', { isMe: true });
const olga = person(2, 'Ольга Кузнецова');
const petr = person(3, 'Пётр Петров');
const group = (participants: Person[], id = 10, name = 'Снабжение'): GroupDetail => ({
  id, name, image: null, ownerId: me.id, myRole: 'owner',
  participants: [{ person: me, role: 'owner' }, ...participants.map((p) => ({ person: p, role: 'participant' as const }))],
});
const directory = (groups: GroupDetail[] = [], contacts: Person[] = []): GroupDirectory => ({
  groups: groups.map((g) => ({ id: g.id, name: g.name, image: null, participantsCount: g.participants.length, isOwner: true })),
  contacts,
  privacy: { phoneIsHidden: false, emailIsHidden: false },
});

/** A popup on fake calls: `save` answers each change as the gateway would; every call is recorded. */
function startPopup(options: { load?: () => Promise<GroupDirectory>; save?: (change: GroupChange) => Promise<SavedChange>; groups?: GroupDetail[] } = {}) {
  const saved: GroupChange[] = [];
  const notifySaved = vi.fn();
  const notifyFailure = vi.fn();
  const groups = options.groups ?? [group([olga, petr])];
  const actor = createActor(
    groupPopupMachine.provide({
      actors: {
        loadDirectory: fromPromise(options.load ?? (() => Promise.resolve(directory(groups)))),
        loadGroup: fromPromise<GroupDetail, { groupId: number }>(async ({ input }) => {
          const found = groups.find((g) => g.id === input.groupId);
          if (!found) throw new Error('Группа не найдена');
          return found;
        }),
        loadPerson: fromPromise<Person, { userId: number }>(
          async ({ input }) => [me, olga, petr].find((p) => p.id === input.userId) ?? person(input.userId, '?'),
        ),
        saveChange: fromPromise<SavedChange, GroupChange | null>(async ({ input }) => {
          if (!input) throw new Error('nothing to save');
          saved.push(input);
          if (!options.save) throw new Error('no gateway');
          return options.save(input);
        }),
      },
      actions: { notifySaved, notifyFailure },
    }),
  );
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy') && !s.hasTag('saving'));
  const pane = () => (['group', 'profile'] as const).find((name) => actor.getSnapshot().matches({ open: { pane: name } })) ?? 'home';
  return { actor, saved, notifySaved, notifyFailure, settled, pane };
}

describe('group popup', () => {
  it('loads the user\'s groups and contacts first, then shows the main view with the home pane', async () => {
    const { actor, settled } = startPopup();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settled();
    expect(actor.getSnapshot().matches({ open: { mode: 'main', pane: 'home', work: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.directory?.groups.map((g) => g.name)).toEqual(['Снабжение']);
  });

  it('offers to try again when the directory does not load, and says why', async () => {
    let attempts = 0;
    const { actor, notifyFailure, settled } = startPopup({
      load: () => (attempts++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve(directory())),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'popup.retry' });
    await settled();
    expect(actor.getSnapshot().matches('open')).toBe(true);
  });

  it('switches among the four modes on change-popup-type', async () => {
    const { actor, settled } = startPopup();
    await settled();
    for (const [popupType, mode] of [
      ['add-participant', 'addParticipant'],
      ['add-user', 'addUser'],
      ['create-group', 'createGroup'],
      ['main', 'main'],
    ] as const) {
      actor.send({ type: 'popup.changeType', popupType });
      expect(actor.getSnapshot().matches({ open: { mode } })).toBe(true);
    }
  });

  it('loads a group when it is opened, and goes back home when it cannot be loaded', async () => {
    const { actor, notifyFailure, settled, pane } = startPopup();
    await settled();
    actor.send({ type: 'group.open', id: 10 });
    expect(actor.getSnapshot().matches({ open: { pane: { group: 'loading' } } })).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.group?.participants).toHaveLength(3);
    actor.send({ type: 'group.open', id: 99 });
    await settled();
    expect([pane(), actor.getSnapshot().context.groupId]).toEqual(['home', null]);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
  });

  it("remembers the previous profile: closing one user's properties returns to the one before, then to the group", async () => {
    const { actor, settled, pane } = startPopup();
    await settled();
    actor.send({ type: 'group.open', id: 10 });
    await settled();
    actor.send({ type: 'user.openProperties', id: 2 });
    await settled();
    actor.send({ type: 'user.openProperties', id: 3 });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 3, previousProfileId: 2, profile: petr });
    actor.send({ type: 'profile.close' });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 2, previousProfileId: null, profile: olga });
    actor.send({ type: 'profile.close' });
    expect(pane()).toBe('group');
    expect(actor.getSnapshot().context.group?.id).toBe(10);
  });

  it('creates a group and opens its card in the main view', async () => {
    const created = group([], 11, 'Конструкторы');
    const { actor, saved, notifySaved, settled, pane } = startPopup({
      save: async () => ({ directory: directory([group([olga, petr]), created]), subject: { kind: 'group', group: created } }),
    });
    await settled();
    actor.send({ type: 'popup.changeType', popupType: 'create-group' });
    actor.send({ type: 'change.submit', change: { kind: 'createGroup', name: 'Конструкторы' } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settled();
    expect(saved).toEqual([{ kind: 'createGroup', name: 'Конструкторы' }]);
    expect([pane(), actor.getSnapshot().matches({ open: { mode: 'main', pane: { group: 'shown' } } })]).toEqual(['group', true]);
    expect(actor.getSnapshot().context.directory?.groups.map((g) => g.id)).toEqual([10, 11]);
    expect(notifySaved.mock.calls[0]?.[1]).toMatchObject({ change: { kind: 'createGroup' } });
  });

  it('asks before removing a participant; Cancel saves nothing, Accept saves and drops their tick', async () => {
    const { actor, saved, settled } = startPopup({
      save: async () => ({ directory: directory([group([petr])]), subject: { kind: 'group', group: group([petr]) } }),
    });
    await settled();
    actor.send({ type: 'group.open', id: 10 });
    await settled();
    actor.send({ type: 'user.toggleSelect', id: 2 });
    actor.send({ type: 'user.toggleSelect', id: 3 });
    const remove = { kind: 'removeParticipant', groupId: 10, userId: 2 } as const;
    actor.send({ type: 'change.submit', change: remove });
    expect(actor.getSnapshot().context.confirmation).toEqual(remove);
    actor.send({ type: 'confirm.cancel' });
    expect(saved).toEqual([]);
    actor.send({ type: 'change.submit', change: remove });
    actor.send({ type: 'confirm.accept' });
    await settled();
    expect(saved).toEqual([remove]);
    expect(actor.getSnapshot().context).toMatchObject({ confirmation: null, saving: null, selectedIds: [3] });
  });

  it('goes home once the group it shows is deleted', async () => {
    const { actor, settled, pane } = startPopup({ save: async () => ({ directory: directory(), subject: { kind: 'group', group: null } }) });
    await settled();
    actor.send({ type: 'group.open', id: 10 });
    await settled();
    actor.send({ type: 'change.submit', change: { kind: 'deleteGroup', groupId: 10 } });
    actor.send({ type: 'confirm.accept' });
    await settled();
    expect([pane(), actor.getSnapshot().context.groupId, actor.getSnapshot().context.directory?.groups]).toEqual(['home', null, []]);
  });

  it('shows the person again after removing them from contacts, and after adding one from the add-user card', async () => {
    const { actor, settled, pane } = startPopup({
      save: async (change) => {
        const changed = change.kind === 'removeContact' ? { ...olga, inContacts: false } : { ...petr, inContacts: true };
        return { directory: directory(), subject: { kind: 'person', person: changed } };
      },
    });
    await settled();
    actor.send({ type: 'user.openProperties', id: 2 });
    await settled();
    actor.send({ type: 'change.submit', change: { kind: 'removeContact', userId: 2 } });
    actor.send({ type: 'confirm.accept' });
    await settled();
    expect(actor.getSnapshot().context.profile).toMatchObject({ id: 2, inContacts: false });
    actor.send({ type: 'popup.changeType', popupType: 'add-user' });
    actor.send({ type: 'change.submit', change: { kind: 'addContact', userId: 3 } });
    await settled();
    expect([pane(), actor.getSnapshot().matches({ open: { mode: 'main' } })]).toEqual(['profile', true]);
    expect(actor.getSnapshot().context).toMatchObject({ profileId: 3, previousProfileId: null, profile: { inContacts: true } });
  });

  it('stays where it was and says why when a change fails', async () => {
    const { actor, notifyFailure, settled } = startPopup({ save: () => Promise.reject(new Error('Это может сделать только владелец группы')) });
    await settled();
    actor.send({ type: 'popup.changeType', popupType: 'create-group' });
    actor.send({ type: 'change.submit', change: { kind: 'createGroup', name: 'Снабжение' } });
    await settled();
    expect(notifyFailure).toHaveBeenCalledWith(expect.anything(), { error: new Error('Это может сделать только владелец группы') });
    expect(actor.getSnapshot().matches({ open: { mode: 'createGroup', work: 'idle' } })).toBe(true);
  });

  it('ends when closed, even while loading', () => {
    const { actor } = startPopup();
    actor.send({ type: 'popup.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
