import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupDetail, GroupDirectory, Person as Card } from '../../src/contract/groups';
import type { Gateway } from '../../server/app';
import { clientUsers, users } from '../../server/db/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { get, post, startGateway } from './helpers';

/** The group and users popup on real data — people found only among colleagues, groups and contacts kept. */

let gw: Gateway;
let ivan: Person;
let olga: Person;
let petr: Person;
let stranger: Person;
let newcomer: Person;
let sharedClient: number;

beforeAll(async () => {
  gw = await startGateway();
  ivan = await person(gw, 'ivan', 'Иван', 'Смирнов');
  olga = await person(gw, 'olga', 'Ольга', 'Кузнецова');
  petr = await person(gw, 'petr', 'Пётр', 'Петров');
  stranger = await person(gw, 'stranger', 'Ольга', 'Посторонняя');
  newcomer = await person(gw, 'newcomer', 'Нина', 'Новая');
  await gw.db.update(users).set({ patronymic: 'Сергеевна', phone: '+79161234567' }).where(eq(users.id, olga.id));
  // Иван shares «Ромашка» with Ольга and «Лютик» with Пётр; Ольга and Пётр share nothing; the stranger is alone.
  sharedClient = await makeClient(gw, { name: 'Ромашка' }, [[ivan, 1], [olga, 3]]);
  await makeClient(gw, { name: 'Лютик' }, [[ivan, 2], [petr, 1]]);
  await makeClient(gw, { name: 'Чужие' }, [[stranger, 1]]);
});
afterAll(() => gw.close());

