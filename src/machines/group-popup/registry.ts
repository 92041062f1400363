import { defineEntry, firstBroken } from '../shared/registry-entry';
import { groupPopupMachine } from './group-popup';
import { DIRECTORY, GROUP, OLGA, SAVED } from './samples';

// Registry entry of the group and users popup; src/machines/index.ts lists it with the rest.

export const groupPopup = defineEntry({
  machine: groupPopupMachine,
  title: { ru: 'Группы пользователей', en: 'User groups' },
  screen: '/',
  place: 'header',
  events: [
    { type: 'popup.changeType', popupType: 'add-participant' },
    { type: 'popup.changeType', popupType: 'add-user' },
    { type: 'popup.changeType', popupType: 'create-group' },
    { type: 'popup.changeType', popupType: 'main' },
    { type: 'popup.retry' },
    { type: 'user.toggleSelect', id: 2 },
    { type: 'user.openProperties', id: 2 },
    { type: 'user.openProperties', id: 3 },
    { type: 'profile.close' },
    { type: 'group.open', id: 10 },
    { type: 'group.close' },
    { type: 'change.submit', change: { kind: 'createGroup', name: 'Снабжение' } },
    { type: 'change.submit', change: { kind: 'removeParticipant', groupId: 10, userId: 2 } },
    { type: 'confirm.accept' },
    { type: 'confirm.cancel' },
    { type: 'change.groupSaved', directory: DIRECTORY, group: GROUP },
    { type: 'change.groupGone', directory: DIRECTORY },
    { type: 'change.personSaved', directory: DIRECTORY, person: OLGA },
    { type: 'change.saved', directory: DIRECTORY },
    { type: 'popup.close' },
  ],
  actorOutputs: { loadDirectory: [DIRECTORY], loadGroup: [GROUP], loadPerson: [OLGA], saveChange: SAVED },
  // What guards read: whether a group is loaded, whether a previous profile waits.
  graphContext: (context) => [context.group !== null, context.previousProfileId !== null],
  invariants: (snapshot) => {
    const { confirmation, saving, profileId, previousProfileId, groupId, group, directory } = snapshot.context;
    if (!snapshot.matches('open')) return null;
    return firstBroken([
      [directory !== null, 'an open popup has its directory'],
      [snapshot.matches({ open: { work: 'confirming' } }) === (confirmation !== null), 'confirming exactly while a confirmation is asked'],
      [snapshot.matches({ open: { work: 'saving' } }) === (saving !== null), 'saving exactly while a change is on its way'],
      [snapshot.matches({ open: { pane: 'profile' } }) === (profileId !== null), 'a profile card shows exactly one profile'],
      [!snapshot.matches({ open: { pane: 'group' } }) || groupId !== null, 'a group card shows a group'],
      [!snapshot.matches({ open: { pane: { group: 'shown' } } }) || group?.id === groupId, 'a shown group card has the group loaded'],
      [previousProfileId === null || (profileId !== null && previousProfileId !== profileId), 'the previous profile is another one, behind an open profile'],
    ]);
  },
});
