import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/contract/clients';
import type { Gateway } from '../../server/app';
import { clients, clientUsers } from '../../server/db/schema';
import { get, post, startGateway } from './helpers';
import { makeClient, NEW_CLIENT, person, roleOf, type Person } from './client-fixtures';

/** Creating, finding, reading and editing clients. Members and roles: client-members.test.ts. */

let gw: Gateway;
let owner: Person;
let outsider: Person;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'creator', 'Анна', 'Создателева');
  outsider = await person(gw, 'outsider', 'Олег', 'Посторонний');
});
afterAll(() => gw.close());

const create = (body: unknown, token = owner.token, lang: 'ru' | 'en' = 'ru') => post(gw, '/account/Clients/Create', body, { token, lang });
const clientCount = async () => (await gw.db.select({ n: count() }).from(clients))[0]?.n ?? 0;
const memberCount = async () => (await gw.db.select({ n: count() }).from(clientUsers))[0]?.n ?? 0;

describe('Create', () => {
  it('creates a corporate client with the caller as owner and answers it', async () => {
    const answer = await create({ ...NEW_CLIENT.corporate, isLegal: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const client = answer.body as Client;
    expect(client).toMatchObject({
      name: 'Плата-Сервис', clientType: 'corporate', isLegal: true, inn: '7707083893', kpp: '773601001',
      ogrn: '1027700132195', role: 1, usersCount: 1, pendingRequestsCount: 0, isVerified: false, pendingUpdate: null,
    });
    expect(await roleOf(gw, client.id, owner.id)).toBe(1);
  });

  it('creates an entrepreneur (no KPP kept) and an individual (no requisites kept)', async () => {
    const ip = await create({ ...NEW_CLIENT.entrepreneur, kpp: '773601001' });
    expect(ip.status, JSON.stringify(ip.body)).toBe(200);
    expect(ip.json).toMatchObject({ isLegal: true, inn: '500100732259', kpp: null, ogrn: '304500116000157' });
    const person = await create({ ...NEW_CLIENT.individual, inn: '7707083893' });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    expect(person.json).toMatchObject({ isLegal: false, inn: null, kpp: null, ogrn: null, firstName: 'Семён' });
  });

  it('refuses requisites with the field, a code per problem and a message naming the requisite; stores nothing', async () => {
    const before = [await clientCount(), await memberCount()];
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ ...NEW_CLIENT.corporate, inn: '7707083894' }, 'inn', 'requisite_checksum', 'Неверная контрольная сумма ИНН'],
      [{ ...NEW_CLIENT.corporate, inn: '500100732259' }, 'inn', 'requisite_length', 'ИНН должен содержать 10 цифр'],
      [{ ...NEW_CLIENT.corporate, inn: '77070838ab' }, 'inn', 'requisite_digits', 'ИНН должен состоять только из цифр'],
      [{ ...NEW_CLIENT.corporate, inn: null }, 'inn', 'requisite_required', 'Укажите ИНН'],
      [{ ...NEW_CLIENT.corporate, inn: '1234567890', kpp: '77360100' }, 'inn', 'requisite_checksum', 'Неверная контрольная сумма ИНН'],
      [{ ...NEW_CLIENT.corporate, kpp: '' }, 'kpp', 'requisite_required', 'Укажите КПП'],
      [
        { ...NEW_CLIENT.corporate, kpp: '7736010a1' },
        'kpp',
        'requisite_format',
        'Неверный формат КПП: 4 цифры, затем 2 цифры или заглавные латинские буквы, затем 3 цифры',
      ],
      [{ ...NEW_CLIENT.corporate, ogrn: '1027700132196' }, 'ogrn', 'requisite_checksum', 'Неверная контрольная сумма ОГРН'],
      [{ ...NEW_CLIENT.entrepreneur, inn: '7707083893' }, 'inn', 'requisite_length', 'ИНН должен содержать 12 цифр'],
      [{ ...NEW_CLIENT.entrepreneur, ogrn: '304500116000158' }, 'ogrn', 'requisite_checksum', 'Неверная контрольная сумма ОГРНИП'],
      [{ ...NEW_CLIENT.entrepreneur, ogrn: '1027700132195' }, 'ogrn', 'requisite_length', 'ОГРНИП должен содержать 15 цифр'],
      [{ ...NEW_CLIENT.individual, clientType: 'selfemployed', inn: '500100732250' }, 'inn', 'requisite_checksum', 'Неверная контрольная сумма ИНН'],
    ];
    for (const [body, field, code, error] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toEqual({ field, code, error });
    }
    const english = await create({ ...NEW_CLIENT.corporate, inn: '7707083894' }, owner.token, 'en');
    expect(english.json.error).toBe('Wrong INN checksum');
    expect([await clientCount(), await memberCount()]).toEqual(before);
  });

  it('asks a private person\'s client for first and last name, and checks names and reference ids', async () => {
    const before = await clientCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...NEW_CLIENT.individual, firstName: ' ' }, 'firstName'],
      [{ ...NEW_CLIENT.individual, clientType: 'selfemployed', lastName: '' }, 'lastName'],
      [{ ...NEW_CLIENT.individual, name: '   ' }, 'name'],
      [{ ...NEW_CLIENT.individual, countryId: 999 }, 'countryId'],
      [{ ...NEW_CLIENT.individual, countryId: 2, regionId: 1 }, 'regionId'],
      [{ ...NEW_CLIENT.individual, countryId: null, regionId: 1 }, 'regionId'],
      [{ ...NEW_CLIENT.individual, regionId: 99999, countryId: 1 }, 'regionId'],
      [{ ...NEW_CLIENT.individual, activityId: 999 }, 'activityId'],
      [{ ...NEW_CLIENT.individual, officeId: 999 }, 'officeId'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.field).toBe(field);
    }
    expect((await create({ ...NEW_CLIENT.individual, countryId: 2, regionId: null })).status).toBe(200);
    expect(await clientCount()).toBe(before + 1);
  });

  it('answers 409 client_exists with the existing client\'s id and name for a taken INN, storing nothing', async () => {
    const [existing] = await gw.db.select().from(clients).where(eq(clients.inn, '7707083893'));
    const before = [await clientCount(), await memberCount()];
    const answer = await create({ ...NEW_CLIENT.corporate, name: 'Дубль' }, outsider.token);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ field: 'inn', code: 'client_exists', clientId: existing?.id, clientName: 'Плата-Сервис' });
    expect(answer.json.error).toContain('Плата-Сервис');
    expect([await clientCount(), await memberCount()]).toEqual(before);
  });

  it('refuses an anonymous caller', async () => {
    expect((await post(gw, '/account/Clients/Create', NEW_CLIENT.corporate)).status).toBe(401);
  });
});

