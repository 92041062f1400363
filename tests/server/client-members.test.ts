import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientUser } from '../../src/contract/clients';
import type { Gateway } from '../../server/app';
import { call, get, post, startGateway } from './helpers';
import { makeClient, notificationsOf, person, roleOf, type Person } from './client-fixtures';

/** The members of a client, ChangeRole, RemoveUser and Leave by the role matrix, and their notifications. */

let gw: Gateway;
let owner: Person;
let admin: Person;
let universal: Person;
let engineer: Person;
let buyer: Person;
let outsider: Person;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'owner', 'Ольга', 'Владелец');
  admin = await person(gw, 'admin', 'Артём', 'Админов');
  universal = await person(gw, 'universal', 'Ульяна', 'Универсалова');
  engineer = await person(gw, 'engineer', 'Евгений', 'Инженеров');
  buyer = await person(gw, 'buyer', 'Борис', 'Закупкин');
  outsider = await person(gw, 'outsider', 'Олег', 'Посторонний');
  clientId = await makeClient(gw, { name: 'Ромашка' }, [[owner, 1], [admin, 2], [universal, 3], [engineer, 4], [buyer, 5]]);
  await makeClient(gw, { name: 'Соседи' }, [[outsider, 1]]);
});
afterAll(() => gw.close());

const changeRole = (by: Person, body: Record<string, unknown>) => post(gw, '/account/Clients/ChangeRole', { clientId, ...body }, { token: by.token });
const removeUser = (by: Person, userId: number, id = clientId) =>
  call(gw, 'DELETE', '/account/Clients/RemoveUser', { token: by.token, body: { clientId: id, userId } });
const leave = (by: Person, id = clientId) => get(gw, `/account/Clients/Leave?clientId=${id}`, by.token);
const rolesNow = async () => Promise.all([owner, admin, universal, engineer, buyer].map((who) => roleOf(gw, clientId, who.id)));

describe('Users', () => {
  it('lists members by role, then by joining time, marking the caller', async () => {
    const answer = await get(gw, `/account/Clients/Users?clientId=${clientId}`, engineer.token);
    expect(answer.status).toBe(200);
    const list = answer.body as ClientUser[];
    expect(list.map((user) => [user.userId, user.role, user.isCurrent])).toEqual([
      [owner.id, 1, false], [admin.id, 2, false], [universal.id, 3, false], [engineer.id, 4, true], [buyer.id, 5, false],
    ]);
    expect(list[0]).toMatchObject({ firstName: 'Ольга', lastName: 'Владелец', email: owner.email, phone: expect.any(String) as unknown });
    expect((await get(gw, `/account/Clients/Users?clientId=${clientId}`, outsider.token)).status).toBe(404);
    expect((await get(gw, `/account/Clients/Users?clientId=${clientId}`)).status).toBe(401);
  });
});

