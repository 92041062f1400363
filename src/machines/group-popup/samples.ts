import type { GroupDetail, GroupDirectory, Person } from '../../contract/groups';
import type { SavedChange } from './group-popup-types';

// Sample payloads of the group popup and the people search: the registry's path walks.

const person = (id: number, name: string, extra: Partial<Person> = {}): Person => ({
  id, name, avatar: null, phone: '+79161234567', email: `user${id}@example.ru`, phoneIsHidden: false, emailIsHidden: false,
  isColleague: true, inContacts: false, isMe: false, ...extra,
});
const ME = person(1, 'Иван Петрович Смирнов', { isMe: true, isColleague: false });
export const OLGA = person(2, 'Ольга Сергеевна Кузнецова', { inContacts: true, phone: null, phoneIsHidden: true });
export const GROUP: GroupDetail = {
  id: 10, name: 'Снабжение', image: null, ownerId: ME.id, myRole: 'owner',
  participants: [{ person: ME, role: 'owner' }, { person: OLGA, role: 'participant' }],
};
export const DIRECTORY: GroupDirectory = {
  groups: [{ id: 10, name: 'Снабжение', image: null, participantsCount: 2, isOwner: true }],
  contacts: [OLGA],
  privacy: { phoneIsHidden: false, emailIsHidden: false },
};
export const SAVED: SavedChange[] = [
  { directory: DIRECTORY, subject: { kind: 'group', group: GROUP } },
  { directory: { ...DIRECTORY, groups: [] }, subject: { kind: 'group', group: null } },
  { directory: DIRECTORY, subject: { kind: 'person', person: OLGA } },
  { directory: DIRECTORY, subject: { kind: 'none' } },
];