describe('FindByInn', () => {
  it('finds a live client by INN and says whether the caller is a member', async () => {
    const mine = await get(gw, '/account/Clients/FindByInn?inn=7707083893', owner.token);
    expect(mine.json).toMatchObject({ name: 'Плата-Сервис', isMember: true });
    const theirs = await get(gw, '/account/Clients/FindByInn?inn=7707083893', outsider.token);
    expect(theirs.json).toMatchObject({ name: 'Плата-Сервис', isMember: false });
    const none = await get(gw, '/account/Clients/FindByInn?inn=5405123458', owner.token);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expect((await get(gw, '/account/Clients/FindByInn?inn=7707083893')).status).toBe(401);
  });
});

describe('Get', () => {
  it('answers a member, and 404 to a non-member and for an unknown id', async () => {
    const id = await makeClient(gw, { name: 'Только для своих' }, [[owner, 3]]);
    const mine = await get(gw, `/account/Clients/Get?id=${id}`, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id, role: 3, usersCount: 1, pendingRequestsCount: 0 });
    const theirs = await get(gw, `/account/Clients/Get?id=${id}`, outsider.token);
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ field: 'id', error: 'Клиент не найден' });
    expect((await get(gw, '/account/Clients/Get?id=999999', owner.token)).status).toBe(404);
    expect((await get(gw, `/account/Clients/Get?id=${id}`)).status).toBe(401);
  });
});

