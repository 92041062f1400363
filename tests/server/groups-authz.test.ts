import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as groupCalls from '../../src/contract/groups';
import type { GroupDirectory } from '../../src/contract/groups';
import type { Gateway } from '../../server/app';
import { userGroupMembers, userGroups } from '../../server/groups/schema';
import { callsOf, itRefusesAnonymous, itRefusesEachRow, tableText, type AuthzRow } from './authz-table';
import { makeClient, person, type Person } from './client-fixtures';
import { get, post, startGateway } from './helpers';

/**
 * Every call that names a group, tried by an anonymous caller, by a colleague of the owner who takes no
 * part in the group (404, as if there were none), by a participant and by an admin. Only the owner renames, sets the
 * image, gives roles, transfers and deletes; owner and admins add and remove. Each refusal leaves the group as it was.
 */

type Need = 'member' | 'manage' | 'owner';
type Ids = { group: number; admin: number; participant: number; spare: number };

const ROWS: AuthzRow<Need, Ids>[] = [
  { call: groupCalls.getGroup, need: 'member', input: (ids) => ({ query: { id: ids.group } }) },
  { call: groupCalls.renameGroup, need: 'owner', input: (ids) => ({ body: { groupId: ids.group, name: 'Чужое имя' } }) },
  { call: groupCalls.setGroupImage, need: 'owner', input: (ids) => ({ body: { groupId: ids.group, dataUrl: null } }) },
  { call: groupCalls.addParticipant, need: 'manage', input: (ids) => ({ body: { groupId: ids.group, userId: ids.spare, role: 'participant' } }) },
  { call: groupCalls.setParticipantRole, need: 'owner', input: (ids) => ({ body: { groupId: ids.group, userId: ids.participant, role: 'admin' } }) },
  { call: groupCalls.removeParticipant, need: 'manage', input: (ids) => ({ body: { groupId: ids.group, userId: ids.admin } }) },
  { call: groupCalls.transferOwnership, need: 'owner', input: (ids) => ({ body: { groupId: ids.group, userId: ids.participant } }) },
  { call: groupCalls.deleteGroup, need: 'owner', input: (ids) => ({ body: { groupId: ids.group } }) },
];

let gw: Gateway;
const ids = {} as Ids;
const people = {} as Record<'owner' | 'admin' | 'participant' | 'outsider' | 'spare', Person>;
const table: string[] = [];

async function snapshot(): Promise<string> {
  const [group, members] = await Promise.all([
    gw.db.select().from(userGroups).where(eq(userGroups.id, ids.group)),
    gw.db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, ids.group)),
  ]);
  return JSON.stringify([group, members.sort((a, b) => a.userId - b.userId)]);
}

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 'g-owner', 'Олег', 'Владельцев');
  people.admin = await person(gw, 'g-admin', 'Анна', 'Админова');
  people.participant = await person(gw, 'g-participant', 'Пётр', 'Участников');
  people.outsider = await person(gw, 'g-outsider', 'Фёдор', 'Сторонний');
  people.spare = await person(gw, 'g-spare', 'Семён', 'Запасной');
  // Everyone is a colleague of everyone: being a colleague gives no access to somebody else's group.
  await makeClient(gw, { name: 'Общий' }, [[people.owner, 1], [people.admin, 3], [people.participant, 3], [people.outsider, 3], [people.spare, 3]]);
  const group = (await post(gw, '/account/Groups/Create', { name: 'Проверяемая' }, { token: people.owner.token })).body as { id: number };
  ids.group = group.id;
  ids.admin = people.admin.id;
  ids.participant = people.participant.id;
  ids.spare = people.spare.id;
  for (const [who, role] of [[people.admin, 'admin'], [people.participant, 'participant']] as const) {
    const added = await post(gw, '/account/Groups/AddParticipant', { groupId: ids.group, userId: who.id, role }, { token: people.owner.token });
    expect(added.status).toBe(200);
  }
});

afterAll(async () => {
  console.log(tableText('Group calls: who is refused (status answered, the group unchanged)',
    ['Call', 'Needs', 'Anonymous', 'Colleague outside the group', 'Participant', 'Admin'], table));
  await gw.close();
});

const NEED_LABEL: Record<Need, string> = { member: 'any participant', manage: 'owner or admin', owner: 'the owner' };

describe('every call naming a group refuses callers without the right and changes nothing', () => {
  itRefusesEachRow({
    gateway: () => gw, ids, rows: ROWS, outsider: () => people.outsider, needLabel: NEED_LABEL, snapshot, table,
    refused: [{ who: () => people.participant, needs: ['manage', 'owner'] }, { who: () => people.admin, needs: ['owner'] }],
  });
});

describe('every groups call', () => {
  itRefusesAnonymous(() => gw, callsOf([groupCalls]), (count) => expect(count).toBe(15));
});

describe('what an admin may not do', () => {
  it('add someone as admin, or remove another admin', async () => {
    const asAdmin = await post(gw, '/account/Groups/AddParticipant', { groupId: ids.group, userId: ids.spare, role: 'admin' }, { token: people.admin.token });
    expect([asAdmin.status, asAdmin.json.field]).toEqual([403, 'role']);
    const before = await snapshot();
    const second = await person(gw, 'g-admin2', 'Вера', 'Второва');
    await makeClient(gw, { name: 'Второй' }, [[people.owner, 1], [second, 3]]);
    await post(gw, '/account/Groups/AddParticipant', { groupId: ids.group, userId: second.id, role: 'admin' }, { token: people.owner.token });
    const removed = await post(gw, '/account/Groups/RemoveParticipant', { groupId: ids.group, userId: second.id }, { token: people.admin.token });
    expect([removed.status, removed.json.code]).toEqual([403, 'forbidden']);
    await post(gw, '/account/Groups/RemoveParticipant', { groupId: ids.group, userId: second.id }, { token: people.owner.token });
    expect(await snapshot()).toBe(before);
  });
});

describe('somebody else\'s groups', () => {
  it('are not in the directory of a colleague who takes no part in them', async () => {
    const seen = (await get(gw, '/account/Groups/Directory', people.outsider.token)).body as GroupDirectory;
    expect(seen.groups).toEqual([]);
  });

  it('cannot be joined by adding oneself', async () => {
    const before = await snapshot();
    const joined = await post(
      gw,
      '/account/Groups/AddParticipant',
      { groupId: ids.group, userId: people.outsider.id, role: 'admin' },
      { token: people.outsider.token },
    );
    expect([joined.status, joined.json.code]).toEqual([404, 'not_found']);
    expect(await snapshot()).toBe(before);
  });
});
