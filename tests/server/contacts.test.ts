import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../src/contract/contacts';
import type { Gateway } from '../../server/app';
import { clients, clientUsers } from '../../server/db/schema';
import { contacts } from '../../server/ordering-data/schema';
import { call, createClock, createUser, get, login, post, startGateway } from './helpers';

const clock = createClock();
let gw: Gateway;
const tokens = {} as Record<'owner' | 'engineer' | 'buyer' | 'outsider' | 'demo', string>;
let clientId = 0;

const CONTACT = {
  firstName: 'Анна', lastName: 'Соколова', middleName: 'Дмитриевна', position: 'Бухгалтер', phone: '+79161234567',
  email: null, comment: '',
};
const PAGE = { pagination: { page: 1, itemsOnPage: 20 } };

const create = (body: Record<string, unknown>, token = tokens.owner, lang: 'ru' | 'en' = 'ru') =>
  post(gw, '/account/Contacts/Create', { clientId, ...CONTACT, ...body }, { token, lang });
const update = (id: unknown, body: Record<string, unknown>, token = tokens.owner) =>
  post(gw, '/account/Contacts/Update', { id, ...CONTACT, ...body }, { token });
const del = (id: unknown, token = tokens.owner) => call(gw, 'DELETE', '/account/Contacts/Delete', { body: { id }, token });
const list = async (body: Record<string, unknown> = {}, token = tokens.owner) => {
  const answer = await post(gw, '/account/Contacts/List', { clientId, ...PAGE, ...body }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Contact[];
};
const countOf = async (body: Record<string, unknown> = {}) =>
  (await post(gw, '/account/Contacts/ListCount', { clientId, ...body }, { token: tokens.owner })).json.count;
const stored = () => gw.db.select().from(contacts).where(eq(contacts.clientId, clientId));
const clearContacts = () => gw.db.delete(contacts).where(eq(contacts.clientId, clientId));

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  const ids = {
    owner: await createUser(gw, 'contact-owner@example.ru', '+79990004001'),
    engineer: await createUser(gw, 'contact-engineer@example.ru', '+79990004002'),
    buyer: await createUser(gw, 'contact-buyer@example.ru', '+79990004003'),
    outsider: await createUser(gw, 'contact-outsider@example.ru', '+79990004004'),
  };
  const [mine, other] = await gw.db.insert(clients).values([
    { name: 'Контакты', fullName: 'ООО «Контакты»', clientType: 'corporate', isLegal: true },
    { name: 'Чужие контакты', fullName: 'ООО «Чужие»', clientType: 'corporate', isLegal: true },
  ]).returning();
  if (!mine || !other) throw new Error('clients not created');
  clientId = mine.id;
  await gw.db.insert(clientUsers).values([
    { clientId, userId: ids.owner, role: 1 }, { clientId, userId: ids.engineer, role: 4 },
    { clientId, userId: ids.buyer, role: 5 }, { clientId: other.id, userId: ids.outsider, role: 1 },
  ]);
  for (const key of ['owner', 'engineer', 'buyer', 'outsider'] as const) {
    tokens[key] = await login(gw, `contact-${key}@example.ru`, 'password-123');
  }
  tokens.demo = await login(gw);
});

afterAll(async () => {
  await gw.close();
});

describe('the demo seed', () => {
  it('gives «Электронные системы» two contacts', async () => {
    const [es] = await gw.db.select().from(clients).where(eq(clients.name, 'Электронные системы'));
    const answer = await post(gw, '/account/Contacts/List', { clientId: es?.id, ...PAGE }, { token: tokens.demo });
    expect((answer.body as Contact[]).map((one) => one.lastName).sort()).toEqual(['Орлов', 'Соколова']);
  });
});

describe('creating, reading, changing and deleting a contact', () => {
  it('stores trimmed values and a lower-cased e-mail; Get answers it to any member', async () => {
    await clearContacts();
    const answer = await create({ firstName: ' Анна ', lastName: ' Соколова', email: 'Anna.S@Example.RU', comment: ' звонить утром ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ ...CONTACT, email: 'anna.s@example.ru', comment: 'звонить утром', clientId });
    const read = await get(gw, `/account/Contacts/Get?id=${answer.json.id}`, tokens.engineer);
    expect(read.json).toEqual(answer.json);
    expect(await countOf()).toBe(1);
  });

  it('needs a phone or an e-mail: 400 on phone, nothing stored', async () => {
    await clearContacts();
    const answer = await create({ phone: null, email: null });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      field: 'phone', code: 'phone_or_email_required', error: 'Укажите телефон или e-mail: без них с контактным лицом не связаться',
    });
    expect((await create({ phone: null, email: null }, tokens.owner, 'en')).json.error)
      .toBe('Enter a phone or an e-mail: without them the contact person cannot be reached');
    expect(await stored()).toEqual([]);
    expect((await create({ phone: null, email: 'only@example.ru' })).status).toBe(200);
  });

  it('needs a first and a last name that are not blank', async () => {
    await clearContacts();
    expect((await create({ firstName: '   ' })).json).toMatchObject({ field: 'firstName', error: 'Укажите имя' });
    expect((await create({ lastName: '  ' })).json).toMatchObject({ field: 'lastName', error: 'Укажите фамилию' });
    expect((await create({ phone: '8916' })).json).toMatchObject({ field: 'phone' });
    expect(await stored()).toEqual([]);
  });

  it('updates (a buyer may) and deletes', async () => {
    await clearContacts();
    const created = await create({});
    clock.advance(30);
    const updated = await update(created.json.id, { phone: null, email: 'NEW@example.ru' }, tokens.buyer);
    expect(updated.json).toMatchObject({ phone: null, email: 'new@example.ru', updatedAt: clock.now().toISOString(), createdAt: created.json.createdAt });
    const refused = await update(created.json.id, { phone: null, email: null });
    expect(refused.status).toBe(400);
    const [row] = await stored();
    expect(row?.email).toBe('new@example.ru');
    expect((await del(created.json.id, tokens.buyer)).json).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
  });
});

