import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import { countersV2 } from '../../src/contract/counters';
import type { Gateway } from '../../server/app';
import { settings } from '../../server/db/schema';
import { cartItems } from '../../server/cart/schema';
import { orderCheckouts } from '../../server/checkout/schema';
import { orderCounts, orderLines, orders, orderStatusHistory } from '../../server/orders/schema';
import { projects } from '../../server/projects/schema';
import { quoteFor } from '../../server/pricing/quote';
import { addToCart, cartOf, endpointOf, lineOf, orderingData, pcb, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, notificationsOf, person, type Person } from './client-fixtures';
import { call, createClock, startGateway } from './helpers';

const clock = createClock(new Date('2026-03-02T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let colleague: Person;
let data: OrderingData;
let otherData: OrderingData;
const ids = { client: 0, other: 0, a: 0, b: 0, kept: 0, draft: 0, unpriced: 0, foreign: 0 };
const points = { warehouse: { id: 0, name: '', nameEn: '', address: '' }, pickup: { id: 0, name: '', nameEn: '', address: '' } };

type Request = cart.CheckoutRequest;
const request = (lineIds: number[], overrides: Partial<Request> = {}): Request => ({
  idempotencyKey: randomUUID(), clientId: ids.client, payerId: data.payerId, contactId: data.contactId,
  delivery: { kind: 'warehouse', endpointId: points.warehouse.id, deliverySettingId: null }, comment: ' Срочно ', lineIds,
  ...overrides,
});
const checkout = (body: unknown, who: Person = owner, lang: 'ru' | 'en' = 'ru') =>
  call(gw, 'POST', cart.checkout.path, { token: who.token, body, lang });
const counters = async (who: Person) => (await call(gw, 'GET', countersV2.path, { token: who.token })).json as {
  orders: { total: number }; basket: { total: number; price: number };
};
const line = (projectId: number, who: Person = owner) => lineOf(gw, who.id, projectId);

/** Everything a refused checkout must leave as it was. */
async function snapshot(): Promise<string> {
  const [cartRows, orderRows, lines, keys, counts, counter] = await Promise.all([
    gw.db.select().from(cartItems).orderBy(cartItems.id),
    gw.db.select().from(orders).orderBy(orders.id),
    gw.db.select().from(orderLines).orderBy(orderLines.id),
    gw.db.select().from(orderCheckouts),
    gw.db.select().from(orderCounts),
    gw.db.select().from(settings).where(like(settings.key, 'order-number-%')),
  ]);
  return JSON.stringify({ cartRows, orderRows, lines, keys, counts, counter });
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  owner = await person(gw, 'co-owner', 'Олег', 'Владельцев');
  colleague = await person(gw, 'co-buyer', 'Богдан', 'Закупкин');
  ids.client = await makeClient(gw, { name: 'Заказчик' }, [[owner, 1], [colleague, 5]]);
  ids.other = await makeClient(gw, { name: 'Другой' }, [[owner, 2]]);
  data = await orderingData(gw, ids.client, 'Заказчик');
  otherData = await orderingData(gw, ids.other, 'Другой');
  points.warehouse = await endpointOf(gw, 'warehouse');
  points.pickup = await endpointOf(gw, 'pickup_point');
  const mine = { clientId: ids.client, ownerUserId: owner.id };
  ids.a = await pricedProject(gw, { ...mine, title: 'Контроллер' });
  ids.b = await pricedProject(gw, { ...mine, title: 'Усилитель', params: pcb(20, 4) });
  ids.kept = await pricedProject(gw, { ...mine, title: 'Останется в корзине' });
  ids.draft = await pricedProject(gw, { ...mine, title: 'Станет черновиком' });
  ids.unpriced = await pricedProject(gw, { ...mine, title: 'Без цены' });
  ids.foreign = await pricedProject(gw, { clientId: ids.other, ownerUserId: owner.id, title: 'Проект другого клиента' });
  for (const id of [ids.a, ids.b, ids.kept, ids.draft, ids.unpriced, ids.foreign]) await addToCart(gw, owner.token, id);
  await addToCart(gw, colleague.token, ids.a);
  await gw.db.update(projects).set({ status: 'draft' }).where(eq(projects.id, ids.draft));
  await gw.db.update(cartItems).set({ price: null }).where(eq(cartItems.id, await line(ids.unpriced)));
});

afterAll(async () => { await gw.close(); });

describe('a refused checkout names the field and leaves the cart and the orders as they were', () => {
  const cases: Array<[string, () => Promise<Request>, number, string, string]> = [
    ['a payer of another client', async () => request([await line(ids.a)], { payerId: otherData.payerId }), 404, 'payerId', 'not_found'],
    ['a payer that does not exist', async () => request([await line(ids.a)], { payerId: 2_147_483_647 }), 404, 'payerId', 'not_found'],
    ['a contact of another client', async () => request([await line(ids.a)], { contactId: otherData.contactId }), 404, 'contactId', 'not_found'],
    ['a warehouse that is a pickup point', async () => request([await line(ids.a)], {
      delivery: { kind: 'warehouse', endpointId: points.pickup.id, deliverySettingId: null } }), 400, 'delivery.endpointId', 'deliveryInvalid'],
    ['a pickup point without a point', async () => request([await line(ids.a)], {
      delivery: { kind: 'pickup_point', endpointId: null, deliverySettingId: data.courierId } }), 400, 'delivery.endpointId', 'deliveryInvalid'],
    ['a courier to a saved post address', async () => request([await line(ids.a)], {
      delivery: { kind: 'express_post', endpointId: null, deliverySettingId: data.postId } }), 400, 'delivery.deliverySettingId', 'deliveryInvalid'],
    ['the post to another client\'s address', async () => request([await line(ids.a)], {
      delivery: { kind: 'russian_post', endpointId: null, deliverySettingId: otherData.postId } }), 400, 'delivery.deliverySettingId', 'deliveryInvalid'],
    ['a courier without an address', async () => request([await line(ids.a)], {
      delivery: { kind: 'express_post', endpointId: points.warehouse.id, deliverySettingId: null } }), 400, 'delivery.deliverySettingId', 'deliveryInvalid'],
    ['another user\'s cart line', async () => request([await line(ids.a), await line(ids.a, colleague)]), 409, 'lineIds', 'cartChanged'],
    ['a line that is gone', async () => request([await line(ids.a), 2_147_483_647]), 409, 'lineIds', 'cartChanged'],
    ['a project no longer available for ordering', async () => request([await line(ids.a), await line(ids.draft)]), 400, 'lineIds', 'lineNotOrderable'],
    ['a line without a price', async () => request([await line(ids.unpriced)]), 400, 'lineIds', 'lineNotOrderable'],
    ['a project of another client', async () => request([await line(ids.a), await line(ids.foreign)]), 400, 'lineIds', 'lineNotOrderable'],
    ['a client the user is not a member of', async () => request([await line(ids.a)], { clientId: 999_999 }), 404, 'clientId', 'not_found'],
  ];
  for (const [name, body, status, field, code] of cases) {
    it(name, async () => {
      const before = await snapshot();
      const answer = await checkout(await body());
      expect([answer.status, answer.json.field, answer.json.code], JSON.stringify(answer.body)).toEqual([status, field, code]);
      expect(typeof answer.json.error).toBe('string');
      expect(await snapshot()).toBe(before);
    });
  }

  it('an unorderable line is named by its project\'s title, in both languages', async () => {
    const body = request([await line(ids.draft)]);
    expect((await checkout(body)).json.error).toContain('«Станет черновиком»');
    expect((await checkout(body, owner, 'en')).json.error).toContain('\'Станет черновиком\'');
    expect((await checkout(request([await line(ids.foreign)]))).json.error).toMatch(/«Проект другого клиента».*другому клиенту/);
  });

  it('a failure half-way through (here: the history refuses its row) rolls everything back', async () => {
    await gw.db.execute(sql.raw(`create function refuse_history() returns trigger language plpgsql as $$
      begin raise exception 'history is down'; end $$`));
    await gw.db.execute(sql.raw('create trigger refuse_history before insert on order_status_history for each row execute function refuse_history()'));
    try {
      const before = await snapshot();
      const answer = await checkout(request([await line(ids.a), await line(ids.b)]));
      expect(answer.status).toBe(500);
      expect(await snapshot()).toBe(before);
    } finally {
      await gw.db.execute(sql.raw('drop trigger refuse_history on order_status_history'));
      await gw.db.execute(sql.raw('drop function refuse_history'));
    }
  });
});

describe('placing an order', () => {
  let placed: { orderId: number; number: string };
  let body: Request;

  it('makes the order with its lines, history, counts and notifications, and empties the ordered lines', async () => {
    const countersBefore = await counters(owner);
    body = request([await line(ids.b), await line(ids.a)]);
    const answer = await checkout(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    placed = answer.body as typeof placed;
    expect(placed.number).toBe('ПП-2026-00001');

    const [order] = await gw.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [a, b] = [quoteFor(pcb(10)), quoteFor(pcb(20, 4))];
    expect(order).toMatchObject({
      clientId: ids.client, number: 'ПП-2026-00001', status: 'on_check', holdReason: null, isFavorite: false,
      placedByUserId: owner.id, payerId: data.payerId, comment: 'Срочно', total: Math.round((a.total + b.total) * 100) / 100,
      lineCount: 2, firstLineTitle: 'Контроллер', createdAt: clock.now(), statusChangedAt: clock.now(),
      payer: {
        payerId: data.payerId, name: 'ООО «Заказчик»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
        legalAddress: '117312, г. Москва, ул. Вавилова, д. 19', bik: '044525225', bankName: 'ПАО Сбербанк',
        settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
      },
      contact: { contactId: data.contactId, name: 'Соколова Анна Дмитриевна', phone: '+79161234567', email: 'anna@example.ru' },
      delivery: {
        kind: 'warehouse', methodName: 'Самовывоз со склада', pointName: points.warehouse.name, address: points.warehouse.address,
        endpointId: points.warehouse.id, deliverySettingId: null,
        // The point's English name is kept with the order, so /en/orders/:id names it in English.
        name: points.warehouse.name, nameEn: points.warehouse.nameEn, recipient: '',
      },
    });

    const lines = await gw.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId)).orderBy(orderLines.id);
    const [projectA] = await gw.db.select().from(projects).where(eq(projects.id, ids.a));
    expect(lines.map((one) => [one.title, one.quantity, one.unitPrice, one.total, one.days, one.status])).toEqual([
      ['Контроллер', 10, a.perUnit, a.total, a.days, 'engineering'],
      ['Усилитель', 20, b.perUnit, b.total, b.days, 'engineering'],
    ]);
    expect(lines[0]).toMatchObject({
      clientId: ids.client, projectId: ids.a, versionId: projectA?.currentVersionId, productType: 'pcb', params: pcb(10),
    });

    const history = await gw.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId));
    expect(history.map((row) => [row.status, row.held, row.action, row.at])).toEqual([['on_check', false, 'place', clock.now()]]);
    const counts = await gw.db.select().from(orderCounts).where(eq(orderCounts.clientId, ids.client));
    expect(counts.map((row) => [row.status, row.held, row.isFavorite, row.orders])).toEqual([['on_check', false, false, 1]]);
    for (const who of [owner, colleague]) {
      expect(await notificationsOf(gw, who.id, 'OrderStatusChanged')).toEqual([
        expect.objectContaining({ OrderId: placed.orderId, OrderNumber: 'ПП-2026-00001', Status: 'on_check' }),
      ]);
    }

    expect((await cartOf(gw, owner.token)).lines.map((one) => one.projectId)).toEqual([ids.kept, ids.draft, ids.unpriced, ids.foreign]);
    const countersAfter = await counters(owner);
    expect(countersAfter.orders.total).toBe(countersBefore.orders.total + 1);
    expect(countersAfter.basket.total).toBe(countersBefore.basket.total - 2);
  });

  it('a retry of the same checkout answers the same order, though the lines are gone now', async () => {
    const before = await snapshot();
    const answer = await checkout(body);
    expect([answer.status, answer.body]).toEqual([200, placed]);
    expect(await snapshot()).toBe(before);
  });

  it('the same key from another user, or for another client, is refused', async () => {
    const theirs = await checkout({ ...body, lineIds: [await line(ids.a, colleague)] }, colleague);
    expect([theirs.status, theirs.json.code, theirs.json.field]).toEqual([409, 'idempotencyKeyUsed', 'idempotencyKey']);
    const elsewhere = await checkout({ ...body, clientId: ids.other, payerId: otherData.payerId, contactId: otherData.contactId });
    expect([elsewhere.status, elsewhere.json.code]).toEqual([409, 'idempotencyKeyUsed']);
  });

  it('two identical checkouts sent at once make exactly one order and both answer it', async () => {
    await addToCart(gw, owner.token, ids.a);
    const twin = request([await line(ids.a)], {
      delivery: { kind: 'express_post', endpointId: null, deliverySettingId: data.courierId },
    });
    const ordersBefore = (await gw.db.select().from(orders)).length;
    const answers = await Promise.all([checkout(twin), checkout(twin)]);
    expect(answers.map((one) => one.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect((await gw.db.select().from(orders)).length).toBe(ordersBefore + 1);
    const orderId = (answers[0]?.body as { orderId: number }).orderId;
    const [order] = await gw.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.number).toBe('ПП-2026-00002');
    expect(order?.delivery).toEqual({
      kind: 'express_post', methodName: 'Курьерская служба', pointName: 'Соколова Анна Дмитриевна',
      address: '117342, г. Москва, ул. Профсоюзная, д. 65', endpointId: null, deliverySettingId: data.courierId,
      name: 'Курьером в офис', nameEn: 'Курьером в офис', recipient: 'Соколова Анна Дмитриевна',
    });
  });

  it('two different checkouts of the same line at once: one order, the other finds the cart changed', async () => {
    await addToCart(gw, owner.token, ids.a);
    const lineIds = [await line(ids.a)];
    const post = { kind: 'russian_post' as const, endpointId: null, deliverySettingId: data.postId };
    const answers = await Promise.all([checkout(request(lineIds, { delivery: post })), checkout(request(lineIds, { delivery: post }))]);
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409]);
    expect(answers.find((one) => one.status === 409)?.json.code).toBe('cartChanged');
    const orderId = (answers.find((one) => one.status === 200)?.body as { orderId: number }).orderId;
    const [order] = await gw.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.delivery).toMatchObject({
      methodName: 'Почта России', pointName: 'Почтой на склад', address: '170100, г. Тверь, ул. Советская, д. 1', name: 'Почтой на склад', recipient: '',
    });
  });
});