describe('ChangeRole', () => {
  it('lets an admin move a member between roles 3–5 and tells the member', async () => {
    const answer = await changeRole(admin, { userId: universal.id, role: 5 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const list = answer.body as ClientUser[];
    expect(list.find((user) => user.userId === universal.id)?.role).toBe(5);
    expect(list.find((user) => user.userId === admin.id)?.isCurrent).toBe(true);
    expect(await notificationsOf(gw, universal.id, 'ClientRoleChanging')).toEqual([
      { IsAdmin: false, WhoChanged: 'Артём Админов', ClientName: 'Ромашка' },
    ]);
    expect((await changeRole(admin, { userId: universal.id, role: 3 })).status).toBe(200);
  });

  it('refuses what the matrix does not allow, changing nothing', async () => {
    const before = await rolesNow();
    const cases: Array<[Person, Record<string, unknown>, number, string]> = [
      [admin, { userId: universal.id }, 403, 'forbidden'], // making an admin is the owner's
      [admin, { userId: universal.id, role: 2 }, 403, 'forbidden'],
      [admin, { userId: admin.id, role: 3 }, 403, 'forbidden'], // demoting an admin, even oneself
      [admin, { userId: universal.id, role: 1 }, 403, 'forbidden'], // transfer is the owner's
      [admin, { userId: owner.id, role: 3 }, 409, 'owner_protected'],
      [owner, { userId: owner.id, role: 2 }, 409, 'owner_protected'],
      [owner, { userId: owner.id }, 409, 'owner_protected'],
      [universal, { userId: buyer.id, role: 4 }, 403, 'forbidden'],
      [engineer, { userId: buyer.id, role: 3 }, 403, 'forbidden'],
      [outsider, { userId: buyer.id, role: 3 }, 404, 'not_found'],
      [owner, { userId: outsider.id, role: 3 }, 404, 'not_found'],
    ];
    for (const [by, body, status, code] of cases) {
      const answer = await changeRole(by, body);
      expect(answer.status, `${by.name} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.json.code).toBe(code);
    }
    expect((await changeRole(owner, { userId: outsider.id, role: 3 })).json.field).toBe('userId');
    expect((await post(gw, '/account/Clients/ChangeRole', { clientId, userId: buyer.id, role: 3 })).status).toBe(401);
    expect(await rolesNow()).toEqual(before);
  });

  it('lets the owner toggle admin both ways, and tells the member each time', async () => {
    const made = await changeRole(owner, { userId: universal.id });
    expect((made.body as ClientUser[]).find((user) => user.userId === universal.id)?.role).toBe(2);
    const unmade = await changeRole(owner, { userId: universal.id });
    expect((unmade.body as ClientUser[]).find((user) => user.userId === universal.id)?.role).toBe(3);
    const notes = await notificationsOf(gw, universal.id, 'ClientRoleChanging');
    expect(notes.slice(-2)).toEqual([
      { IsAdmin: true, WhoChanged: 'Ольга Владелец', ClientName: 'Ромашка' },
      { IsAdmin: false, WhoChanged: 'Ольга Владелец', ClientName: 'Ромашка' },
    ]);
  });
});

describe('ownership transfer', () => {
  it('makes the member owner and the old owner admin, telling both; the old owner loses the owner\'s powers', async () => {
    const transferClient = await makeClient(gw, { name: 'Передача' }, [[owner, 1], [buyer, 5]]);
    const answer = await post(gw, '/account/Clients/ChangeRole', { clientId: transferClient, userId: buyer.id, role: 1 }, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as ClientUser[]).map((user) => [user.userId, user.role])).toEqual([[buyer.id, 1], [owner.id, 2]]);
    const note = { IsAdmin: true, WhoChanged: 'Ольга Владелец', ClientName: 'Передача' };
    expect(await notificationsOf(gw, buyer.id, 'ClientRoleChanging')).toContainEqual(note);
    expect(await notificationsOf(gw, owner.id, 'ClientRoleChanging')).toContainEqual(note);
    const again = await post(gw, '/account/Clients/ChangeRole', { clientId: transferClient, userId: buyer.id, role: 2 }, { token: owner.token });
    expect(again.status).toBe(409);
    expect(await roleOf(gw, transferClient, buyer.id)).toBe(1);
  });
});

describe('RemoveUser', () => {
  it('refuses what the matrix does not allow, changing nothing', async () => {
    const before = await rolesNow();
    const cases: Array<[Person, number, number, string]> = [
      [admin, owner.id, 409, 'owner_protected'],
      [owner, owner.id, 409, 'owner_protected'],
      [admin, admin.id, 409, 'use_leave'],
      [engineer, buyer.id, 403, 'forbidden'],
      [universal, buyer.id, 403, 'forbidden'],
      [outsider, buyer.id, 404, 'not_found'],
      [owner, outsider.id, 404, 'not_found'],
    ];
    for (const [by, userId, status, code] of cases) {
      const answer = await removeUser(by, userId);
      expect(answer.status, `${by.name} removes ${userId}`).toBe(status);
      expect(answer.json.code).toBe(code);
    }
    expect((await call(gw, 'DELETE', '/account/Clients/RemoveUser', { body: { clientId, userId: buyer.id } })).status).toBe(401);
    expect(await rolesNow()).toEqual(before);
  });

  it('lets an admin remove a buyer but not an admin; the owner removes an admin; each removed member is told', async () => {
    const second = await person(gw, 'second-admin', 'Вторая', 'Админша');
    const removable = await makeClient(gw, { name: 'Удаление' }, [[owner, 1], [admin, 2], [second, 2], [buyer, 5]]);
    expect((await removeUser(admin, second.id, removable)).status).toBe(403);
    const removed = await removeUser(admin, buyer.id, removable);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ ok: true });
    expect(await roleOf(gw, removable, buyer.id)).toBeNull();
    expect(await notificationsOf(gw, buyer.id, 'Looser')).toEqual([{ WhoKickedYou: 'Артём Админов', ClientName: 'Удаление' }]);
    expect((await removeUser(owner, second.id, removable)).status).toBe(200);
    expect(await notificationsOf(gw, second.id, 'Looser')).toEqual([{ WhoKickedYou: 'Ольга Владелец', ClientName: 'Удаление' }]);
    expect((await get(gw, `/account/Clients/Get?id=${removable}`, second.token)).status).toBe(404);
  });
});

describe('Leave', () => {
  it('refuses the owner (409), a non-member (404) and an anonymous caller (401)', async () => {
    const before = await rolesNow();
    const ownerLeaves = await leave(owner);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.json.code).toBe('owner_cannot_leave');
    expect((await leave(outsider)).status).toBe(404);
    expect((await get(gw, `/account/Clients/Leave?clientId=${clientId}`)).status).toBe(401);
    expect(await rolesNow()).toEqual(before);
  });

  it('lets a member leave and tells the owner and admins only', async () => {
    const before = {
      universal: (await notificationsOf(gw, universal.id, 'Looser')).length,
      admin: (await notificationsOf(gw, admin.id, 'Looser')).length,
    };
    const answer = await leave(engineer);
    expect(answer.status).toBe(200);
    expect(await roleOf(gw, clientId, engineer.id)).toBeNull();
    const note = { WhoKickedYou: 'Евгений Инженеров', ClientName: 'Ромашка', SelfLeft: true };
    expect(await notificationsOf(gw, owner.id, 'Looser')).toContainEqual(note);
    expect(await notificationsOf(gw, admin.id, 'Looser')).toContainEqual(note);
    expect((await notificationsOf(gw, admin.id, 'Looser')).length).toBe(before.admin + 1);
    expect((await notificationsOf(gw, universal.id, 'Looser')).length).toBe(before.universal);
    expect(await notificationsOf(gw, engineer.id, 'Looser')).toEqual([]);
    expect((await leave(engineer)).status).toBe(404);
  });

  it('lets an admin leave too', async () => {
    expect((await leave(admin)).status).toBe(200);
    expect(await notificationsOf(gw, owner.id, 'Looser')).toContainEqual({ WhoKickedYou: 'Артём Админов', ClientName: 'Ромашка', SelfLeft: true });
  });
});