describe('the list', () => {
  beforeAll(async () => {
    await clearContacts();
    const people = [
      { firstName: 'Борис', lastName: 'Яковлев', phone: '+79160000001', email: null },
      { firstName: 'Анна', lastName: 'Абрамова', phone: null, email: 'abramova@example.ru' },
      { firstName: 'Вера', lastName: 'петрова', phone: '+79031112233', email: 'vera@example.ru' },
    ];
    for (const person of people) {
      clock.advance(1);
      await create({ middleName: '', ...person });
    }
  });
  const lastNames = (rows: Contact[]) => rows.map((one) => one.lastName);

  it('is newest first by default and sorts by last name case-insensitively', async () => {
    expect(lastNames(await list())).toEqual(['петрова', 'Абрамова', 'Яковлев']);
    expect(lastNames(await list({ sort: { code: 'lastName', orderBy: 'asc' } }))).toEqual(['Абрамова', 'петрова', 'Яковлев']);
    expect(lastNames(await list({ sort: { code: 'lastName', orderBy: 'desc' } }))).toEqual(['Яковлев', 'петрова', 'Абрамова']);
    expect(lastNames(await list({ sort: { code: 'createdAt', orderBy: 'asc' } }))).toEqual(['Яковлев', 'Абрамова', 'петрова']);
  });

  it('searches names, phone (also as typed with a mask) and e-mail', async () => {
    expect(lastNames(await list({ search: 'ПЕТРОВ' }))).toEqual(['петрова']);
    expect(lastNames(await list({ search: 'Анна Абрамова' }))).toEqual(['Абрамова']);
    expect(lastNames(await list({ search: '+7 (903) 111' }))).toEqual(['петрова']);
    expect(lastNames(await list({ search: 'abramova@' }))).toEqual(['Абрамова']);
    expect(await countOf({ search: 'никого' })).toBe(0);
  });

  it('filters withPhone and withEmail, both together meaning both', async () => {
    expect(await countOf({ filters: ['withPhone'] })).toBe(2);
    expect(await countOf({ filters: ['withEmail'] })).toBe(2);
    expect(lastNames(await list({ filters: ['withPhone', 'withEmail'] }))).toEqual(['петрова']);
  });

  it('pages without overlap', async () => {
    const first = await list({ pagination: { page: 1, itemsOnPage: 2 } });
    const second = await list({ pagination: { page: 2, itemsOnPage: 2 } });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((one) => one.id)).size).toBe(3);
  });
});

describe('refusals', () => {
  let contactId = 0;
  beforeAll(async () => {
    await clearContacts();
    contactId = Number((await create({})).json.id);
  });
  const snapshot = async () => JSON.stringify(await stored());

  it('a member of another client gets 404 on every call and nothing changes', async () => {
    const before = await snapshot();
    const token = tokens.outsider;
    const answers = [
      await post(gw, '/account/Contacts/List', { clientId, ...PAGE }, { token }),
      await post(gw, '/account/Contacts/ListCount', { clientId }, { token }),
      await get(gw, `/account/Contacts/Get?id=${contactId}`, token),
      await create({}, token),
      await update(contactId, { lastName: 'Взлом' }, token),
      await del(contactId, token),
    ];
    expect(answers.map((one) => one.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await snapshot()).toBe(before);
  });

  it('an engineer reads but gets 403 on every write', async () => {
    const before = await snapshot();
    expect(await list({}, tokens.engineer)).toHaveLength(1);
    const answers = [
      await create({}, tokens.engineer),
      await update(contactId, { lastName: 'Инженер' }, tokens.engineer),
      await del(contactId, tokens.engineer),
    ];
    expect(answers.map((one) => [one.status, one.json.code])).toEqual(Array(3).fill([403, 'forbidden']));
    expect(await snapshot()).toBe(before);
  });

  it('a missing id is 404; an anonymous caller 401', async () => {
    expect((await get(gw, '/account/Contacts/Get?id=987654', tokens.owner)).status).toBe(404);
    expect((await update(987654, {})).status).toBe(404);
    expect((await post(gw, '/account/Contacts/List', { clientId, ...PAGE })).status).toBe(401);
    expect((await call(gw, 'DELETE', '/account/Contacts/Delete', { body: { id: contactId } })).status).toBe(401);
  });
});