describe('a price that changed since the cart was reviewed', () => {
  it('is not charged: the checkout is refused, the line gets today\'s price, the next checkout uses it', async () => {
    await addToCart(gw, owner.token, ids.b);
    const lineId = await line(ids.b);
    const dearer = pcb(20, 4);
    dearer.board.widthMm = 160;
    await gw.db.update(projects).set({ params: dearer, quote: quoteFor(dearer), price: quoteFor(dearer).total }).where(eq(projects.id, ids.b));
    const ordersBefore = (await gw.db.select().from(orders)).length;

    const refused = await checkout(request([lineId]));
    expect([refused.status, refused.json.code, refused.json.field]).toEqual([409, 'cartChanged', 'lineIds']);
    expect(refused.json.error).toContain('«Усилитель»');
    expect((await gw.db.select().from(orders)).length).toBe(ordersBefore);
    expect((await cartOf(gw, owner.token)).lines.find((one) => one.id === lineId)?.price).toBe(quoteFor(dearer).total);

    const placed = await checkout(request([lineId]));
    expect(placed.status).toBe(200);
    const [order] = await gw.db.select().from(orders).where(eq(orders.id, (placed.body as { orderId: number }).orderId));
    expect(order?.total).toBe(quoteFor(dearer).total);
  });
});

