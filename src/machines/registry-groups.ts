import type { GroupDetail, GroupDirectory, Person } from '../contract/groups';
import { groupPopupMachine, type SavedChange } from './group-popup';
import { peopleSearchMachine } from './people-search';
import { defineEntry, firstBroken } from './registry-entry';

// Registry entries of the group and users popup (issue 18); src/machines/index.ts lists them with the rest.

const person = (id: number, name: string, extra: Partial<Person> = {}): Person => ({
  id, name, avatar: null, phone: '+79161234567', email: `user${id}@example.ru`, phoneIsHidden: false, emailIsHidden: false,
  isColleague: true, inContacts: false, isMe: false, ...extra,
});
const ME = person(1, 'Иван Петрович Смирнов', { isMe: true, isColleague: false });
const OLGA = person(2, 'Ольга Сергеевна Кузнецова', { inContacts: true, phone: null, phoneIsHidden: true });
const GROUP: GroupDetail = {
  id: 10, name: 'Снабжение', image: null, ownerId: ME.id, myRole: 'owner',
  participants: [{ person: ME, role: 'owner' }, { person: OLGA, role: 'participant' }],
};
const DIRECTORY: GroupDirectory = {
  groups: [{ id: 10, name: 'Снабжение', image: null, participantsCount: 2, isOwner: true }],
  contacts: [OLGA],
  privacy: { phoneIsHidden: false, emailIsHidden: false },
};
const SAVED: SavedChange[] = [
  { directory: DIRECTORY, subject: { kind: 'group', group: GROUP } },
  { directory: { ...DIRECTORY, groups: [] }, subject: { kind: 'group', group: null } },
  { directory: DIRECTORY, subject: { kind: 'person', person: OLGA } },
  { directory: DIRECTORY, subject: { kind: 'none' } },
];

export const groupPopup = defineEntry({
  id: 'groupPopup',
  machine: groupPopupMachine,
  title: { ru: 'Группы пользователей', en: 'User groups' },
  screen: '/ (шапка)',
  input: undefined,
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

export const peopleSearch = defineEntry({
  id: 'peopleSearch',
  machine: peopleSearchMachine,
  title: { ru: 'Поиск коллег', en: 'Finding colleagues' },
  screen: '/ (шапка, группы)',
  input: undefined,
  events: [
    { type: 'search.change', query: 'Ольга' },
    { type: 'search.change', query: '  ' },
    { type: 'search.retry' },
  ],
  actorOutputs: { findPeople: [[OLGA], []] },
  invariants: (snapshot) => {
    const { query, results, answered } = snapshot.context;
    return firstBroken([
      [!snapshot.matches('idle') || answered === null || answered === query, 'idle results answer the query typed'],
      [results.length === 0 || answered !== null, 'results always say which query they answer'],
      [query.trim() !== '' || results.length === 0, 'a blank query shows nobody'],
    ]);
  },
});

export const groupsEntries = [groupPopup, peopleSearch];
