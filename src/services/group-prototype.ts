/**
 * Spec 2.7/3/7: the group and users popup is a prototype and makes no calls. Its people, groups and roles are
 * these sample records, kept in memory while the popup is open; every change is lost when it closes.
 * Names are sample data, not interface text, so they are not translated.
 */

/** Spec 6: the role dropdown offers two roles; 'participant' is the default ('Participant'). */
export const PROTOTYPE_ROLES = [
  { id: 1, name: 'participant' },
  { id: 2, name: 'admin' },
] as const;
export type PrototypeRoleName = (typeof PROTOTYPE_ROLES)[number]['name'];
export const DEFAULT_ROLE: PrototypeRoleName = 'participant';

export interface PrototypeUser {
  id: number;
  name: string;
  image: string | null;
  role: PrototypeRoleName;
  phone: string;
  email: string;
  phoneIsHidden: boolean;
  emailIsHidden: boolean;
  availableInContacts: boolean;
}

export interface PrototypeGroup {
  id: number;
  name: string;
  image: string | null;
  ownerId: number;
  /** Members and their role in this group; the owner is one of them. */
  members: { userId: number; role: PrototypeRoleName }[];
}

/** What the search list shows: users and groups side by side (spec 3: id and isGroup). */
export interface PrototypeListItem {
  id: number;
  isGroup: boolean;
}

export interface PrototypeDirectory {
  users: PrototypeUser[];
  groups: PrototypeGroup[];
}

/** The signed-in user: the owner of every sample group (the popup shows their own name). */
export const CURRENT_USER_ID = 1;

const user = (id: number, name: string, phone: string, email: string, extra: Partial<PrototypeUser> = {}): PrototypeUser => ({
  id, name, image: null, role: DEFAULT_ROLE, phone, email,
  phoneIsHidden: false, emailIsHidden: false, availableInContacts: true, ...extra,
});

export function initialDirectory(): PrototypeDirectory {
  return {
    users: [
      user(CURRENT_USER_ID, '', '', ''),
      user(101, 'Анна Соколова', '+79161234567', 'anna.sokolova@example.ru', { role: 'admin' }),
      user(102, 'Дмитрий Орлов', '+79162345678', 'd.orlov@example.ru', { phoneIsHidden: true }),
      user(103, 'Елена Кузнецова', '+79163456789', 'kuznetsova@example.ru', { emailIsHidden: true, availableInContacts: false }),
      user(104, 'Максим Волков', '+79164567890', 'volkov.m@example.ru'),
      user(105, 'Ольга Морозова', '+79165678901', 'o.morozova@example.ru', { availableInContacts: false }),
    ],
    groups: [
      {
        id: 201, name: 'Отдел закупок', image: null, ownerId: CURRENT_USER_ID,
        members: [{ userId: CURRENT_USER_ID, role: 'admin' }, { userId: 101, role: 'admin' }, { userId: 102, role: DEFAULT_ROLE }],
      },
      {
        id: 202, name: 'Конструкторы', image: null, ownerId: CURRENT_USER_ID,
        members: [{ userId: CURRENT_USER_ID, role: 'admin' }, { userId: 103, role: DEFAULT_ROLE }, { userId: 104, role: DEFAULT_ROLE }],
      },
    ],
  };
}

const matches = (query: string, ...fields: (string | number)[]) => {
  const wanted = query.trim().toLowerCase();
  const digits = wanted.replace(/\D/g, '');
  return wanted === '' || fields.some((field) => {
    const value = String(field).toLowerCase();
    return value.includes(wanted) || (digits.length >= 3 && value.replace(/\D/g, '').includes(digits));
  });
};

/** The search list: groups first, then users other than the signed-in one, by name, phone, e-mail or ID. */
export function searchDirectory(directory: PrototypeDirectory, query: string): PrototypeListItem[] {
  const groups = directory.groups.filter((group) => matches(query, group.name, group.id));
  const users = directory.users.filter(
    (candidate) => candidate.id !== CURRENT_USER_ID && matches(query, candidate.name, candidate.phone, candidate.email, candidate.id),
  );
  return [...groups.map((group) => ({ id: group.id, isGroup: true })), ...users.map((found) => ({ id: found.id, isGroup: false }))];
}

/** Users a search finds (the add-user card and the add-participant form); nothing for an empty query. */
export function findUsers(directory: PrototypeDirectory, query: string): PrototypeUser[] {
  if (query.trim() === '') return [];
  return directory.users.filter(
    (candidate) => candidate.id !== CURRENT_USER_ID && matches(query, candidate.name, candidate.phone, candidate.email, candidate.id),
  );
}

const updateGroup = (directory: PrototypeDirectory, groupId: number, change: (group: PrototypeGroup) => PrototypeGroup) => ({
  ...directory,
  groups: directory.groups.map((group) => (group.id === groupId ? change(group) : group)),
});

export function renameGroup(directory: PrototypeDirectory, groupId: number, name: string): PrototypeDirectory {
  const trimmed = name.trim();
  return trimmed === '' ? directory : updateGroup(directory, groupId, (group) => ({ ...group, name: trimmed }));
}

export function setGroupImage(directory: PrototypeDirectory, groupId: number, image: string | null): PrototypeDirectory {
  return updateGroup(directory, groupId, (group) => ({ ...group, image }));
}

/** The owner's role cannot change (spec 6). */
export function setMemberRole(directory: PrototypeDirectory, groupId: number, userId: number, role: PrototypeRoleName): PrototypeDirectory {
  return updateGroup(directory, groupId, (group) => (group.ownerId === userId ? group : {
    ...group,
    members: group.members.map((member) => (member.userId === userId ? { ...member, role } : member)),
  }));
}

/** Adds a user once; someone already in the group keeps their role. */
export function addMember(directory: PrototypeDirectory, groupId: number, userId: number, role: PrototypeRoleName): PrototypeDirectory {
  return updateGroup(directory, groupId, (group) => (group.members.some((member) => member.userId === userId) ? group : {
    ...group,
    members: [...group.members, { userId, role }],
  }));
}

/** A new group owned by the signed-in user; returns it with the directory that holds it. */
export function createGroup(directory: PrototypeDirectory, name: string): { directory: PrototypeDirectory; group: PrototypeGroup } {
  const id = Math.max(200, ...directory.groups.map((group) => group.id)) + 1;
  const group: PrototypeGroup = {
    id, name: name.trim(), image: null, ownerId: CURRENT_USER_ID, members: [{ userId: CURRENT_USER_ID, role: 'admin' }],
  };
  return { directory: { ...directory, groups: [...directory.groups, group] }, group };
}

/** Spec 6: owner actions are stubs that only log. */
export function logOwnerAction(action: { kind: string; userId: number | null; groupId: number | null }): void {
  console.info('[groups] owner action (prototype, not connected):', action);
}