const find = async (who: Person, search: string) => {
  const answer = await post(gw, '/account/Groups/FindPeople', { search }, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as Card[]).map((card) => card.id);
};
const directory = async (who: Person) => (await get(gw, '/account/Groups/Directory', who.token)).body as GroupDirectory;
const create = async (who: Person, name: string) => {
  const answer = await post(gw, '/account/Groups/Create', { name }, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as GroupDetail;
};
const add = (who: Person, groupId: number, userId: number, role = 'participant') =>
  post(gw, '/account/Groups/AddParticipant', { groupId, userId, role }, { token: who.token });

describe('a new user', () => {
  it('starts with no groups, no contacts and nothing hidden', async () => {
    expect(await directory(newcomer)).toEqual({ groups: [], contacts: [], privacy: { phoneIsHidden: false, emailIsHidden: false } });
  });

  it('finds nobody while sharing no client with anyone', async () => {
    expect(await find(newcomer, 'Ольга')).toEqual([]);
    expect(await find(newcomer, String(ivan.id))).toEqual([]);
  });
});

describe('FindPeople', () => {
  it('finds a colleague by name, by any words of the full name, by e-mail, by phone as typed and by ID', async () => {
    expect(await find(ivan, 'кузнец')).toEqual([olga.id]);
    expect(await find(ivan, 'Ольга Кузнецова')).toEqual([olga.id]);
    expect(await find(ivan, 'Сергеевна')).toEqual([olga.id]);
    expect(await find(ivan, 'olga@clients')).toEqual([olga.id]);
    expect(await find(ivan, '8 (916) 123-45-67')).toEqual([olga.id]);
    expect(await find(ivan, String(olga.id))).toEqual([olga.id]);
  });

  it('never finds someone outside the caller\'s clients, by name, e-mail, phone or ID, nor the caller', async () => {
    expect(await find(ivan, 'Посторонняя')).toEqual([]);
    expect(await find(ivan, stranger.email)).toEqual([]);
    expect(await find(ivan, String(stranger.id))).toEqual([]);
    expect(await find(ivan, 'Ольга')).toEqual([olga.id]);
    expect(await find(ivan, 'Смирнов')).toEqual([]);
    // Ольга shares «Ромашка» with Иван only: Пётр is no colleague of hers.
    expect(await find(olga, 'Петров')).toEqual([]);
  });

  it('answers the participant card: name, ID, phone and e-mail of a colleague, whether in contacts', async () => {
    const answer = await post(gw, '/account/Groups/FindPeople', { search: 'Ольга' }, { token: ivan.token });
    expect(answer.body).toEqual([{
      id: olga.id, name: 'Ольга Сергеевна Кузнецова', avatar: null, phone: '+79161234567', email: olga.email,
      phoneIsHidden: false, emailIsHidden: false, isColleague: true, inContacts: false, isMe: false,
    }]);
  });

  it('stops finding someone the moment they leave the last shared client', async () => {
    const leaver = await person(gw, 'leaver', 'Лев', 'Уходящий');
    await gw.db.insert(clientUsers).values({ clientId: sharedClient, userId: leaver.id, role: 4 });
    expect(await find(ivan, 'Уходящий')).toEqual([leaver.id]);
    await gw.db.delete(clientUsers).where(eq(clientUsers.userId, leaver.id));
    expect(await find(ivan, 'Уходящий')).toEqual([]);
  });

  it('refuses a bad search with 400 naming the field', async () => {
    const answer = await post(gw, '/account/Groups/FindPeople', { search: 'x'.repeat(101) }, { token: ivan.token });
    expect([answer.status, answer.json.field]).toEqual([400, 'search']);
  });
});

describe('hidden phone and e-mail', () => {
  it('shows the hidden-note instead, and a hidden phone is not searched', async () => {
    const hidden = await post(gw, '/account/Groups/SetPrivacy', { phoneIsHidden: true, emailIsHidden: false }, { token: olga.token });
    expect(hidden.body).toEqual({ phoneIsHidden: true, emailIsHidden: false });
    expect(await find(ivan, '+7 916 123 45 67')).toEqual([]);
    const card = (await get(gw, `/account/Groups/GetPerson?userId=${olga.id}`, ivan.token)).body as Card;
    expect(card).toMatchObject({ phone: null, phoneIsHidden: true, email: olga.email, emailIsHidden: false });
    // Her own card still shows her the number she hid.
    const own = (await get(gw, `/account/Groups/GetPerson?userId=${olga.id}`, olga.token)).body as Card;
    expect(own).toMatchObject({ phone: '+79161234567', phoneIsHidden: true, isMe: true });
    await post(gw, '/account/Groups/SetPrivacy', { phoneIsHidden: false, emailIsHidden: false }, { token: olga.token });
  });
});

describe('groups', () => {
  it('creates a group owned by its creator, adds a colleague with a role, and lists it for both', async () => {
    const group = await create(ivan, '  Снабжение  ');
    expect(group).toMatchObject({ name: 'Снабжение', image: null, ownerId: ivan.id, myRole: 'owner' });
    expect(group.participants.map((p) => [p.person.id, p.role])).toEqual([[ivan.id, 'owner']]);
    const added = await add(ivan, group.id, olga.id, 'admin');
    expect(added.status).toBe(200);
    expect((added.body as GroupDetail).participants.map((p) => [p.person.id, p.role])).toEqual([[ivan.id, 'owner'], [olga.id, 'admin']]);
    expect((await directory(ivan)).groups).toEqual([{ id: group.id, name: 'Снабжение', image: null, participantsCount: 2, isOwner: true }]);
    expect((await directory(olga)).groups).toEqual([{ id: group.id, name: 'Снабжение', image: null, participantsCount: 2, isOwner: false }]);
    expect((await get(gw, `/account/Groups/Get?id=${group.id}`, olga.token)).body).toMatchObject({ myRole: 'admin' });
  });

  it('adds nobody from outside the adder\'s clients, and nobody twice', async () => {
    const group = await create(ivan, 'Закрытая');
    const outside = await add(ivan, group.id, stranger.id);
    expect([outside.status, outside.json.code, outside.json.field]).toEqual([404, 'not_found', 'userId']);
    expect((await add(ivan, group.id, petr.id)).status).toBe(200);
    const twice = await add(ivan, group.id, petr.id);
    expect([twice.status, twice.json.code]).toEqual([409, 'already_participant']);
  });

  it('shows a fellow participant from another client by name only, without saying whether they hid anything', async () => {
    const group = await create(ivan, 'Смешанная');
    await add(ivan, group.id, olga.id);
    await add(ivan, group.id, petr.id);
    const seen = (await get(gw, `/account/Groups/Get?id=${group.id}`, petr.token)).body as GroupDetail;
    expect(seen.participants.find((p) => p.person.id === olga.id)?.person).toMatchObject({
      name: 'Ольга Сергеевна Кузнецова', phone: null, email: null, phoneIsHidden: false, emailIsHidden: false, isColleague: false,
    });
    expect((await get(gw, `/account/Groups/GetPerson?userId=${olga.id}`, petr.token)).status).toBe(200);
    expect((await get(gw, `/account/Groups/GetPerson?userId=${olga.id}`, stranger.token)).status).toBe(404);
  });

  it('renames on the owner\'s word, refusing an empty name with 400 naming the field', async () => {
    const group = await create(ivan, 'Старое');
    const renamed = await post(gw, '/account/Groups/Rename', { groupId: group.id, name: 'Новое' }, { token: ivan.token });
    expect((renamed.body as GroupDetail).name).toBe('Новое');
    const blank = await post(gw, '/account/Groups/Rename', { groupId: group.id, name: '   ' }, { token: ivan.token });
    expect([blank.status, blank.json.field]).toEqual([400, 'name']);
  });

  it('sets and removes the group image', async () => {
    const group = await create(ivan, 'С картинкой');
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64')}`;
    const set = await post(gw, '/account/Groups/SetImage', { groupId: group.id, dataUrl: png }, { token: ivan.token });
    const image = (set.body as GroupDetail).image;
    expect(image).toMatch(/^\/files\/images\/[0-9a-f-]{36}$/);
    expect((await gw.app.inject({ method: 'GET', url: image ?? '' })).statusCode).toBe(200);
    const cleared = await post(gw, '/account/Groups/SetImage', { groupId: group.id, dataUrl: null }, { token: ivan.token });
    expect((cleared.body as GroupDetail).image).toBeNull();
    expect((await gw.app.inject({ method: 'GET', url: image ?? '' })).statusCode).toBe(404);
  });

  it('transfers ownership to a participant: the former owner stays as admin and loses the owner\'s rights', async () => {
    const group = await create(ivan, 'Передача');
    await add(ivan, group.id, olga.id);
    const moved = await post(gw, '/account/Groups/TransferOwnership', { groupId: group.id, userId: olga.id }, { token: ivan.token });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ownerId: olga.id, myRole: 'admin' });
    expect((moved.body as GroupDetail).participants.map((p) => [p.person.id, p.role])).toEqual([[olga.id, 'owner'], [ivan.id, 'admin']]);
    const rename = await post(gw, '/account/Groups/Rename', { groupId: group.id, name: 'Моя' }, { token: ivan.token });
    expect([rename.status, rename.json.code]).toEqual([403, 'forbidden']);
    expect((await post(gw, '/account/Groups/Rename', { groupId: group.id, name: 'Моя' }, { token: olga.token })).status).toBe(200);
  });

  it('keeps the owner: neither removed nor given another role', async () => {
    const group = await create(ivan, 'Владелец остаётся');
    const removed = await post(gw, '/account/Groups/RemoveParticipant', { groupId: group.id, userId: ivan.id }, { token: ivan.token });
    expect([removed.status, removed.json.code]).toEqual([409, 'owner_protected']);
    const demoted = await post(gw, '/account/Groups/SetRole', { groupId: group.id, userId: ivan.id, role: 'participant' }, { token: ivan.token });
    expect([demoted.status, demoted.json.code]).toEqual([409, 'owner_protected']);
  });

  it('removes a participant, lets a participant leave, and deletes the group for everyone', async () => {
    const group = await create(ivan, 'Временная');
    await add(ivan, group.id, olga.id);
    await add(ivan, group.id, petr.id);
    const removed = await post(gw, '/account/Groups/RemoveParticipant', { groupId: group.id, userId: petr.id }, { token: ivan.token });
    expect((removed.body as { group: GroupDetail }).group.participants.map((p) => p.person.id)).toEqual([ivan.id, olga.id]);
    expect((await get(gw, `/account/Groups/Get?id=${group.id}`, petr.token)).status).toBe(404);
    const left = await post(gw, '/account/Groups/RemoveParticipant', { groupId: group.id, userId: olga.id }, { token: olga.token });
    expect(left.body).toEqual({ group: null });
    expect((await post(gw, '/account/Groups/Delete', { groupId: group.id }, { token: ivan.token })).body).toEqual({ ok: true });
    expect((await get(gw, `/account/Groups/Get?id=${group.id}`, ivan.token)).status).toBe(404);
    expect((await directory(ivan)).groups.map((g) => g.id)).not.toContain(group.id);
  });

  it('answers an id beyond the database range or of the wrong type with 4xx naming the field, never 500', async () => {
    const big = await post(gw, '/account/Groups/Rename', { groupId: 2147483648, name: 'x' }, { token: ivan.token });
    expect([big.status < 500, big.json.field]).toEqual([true, 'groupId']);
    const text = await post(gw, '/account/Groups/Delete', { groupId: 'один' }, { token: ivan.token });
    expect([text.status, text.json.field]).toEqual([400, 'groupId']);
    const person = await get(gw, '/account/Groups/GetPerson?userId=99999999999', ivan.token);
    expect(person.status < 500).toBe(true);
  });
});

describe('contacts', () => {
  it('adds a colleague, shows them in the directory, and removes them again', async () => {
    const added = await post(gw, '/account/Groups/AddContact', { userId: petr.id }, { token: ivan.token });
    expect(added.body).toMatchObject({ id: petr.id, inContacts: true });
    expect((await directory(ivan)).contacts.map((c) => c.id)).toEqual([petr.id]);
    const removed = await post(gw, '/account/Groups/RemoveContact', { userId: petr.id }, { token: ivan.token });
    expect(removed.body).toMatchObject({ id: petr.id, inContacts: false });
    expect((await directory(ivan)).contacts).toEqual([]);
  });

  it('adds no one from outside the caller\'s clients, nor the caller', async () => {
    const outside = await post(gw, '/account/Groups/AddContact', { userId: stranger.id }, { token: ivan.token });
    expect([outside.status, outside.json.code]).toEqual([404, 'not_found']);
    const self = await post(gw, '/account/Groups/AddContact', { userId: ivan.id }, { token: ivan.token });
    expect(self.status).toBe(409);
  });
});