describe('order numbers', () => {
  it('follow the orders already numbered in a year, and the year is Moscow\'s', async () => {
    const { nextOrderNumber } = await import('../../server/orders/number');
    const seeded = await gw.db.select({ number: orders.number }).from(orders).where(like(orders.number, 'ПП-2025-%'));
    const last = Math.max(0, ...seeded.map((row) => Number(row.number.slice('ПП-2025-'.length))));
    const rollback = new Error('rollback');
    await expect(gw.db.transaction(async (tx) => {
      expect(await nextOrderNumber(tx, new Date('2025-06-01T10:00:00Z'))).toBe(`ПП-2025-${String(last + 1).padStart(5, '0')}`);
      expect(await nextOrderNumber(tx, new Date('2025-06-01T10:00:00Z'))).toBe(`ПП-2025-${String(last + 2).padStart(5, '0')}`);
      // 21:30 UTC on 31 December is already the next year in Moscow.
      expect(await nextOrderNumber(tx, new Date('2026-12-31T21:30:00Z'))).toBe('ПП-2027-00001');
      expect(await nextOrderNumber(tx, new Date('2026-12-31T20:30:00Z'))).toMatch(/^ПП-2026-000\d\d$/);
      throw rollback;
    })).rejects.toBe(rollback);
    expect(await gw.db.select().from(settings).where(and(like(settings.key, 'order-number-%'), eq(settings.key, 'order-number-2027')))).toEqual([]);
  });
});
