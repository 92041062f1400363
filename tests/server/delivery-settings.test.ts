import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySetting } from '../../src/contract/delivery-settings';
import type { Gateway } from '../../server/app';
import { clients, clientUsers } from '../../server/db/schema';
import { deliverySettings } from '../../server/ordering-data/schema';
import { DELIVERY_ENDPOINTS, DELIVERY_METHODS } from '../../server/seed/reference-data';
import { call, createClock, createUser, get, login, post, startGateway } from './helpers';

const clock = createClock();
let gw: Gateway;
const tokens = {} as Record<'owner' | 'engineer' | 'universal' | 'outsider' | 'demo', string>;
let clientId = 0;

const methodOf = (code: string) => DELIVERY_METHODS.find((one) => one.code === code)?.id;
const endpointOf = (name: string) => DELIVERY_ENDPOINTS.find((one) => one.name === name)?.id ?? 0;
const WAREHOUSE = endpointOf('Склад Москва');
const PICKUP = endpointOf('ПВЗ «Бауманская»');

const BASE = {
  kind: 'warehouse', name: '', endpointId: WAREHOUSE, divisionId: null, address: '', postalCode: '', recipientName: '',
  recipientPhone: null, comment: '', isDefault: false,
};
const COURIER = { ...BASE, kind: 'express_post', endpointId: null, address: 'Москва, ул. Профсоюзная, д. 65', recipientName: 'Соколова Анна' };
const POST = { ...COURIER, kind: 'russian_post', postalCode: '117342' };

const create = (body: Record<string, unknown>, token = tokens.owner, lang: 'ru' | 'en' = 'ru') =>
  post(gw, '/account/Delivery/Create', { clientId, ...BASE, ...body }, { token, lang });
const update = (id: unknown, body: Record<string, unknown>, token = tokens.owner) =>
  post(gw, '/account/Delivery/Update', { id, ...BASE, ...body }, { token });