describe('List and ListCount', () => {
  let lister: Person;
  const ids: Record<string, number> = {};
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute));

  beforeAll(async () => {
    lister = await person(gw, 'lister', 'Лев', 'Списков');
    const colleague = await person(gw, 'colleague', 'Вера', 'Коллегова');
    ids.alpha = await makeClient(gw, { name: 'Альфа Электро', inn: '5405123458', createdAt: at(5) }, [[lister, 1], [colleague, 3], [owner, 4]]);
    ids.beta = await makeClient(gw, { name: 'Бета 100% Пайка', clientType: 'entrepreneur', createdAt: at(1) }, [[lister, 2]]);
    ids.gamma = await makeClient(
      gw,
      { name: 'Гамма', fullName: 'Гамма Сергеевна Тестова', clientType: 'individual', isLegal: false, createdAt: at(3) },
      [[lister, 4]],
    );
    ids.delta = await makeClient(gw, { name: 'Дельта_Плюс', fullName: 'АО «Северный завод»', createdAt: at(4) }, [[lister, 5]]);
    ids.epsilon = await makeClient(gw, { name: 'Эпсилон', clientType: 'selfemployed', isLegal: false, createdAt: at(2) }, [[lister, 3]]);
    await makeClient(gw, { name: 'Альфа Чужая', inn: '7730123456' }, [[outsider, 1]]);
    const { accessRequests } = await import('../../server/client-access/schema');
    await gw.db.insert(accessRequests).values([
      { clientId: ids.alpha, requesterUserId: outsider.id },
      { clientId: ids.alpha, requesterUserId: colleague.id, acceptedAt: new Date() },
      { clientId: ids.alpha, requesterUserId: colleague.id },
      { clientId: ids.gamma, requesterUserId: outsider.id },
    ]);
  });

  const names = async (query: Record<string, unknown>, itemsOnPage = 200, page = 1) => {
    const answer = await post(gw, '/account/Clients/List', { pagination: { page, itemsOnPage }, ...query }, { token: lister.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as Client[]).map((client) => client.name);
  };
  const total = async (query: Record<string, unknown>) => {
    const answer = await post(gw, '/account/Clients/ListCount', query, { token: lister.token });
    expect(answer.status).toBe(200);
    return answer.json.count;
  };

  it('lists only the caller\'s clients, by name unless asked otherwise, with the caller\'s role and counts', async () => {
    expect(await total({})).toBe(5);
    expect(await names({})).toEqual(['Альфа Электро', 'Бета 100% Пайка', 'Гамма', 'Дельта_Плюс', 'Эпсилон']);
    const answer = await post(gw, '/account/Clients/List', { pagination: { page: 1, itemsOnPage: 200 } }, { token: lister.token });
    const byName = new Map((answer.body as Client[]).map((client) => [client.name, client]));
    // Pending requests are counted for owners and admins only; the accepted one is not pending.
    expect(byName.get('Альфа Электро')).toMatchObject({ role: 1, usersCount: 3, pendingRequestsCount: 2 });
    expect(byName.get('Гамма')).toMatchObject({ role: 4, usersCount: 1, pendingRequestsCount: 0 });
    expect(byName.get('Бета 100% Пайка')).toMatchObject({ role: 2, pendingRequestsCount: 0 });
  });

  it('searches name, full name and INN case-insensitively, taking % and _ literally', async () => {
    expect(await names({ search: 'альфа' })).toEqual(['Альфа Электро']);
    expect(await names({ search: 'северный' })).toEqual(['Дельта_Плюс']);
    expect(await names({ search: '540512' })).toEqual(['Альфа Электро']);
    expect(await names({ search: '100%' })).toEqual(['Бета 100% Пайка']);
    expect(await names({ search: '0%' })).toEqual(['Бета 100% Пайка']);
    expect(await names({ search: 'а_п' })).toEqual(['Дельта_Плюс']);
    expect(await names({ search: '%' })).toEqual(['Бета 100% Пайка']);
    expect(await names({ search: '_' })).toEqual(['Дельта_Плюс']);
    expect(await total({ search: 'ЭЛЕКТРО' })).toBe(1);
    expect(await names({ search: '   ' })).toHaveLength(5);
  });

  it('filters by types (any of them) and by managed (owner or admin), combined with AND', async () => {
    expect(await names({ filters: ['corporate'] })).toEqual(['Альфа Электро', 'Дельта_Плюс']);
    expect(await names({ filters: ['individual', 'selfemployed'] })).toEqual(['Гамма', 'Эпсилон']);
    expect(await names({ filters: ['managed'] })).toEqual(['Альфа Электро', 'Бета 100% Пайка']);
    expect(await names({ filters: ['corporate', 'managed'] })).toEqual(['Альфа Электро']);
    expect(await total({ filters: ['entrepreneur', 'managed'], search: 'бета' })).toBe(1);
    expect(await total({ filters: ['individual', 'managed'] })).toBe(0);
    const unknown = await post(gw, '/account/Clients/List', { pagination: { page: 1, itemsOnPage: 20 }, filters: ['mine'] }, { token: lister.token });
    expect(unknown.status).toBe(400);
  });

  it('sorts by name, creation time and role both ways, and pages without overlap', async () => {
    expect(await names({ sort: { code: 'name', orderBy: 'desc' } })).toEqual(['Эпсилон', 'Дельта_Плюс', 'Гамма', 'Бета 100% Пайка', 'Альфа Электро']);
    expect(await names({ sort: { code: 'createdAt', orderBy: 'asc' } })).toEqual(['Бета 100% Пайка', 'Эпсилон', 'Гамма', 'Дельта_Плюс', 'Альфа Электро']);
    expect(await names({ sort: { code: 'role', orderBy: 'asc' } })).toEqual(['Альфа Электро', 'Бета 100% Пайка', 'Эпсилон', 'Гамма', 'Дельта_Плюс']);
    expect(await names({ sort: { code: 'role', orderBy: 'desc' } })).toEqual(['Дельта_Плюс', 'Гамма', 'Эпсилон', 'Бета 100% Пайка', 'Альфа Электро']);
    const pages = [await names({}, 2, 1), await names({}, 2, 2), await names({}, 2, 3), await names({}, 2, 4)];
    expect(pages).toEqual([['Альфа Электро', 'Бета 100% Пайка'], ['Гамма', 'Дельта_Плюс'], ['Эпсилон'], []]);
  });

  it('refuses an anonymous caller', async () => {
    expect((await post(gw, '/account/Clients/ListCount', {})).status).toBe(401);
    expect((await post(gw, '/account/Clients/List', { pagination: { page: 1, itemsOnPage: 20 } })).status).toBe(401);
  });
});

