import type { GroupDetail, GroupDirectory, GroupRole, Person, Privacy } from '../../src/contract/groups';
import { ApiError } from '../../src/services/api';
import type { GroupsCalls } from '../../src/services/groups';
import { testUser } from './app-harness';

/**
 * An in-memory stand-in for the groups calls, keeping the gateway's main rules (colleagues only, the owner's rights)
 * so the views can be driven through whole sessions. `people` are the caller's colleagues unless `isColleague` false.
 */
interface StoredGroup { id: number; name: string; image: string | null; ownerId: number; members: Map<number, GroupRole> }

const base = (id: number, name: string, extra: Partial<Person> = {}): Person => ({
  id, name, avatar: null, phone: null, email: null, phoneIsHidden: false, emailIsHidden: false,
  isColleague: true, inContacts: false, isMe: false, ...extra,
});

export const ME = base(testUser.id, 'Иван Петрович Смирнов', { isMe: true, isColleague: false, phone: '+79990000000', email: 'demo@example.ru' });
export const OLGA = base(2, 'Ольга Сергеевна Кузнецова', { phone: '+79161234567', email: 'olga@example.ru' });
export const PETR = base(3, 'Пётр Андреевич Петров', { phoneIsHidden: true, email: 'petrov@example.ru' });
export const FAR = base(4, 'Мария Игоревна Новикова', { isColleague: false });

export function fakeGroupsGateway(options: { groups?: StoredGroup[]; contacts?: number[] } = {}) {
  const people = new Map([ME, OLGA, PETR, FAR].map((p) => [p.id, p]));
  const groups = new Map((options.groups ?? []).map((g) => [g.id, g]));
  const contacts = new Set(options.contacts ?? []);
  let privacy: Privacy = { phoneIsHidden: false, emailIsHidden: false };
  let nextId = 100;
  const calls: string[] = [];

  const card = (id: number): Person => {
    const found = people.get(id);
    if (!found) throw new ApiError(404, 'Пользователь не найден среди коллег по вашим клиентам', 'userId', 'not_found');
    return { ...found, inContacts: contacts.has(id) };
  };
  const mine = (id: number, need: 'member' | 'owner' = 'member') => {
    const group = groups.get(id);
    if (!group || !group.members.has(ME.id)) throw new ApiError(404, 'Группа не найдена', 'groupId', 'not_found');
    if (need === 'owner' && group.ownerId !== ME.id) throw new ApiError(403, 'Это может сделать только владелец группы', 'groupId', 'forbidden');
    return group;
  };
  const detail = (group: StoredGroup): GroupDetail => ({
    id: group.id, name: group.name, image: group.image, ownerId: group.ownerId,
    myRole: group.ownerId === ME.id ? 'owner' : group.members.get(ME.id) ?? 'participant',
    participants: [...group.members].sort(([a], [b]) => Number(b === group.ownerId) - Number(a === group.ownerId))
      .map(([id, role]) => ({ person: card(id), role: id === group.ownerId ? 'owner' as const : role })),
  });
  const directory = (): GroupDirectory => ({
    groups: [...groups.values()].filter((g) => g.members.has(ME.id))
      .map((g) => ({ id: g.id, name: g.name, image: g.image, participantsCount: g.members.size, isOwner: g.ownerId === ME.id })),
    contacts: [...contacts].map(card),
    privacy,
  });
  const colleague = (id: number) => {
    if (!people.get(id)?.isColleague) throw new ApiError(404, 'Пользователь не найден среди коллег по вашим клиентам', 'userId', 'not_found');
  };
  const log = <T>(name: string, run: () => T): Promise<T> => {
    calls.push(name);
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const gateway: GroupsCalls = {
    directory: () => log('directory', directory),
    group: (id) => log('group', () => detail(mine(id))),
    person: (userId) => log('person', () => card(userId)),
    findPeople: (search) => log('findPeople', () => [...people.values()].filter((p) =>
      p.isColleague && (p.name.toLowerCase().includes(search.toLowerCase()) || String(p.id) === search)).map((p) => card(p.id))),
    createGroup: (name) => log('createGroup', () => {
      const group = { id: nextId++, name, image: null, ownerId: ME.id, members: new Map<number, GroupRole>([[ME.id, 'admin']]) };
      groups.set(group.id, group);
      return detail(group);
    }),
    renameGroup: (groupId, name) => log('renameGroup', () => detail(Object.assign(mine(groupId, 'owner'), { name }))),
    setGroupImage: (groupId, dataUrl) => log('setGroupImage', () => detail(Object.assign(mine(groupId, 'owner'), { image: dataUrl && '/files/images/x' }))),
    addParticipant: (groupId, userId, role) => log('addParticipant', () => {
      const group = mine(groupId);
      colleague(userId);
      group.members.set(userId, role);
      return detail(group);
    }),
    setRole: (groupId, userId, role) => log('setRole', () => {
      const group = mine(groupId, 'owner');
      group.members.set(userId, role);
      return detail(group);
    }),
    removeParticipant: (groupId, userId) => log('removeParticipant', () => {
      const group = mine(groupId, userId === ME.id ? 'member' : 'owner');
      group.members.delete(userId);
      return userId === ME.id ? null : detail(group);
    }),
    transferOwnership: (groupId, userId) => log('transferOwnership', () => detail(Object.assign(mine(groupId, 'owner'), { ownerId: userId }))),
    deleteGroup: (groupId) => log('deleteGroup', () => {
      groups.delete(mine(groupId, 'owner').id);
    }),
    addContact: (userId) => log('addContact', () => {
      colleague(userId);
      contacts.add(userId);
      return card(userId);
    }),
    removeContact: (userId) => log('removeContact', () => {
      contacts.delete(userId);
      return card(userId);
    }),
    setPrivacy: (next) => log('setPrivacy', () => {
      privacy = next;
      return next;
    }),
  };
  return { gateway, calls, groups };
}

/** A group somebody else owns, with the caller in it. */
export const othersGroup = (role: GroupRole): StoredGroup => ({
  id: 50, name: 'Чужая группа', image: null, ownerId: OLGA.id, members: new Map<number, GroupRole>([[OLGA.id, 'admin'], [ME.id, role]]),
});