const del = (id: unknown, token = tokens.owner) => call(gw, 'DELETE', '/account/Delivery/Delete', { body: { id }, token });
const list = async (token = tokens.owner, id = clientId) => {
  const answer = await get(gw, `/account/Delivery/List?clientId=${id}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as DeliverySetting[];
};
const stored = () => gw.db.select().from(deliverySettings).where(eq(deliverySettings.clientId, clientId));
const defaults = async () => (await stored()).filter((one) => one.isDefault).map((one) => one.id);

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  const ids = {
    owner: await createUser(gw, 'delivery-owner@example.ru', '+79990005001'),
    engineer: await createUser(gw, 'delivery-engineer@example.ru', '+79990005002'),
    universal: await createUser(gw, 'delivery-universal@example.ru', '+79990005003'),
    outsider: await createUser(gw, 'delivery-outsider@example.ru', '+79990005004'),
  };
  const [mine, other] = await gw.db.insert(clients).values([
    { name: 'Доставка', fullName: 'ООО «Доставка»', clientType: 'corporate', isLegal: true },
    { name: 'Чужая доставка', fullName: 'ООО «Чужая»', clientType: 'corporate', isLegal: true },
  ]).returning();
  if (!mine || !other) throw new Error('clients not created');
  clientId = mine.id;
  await gw.db.insert(clientUsers).values([
    { clientId, userId: ids.owner, role: 1 }, { clientId, userId: ids.engineer, role: 4 },
    { clientId, userId: ids.universal, role: 3 }, { clientId: other.id, userId: ids.outsider, role: 1 },
  ]);
  for (const key of ['owner', 'engineer', 'universal', 'outsider'] as const) {
    tokens[key] = await login(gw, `delivery-${key}@example.ru`, 'password-123');
  }
  tokens.demo = await login(gw);
});

afterAll(async () => {
  await gw.close();
});

beforeEach(async () => {
  await gw.db.delete(deliverySettings).where(eq(deliverySettings.clientId, clientId));
});

describe('the demo seed', () => {
  it('gives «Электронные системы» a default warehouse pickup and a courier address', async () => {
    const [es] = await gw.db.select().from(clients).where(eq(clients.name, 'Электронные системы'));
    const settings = await list(tokens.demo, es?.id);
    expect(settings.map((one) => [one.kind, one.isDefault])).toEqual([['warehouse', true], ['express_post', false]]);
  });
});

describe('what each kind needs', () => {
  it('warehouse: an endpoint of the warehouse method; the method follows the kind', async () => {
    const answer = await create({ name: ' Склад ', address: 'ignored', postalCode: '123456' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({
      kind: 'warehouse',
      methodId: methodOf('warehouse'),
      endpointId: WAREHOUSE,
      name: 'Склад',
      address: '',
      postalCode: '',
    });
    const pickupEndpoint = await create({ endpointId: PICKUP });
    expect(pickupEndpoint.json).toMatchObject({ field: 'endpointId', error: 'Выберите склад из списка' });
    expect((await create({ endpointId: null })).json.field).toBe('endpointId');
    expect((await create({ endpointId: 9999 })).json.field).toBe('endpointId');
    expect(await stored()).toHaveLength(1);
  });

  it('pickup_point: an endpoint of the pickup method', async () => {
    const wrong = await create({ kind: 'pickup_point', endpointId: WAREHOUSE });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ field: 'endpointId', error: 'Выберите пункт выдачи из списка' });
    expect(await stored()).toEqual([]);
    const right = await create({ kind: 'pickup_point', endpointId: PICKUP });
    expect(right.json).toMatchObject({ methodId: methodOf('pickup_point'), endpointId: PICKUP });
  });

  it('express_post: an address and a recipient; a postal code only if it is one; no endpoint stored', async () => {
    expect((await create({ ...COURIER, address: '   ' })).json).toMatchObject({ field: 'address', error: 'Укажите адрес доставки' });
    expect((await create({ ...COURIER, recipientName: ' ' })).json).toMatchObject({ field: 'recipientName', error: 'Укажите получателя' });
    expect((await create({ ...COURIER, postalCode: '12a456' })).json).toMatchObject({ field: 'postalCode' });
    expect(await stored()).toEqual([]);
    const answer = await create({ ...COURIER, endpointId: WAREHOUSE });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ methodId: methodOf('express_post'), endpointId: null, address: COURIER.address, postalCode: '' });
  });

  it('russian_post: an address, a recipient and a 6-digit postal code', async () => {
    const short = await create({ ...POST, postalCode: '11734' });
    expect(short.json).toEqual({ field: 'postalCode', code: 'invalid_delivery', error: 'Почтовый индекс должен состоять из 6 цифр' });
    expect((await create({ ...POST, postalCode: '' })).json.field).toBe('postalCode');
    expect((await create({ ...POST, address: '' })).json.field).toBe('address');
    expect((await create({ ...POST, recipientName: '' })).json.field).toBe('recipientName');
    expect((await create({ ...POST, postalCode: '' }, tokens.owner, 'en')).json.error).toBe('The postal code must be 6 digits long');
    expect(await stored()).toEqual([]);
    expect((await create(POST)).json).toMatchObject({ methodId: methodOf('russian_post'), postalCode: '117342' });
  });

  it('a division is optional but must exist', async () => {
    expect((await create({ divisionId: 999 })).json).toMatchObject({ field: 'divisionId', error: 'Выбранное подразделение не найдено' });
    expect(await stored()).toEqual([]);
    expect((await create({ divisionId: 1 })).json.divisionId).toBe(1);
  });

  it('an update is checked the same way and leaves the setting as it was', async () => {
    const created = await create(COURIER);
    const refused = await update(created.json.id, { ...COURIER, address: '' });
    expect(refused.json.field).toBe('address');
    const [row] = await stored();
    expect(row?.address).toBe(COURIER.address);
    clock.advance(10);
    const changed = await update(created.json.id, { kind: 'pickup_point', endpointId: PICKUP }, tokens.universal);
    expect(changed.json).toMatchObject({ kind: 'pickup_point', methodId: methodOf('pickup_point'), address: '', updatedAt: clock.now().toISOString() });
  });
});

describe('the default setting', () => {
  it('the first setting becomes the default; a new default takes the mark; the list shows it first, then the newest', async () => {
    const first = await create({ isDefault: false });
    expect(first.json.isDefault).toBe(true);
    clock.advance(1);
    const second = await create(COURIER);
    expect(second.json.isDefault).toBe(false);
    clock.advance(1);
    const third = await create({ ...POST, isDefault: true });
    expect(await defaults()).toEqual([third.json.id]);
    clock.advance(1);
    const fourth = await create({ kind: 'pickup_point', endpointId: PICKUP });
    expect((await list()).map((one) => one.id)).toEqual([third.json.id, fourth.json.id, second.json.id, first.json.id]);
  });

  it('marking another on update moves the mark; unmarking the default keeps it', async () => {
    const first = await create({});
    const second = await create(COURIER);
    await update(second.json.id, { ...COURIER, isDefault: true });
    expect(await defaults()).toEqual([second.json.id]);
    const unmarked = await update(second.json.id, { ...COURIER, isDefault: false });
    expect(unmarked.json.isDefault).toBe(true);
    expect(await defaults()).toEqual([second.json.id]);
    await update(first.json.id, { isDefault: true });
    expect(await defaults()).toEqual([first.json.id]);
  });

  it('deleting the default makes the newest remaining one the default; deleting another changes nothing', async () => {
    const first = await create({});
    clock.advance(1);
    const second = await create(COURIER);
    clock.advance(1);
    const third = await create(POST);
    clock.advance(1);
    const fourth = await create({ ...POST, isDefault: true });
    expect((await del(fourth.json.id)).json).toEqual({ ok: true });
    expect(await defaults()).toEqual([third.json.id]);
    await del(first.json.id);
    expect(await defaults()).toEqual([third.json.id]);
    await del(third.json.id);
    expect(await defaults()).toEqual([second.json.id]);
    await del(second.json.id);
    expect(await stored()).toEqual([]);
  });
});

describe('refusals', () => {
  const snapshot = async () => JSON.stringify(await stored());

  it('a member of another client gets 404 on every call and nothing changes', async () => {
    const id = (await create({})).json.id;
    const before = await snapshot();
    const token = tokens.outsider;
    const answers = [
      await get(gw, `/account/Delivery/List?clientId=${clientId}`, token),
      await create({ isDefault: true }, token),
      await update(id, { isDefault: true, comment: 'Взлом' }, token),
      await del(id, token),
    ];
    expect(answers.map((one) => one.status)).toEqual([404, 404, 404, 404]);
    expect(await snapshot()).toBe(before);
  });

  it('an engineer reads but gets 403 on every write', async () => {
    const id = (await create({})).json.id;
    const before = await snapshot();
    expect(await list(tokens.engineer)).toHaveLength(1);
    const answers = [await create({}, tokens.engineer), await update(id, { comment: 'Инженер' }, tokens.engineer), await del(id, tokens.engineer)];
    expect(answers.map((one) => [one.status, one.json.code])).toEqual(Array(3).fill([403, 'forbidden']));
    expect(await snapshot()).toBe(before);
  });

  it('a missing id is 404; an anonymous caller 401', async () => {
    expect((await update(555555, {})).status).toBe(404);
    expect((await del(555555)).status).toBe(404);
    expect((await get(gw, `/account/Delivery/List?clientId=${clientId}`)).status).toBe(401);
    expect((await post(gw, '/account/Delivery/Create', { clientId, ...BASE })).status).toBe(401);
  });
});