describe('Update and RequestUpdate', () => {
  let admin: Person;
  let engineer: Person;
  let plainId: number;
  let verifiedId: number;
  const FIELDS = {
    name: 'Новое имя', fullName: 'ООО «Новое имя»', firstName: '', lastName: '', middleName: '', siteUrl: 'https://example.ru',
    accessibleThroughAdmin: true, avatarUrl: null, activityId: 2, regionId: 2, countryId: 1, officeId: 2,
  };
  const snapshot = async (id: number) => JSON.stringify(await gw.db.select().from(clients).where(eq(clients.id, id)));

  beforeAll(async () => {
    admin = await person(gw, 'editor', 'Эдуард', 'Редакторов');
    engineer = await person(gw, 'engineer', 'Инна', 'Инженерова');
    plainId = await makeClient(gw, { name: 'Простой' }, [[admin, 2], [engineer, 4]]);
    verifiedId = await makeClient(gw, {
      name: 'Проверенный', fullName: 'ООО «Проверенный»', isVerified: true, countryId: 1, regionId: 1, officeId: 1,
    }, [[admin, 2], [engineer, 4]]);
  });

  const update = (body: unknown, token = admin.token) => post(gw, '/account/Clients/Update', body, { token });
  const requestUpdate = (body: unknown, token = admin.token) => post(gw, '/account/Clients/RequestUpdate', body, { token });

  it('lets an admin edit an unverified client and answers the new card', async () => {
    const answer = await update({ id: plainId, ...FIELDS });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ ...FIELDS, id: plainId, role: 2 });
  });

  it('refuses an engineer (403), a non-member (404) and an anonymous caller (401), changing nothing', async () => {
    const before = await snapshot(plainId);
    const low = await update({ id: plainId, ...FIELDS, name: 'Инженерное' }, engineer.token);
    expect(low.status).toBe(403);
    expect(low.json.code).toBe('forbidden');
    expect((await update({ id: plainId, ...FIELDS, name: 'Чужое' }, outsider.token)).status).toBe(404);
    expect((await post(gw, '/account/Clients/Update', { id: plainId, ...FIELDS })).status).toBe(401);
    expect((await requestUpdate({ id: verifiedId, fullName: 'X', regionId: null, officeId: null }, engineer.token)).status).toBe(403);
    expect((await requestUpdate({ id: verifiedId, fullName: 'X', regionId: null, officeId: null }, outsider.token)).status).toBe(404);
    expect(await snapshot(plainId)).toBe(before);
  });

  it('checks reference ids and names (400 on the field)', async () => {
    const before = await snapshot(plainId);
    expect((await update({ id: plainId, ...FIELDS, regionId: 30, countryId: 1 })).json.field).toBe('regionId');
    expect((await update({ id: plainId, ...FIELDS, officeId: 77 })).json.field).toBe('officeId');
    expect((await update({ id: plainId, ...FIELDS, fullName: ' ' })).json.field).toBe('fullName');
    expect(await snapshot(plainId)).toBe(before);
  });

  it('keeps a verified client\'s full name, region and office (409 verified_fields naming the field)', async () => {
    const base = { ...FIELDS, fullName: 'ООО «Проверенный»', regionId: 1, officeId: 1 };
    const before = await snapshot(verifiedId);
    for (const [change, field] of [[{ fullName: 'ООО «Иное»' }, 'fullName'], [{ regionId: 3 }, 'regionId'], [{ officeId: null }, 'officeId']] as const) {
      const answer = await update({ id: verifiedId, ...base, ...change });
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({ code: 'verified_fields', field });
    }
    expect(await snapshot(verifiedId)).toBe(before);
    const allowed = await update({ id: verifiedId, ...base, name: 'Проверенный и переименованный' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.json).toMatchObject({ name: 'Проверенный и переименованный', fullName: 'ООО «Проверенный»', isVerified: true });
  });

  it('RequestUpdate stores a pending update of a verified client; an unverified one answers 409 not_verified', async () => {
    const refused = await requestUpdate({ id: plainId, fullName: 'ООО «Иное»', regionId: null, officeId: null });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('not_verified');
    expect((await requestUpdate({ id: verifiedId, fullName: 'ООО «Иное»', regionId: 30, officeId: null })).json.field).toBe('regionId');
    const answer = await requestUpdate({ id: verifiedId, fullName: 'ООО «Проверенный плюс»', regionId: 2, officeId: 2 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json.fullName).toBe('ООО «Проверенный»');
    expect(answer.json.pendingUpdate).toEqual({
      fullName: 'ООО «Проверенный плюс»', regionId: 2, officeId: 2, requestedAt: expect.any(String) as unknown,
    });
    const [row] = await gw.db.select().from(clients).where(eq(clients.id, verifiedId));
    expect(row?.pendingUpdate?.requestedBy).toBe(admin.id);
    expect((await get(gw, `/account/Clients/Get?id=${verifiedId}`, engineer.token)).json.pendingUpdate).toMatchObject({ fullName: 'ООО «Проверенный плюс»' });
  });
});

describe('demo seed', () => {
  it('gives the demo clients valid requisites and seeds valid legacy clients once', async () => {
    const { checkClientRequisites } = await import('../../src/contract/requisites');
    const { DEMO_CLIENTS } = await import('../../server/seed/demo-data');
    const { DEMO_LEGACY_CLIENTS } = await import('../../server/seed/demo-legacy');
    const { legacyClients, legacyOrders } = await import('../../server/clients/schema');
    const { seed } = await import('../../server/seed/seed');
    for (const client of [...DEMO_CLIENTS, ...DEMO_LEGACY_CLIENTS]) {
      expect(checkClientRequisites(client.clientType, client), client.name).toEqual([]);
    }
    const live = new Set<string | null>(DEMO_CLIENTS.map((client) => client.inn));
    expect(DEMO_LEGACY_CLIENTS.filter((client) => live.has(client.inn))).toEqual([]);
    expect(DEMO_CLIENTS.find((client) => client.key === 'es')?.isVerified).toBe(true);
    const seeded = await gw.db.select().from(clients).where(eq(clients.inn, '7714982309'));
    expect(seeded[0]).toMatchObject({ name: 'Электронные системы', isVerified: true, kpp: '771401001' });
    const before = [(await gw.db.select().from(legacyClients)).length, (await gw.db.select().from(legacyOrders)).length];
    expect(before[0]).toBe(DEMO_LEGACY_CLIENTS.length);
    await seed(gw.db, { demo: true, now: new Date() });
    expect([(await gw.db.select().from(legacyClients)).length, (await gw.db.select().from(legacyOrders)).length]).toEqual(before);
  });
});
