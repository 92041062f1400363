import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import * as ordersContract from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { clients } from '../../server/db/schema';
import { orderCounts, orders } from '../../server/orders/schema';
import { letterPostOf } from '../../server/letters/queue';
import { applyOrderAction } from '../../server/orders/lifecycle';
import { simulateOrders } from '../../server/orders/simulator';
import { addToCart, endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, startGateway } from './helpers';
import { makeUpload, storeUploadFiles } from './project-fixtures';

// Files for an order: a project entered by hand is ordered only with 'files later', and that order waits
// at the engineering check, whoever tries to move it, until a member of its client attaches the files.

const clock = createClock(new Date('2026-04-06T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let engineer: Person;
let stranger: Person;
let data: OrderingData;
let warehouse = 0;
const ids = { client: 0, other: 0 };

const handEntered = (title: string) => pricedProject(gw, { clientId: ids.client, ownerUserId: owner.id, title, uploadId: null });
const withFiles = (title: string) => pricedProject(gw, { clientId: ids.client, ownerUserId: owner.id, title });

async function checkout(projectIds: number[], filesLater?: boolean) {
  for (const id of projectIds) await addToCart(gw, owner.token, id);
  const lineIds = await Promise.all(projectIds.map((id) => lineOf(gw, owner.id, id)));
  return call(gw, 'POST', cart.checkout.path, {
    token: owner.token,
    body: {
      idempotencyKey: randomUUID(), clientId: ids.client, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds,
      ...(filesLater === undefined ? {} : { filesLater }),
    },
  });
}

const getOrder = async (id: number, who: Person = owner) =>
  (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${id}`, { token: who.token })).body as ordersContract.Order;
const attach = (who: Person, body: { orderId: number; lineId: number; uploadId: string }) =>
  call(gw, 'POST', ordersContract.attachOrderFiles.path, { token: who.token, body });
/** A processed upload of a client, with its file stored as the Upload call leaves it. */
async function upload(clientId = ids.client): Promise<string> {
  const id = await makeUpload(gw, { clientId, userId: owner.id });
  await storeUploadFiles(gw, id, [{ name: 'board.GTL', content: 'G04 top*\nM02*\n' }]);
  return id;
}
// The simulator looks an hour further each pass; the clock itself stays, so the sessions do not expire.
let ahead = 0;
const simulate = async () => {
  ahead += 3_600_000;
  const now = () => new Date(clock.now().getTime() + ahead);
  return simulateOrders({ db: gw.db, seconds: 60, now, onError: (error) => { throw error; }, letters: letterPostOf(gw.context) });
};
const rowOf = async (id: number) => (await gw.db.select().from(orders).where(eq(orders.id, id)))[0];

async function placedAwaiting(titles: string[]): Promise<ordersContract.Order> {
  const projects = await Promise.all(titles.map(handEntered));
  const placed = await checkout(projects, true);
  expect(placed.status).toBe(200);
  return getOrder((placed.body as cart.PlacedOrder).orderId);
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  owner = await person(gw, 'of-owner', 'Ольга', 'Файлова');
  engineer = await person(gw, 'of-engineer', 'Егор', 'Гербер');
  stranger = await person(gw, 'of-stranger', 'Семён', 'Чужой');
  ids.client = await makeClient(gw, { name: 'Файлы позже' }, [[owner, 1], [engineer, 4]]);
  ids.other = await makeClient(gw, { name: 'Чужой клиент' }, [[stranger, 1]]);
  // A demo client, so the simulator would move its orders if the lifecycle let it.
  await gw.db.update(clients).set({ isDemo: true }).where(eq(clients.id, ids.client));
  data = await orderingData(gw, ids.client, 'Файлы');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
});

afterAll(async () => { await gw.close(); });

describe('checking out a project entered by hand', () => {
  it('is refused without files or "files later", naming the field and the project; nothing is ordered', async () => {
    const before = await gw.db.select().from(orders);
    const refused = await checkout([await handEntered('Плата без файлов')]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'filesLater', code: 'filesRequired' });
    expect(JSON.stringify(refused.body)).toContain('Плата без файлов');
    expect(await checkout([], false)).toMatchObject({ status: 400 });
    expect(await gw.db.select().from(orders)).toEqual(before);
  });

  it('with files is placed and goes on as before: not held, the simulator moves it', async () => {
    const placed = await checkout([await withFiles('Плата с файлами')]);
    expect(placed.status).toBe(200);
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId);
    expect(order).toMatchObject({ status: 'on_check', holdReason: null, filesAwaited: false });
    await simulate();
    expect((await getOrder(order.id)).status).toBe('waiting_for_payment');
  });

  it('with "files later" is placed held at the check, saying it awaits the files, and counted as held', async () => {
    const order = await placedAwaiting(['Ручной ввод']);
    expect(order).toMatchObject({ status: 'on_check', filesAwaited: true, holdReason: expect.stringContaining('файлы') });
    expect(order.lines[0]).toMatchObject({ title: 'Ручной ввод', filesUrl: null });
    expect(order.history.at(-1)).toMatchObject({ status: 'on_check', held: true });
    const counts = await gw.db.select().from(orderCounts).where(eq(orderCounts.clientId, ids.client));
    expect(counts.some((count) => count.status === 'on_check' && count.held)).toBe(true);
  });
});

describe('an order awaiting its files', () => {
  it('stays at the engineering check: the simulator, the operator\'s release and approve cannot move it', async () => {
    const order = await placedAwaiting(['Ждёт файлов']);
    await simulate();
    await simulate();
    expect(await getOrder(order.id)).toMatchObject({ status: 'on_check', filesAwaited: true });
    for (const action of ['release', 'approve'] as const) {
      await expect(applyOrderAction(gw.db, { orderId: order.id, action, now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) }))
        .rejects.toMatchObject({ status: 409 });
    }
    expect(await rowOf(order.id)).toMatchObject({ status: 'on_check', filesAwaited: true });
  });

  it('goes on once every line has files: one attached keeps it waiting, the last releases it, then the simulator moves it', async () => {
    const order = await placedAwaiting(['Верхняя плата', 'Нижняя плата']);
    const [first, second] = order.lines;
    if (!first || !second) throw new Error('two lines expected');
    const once = await attach(engineer, { orderId: order.id, lineId: first.id, uploadId: await upload() });
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ status: 'on_check', filesAwaited: true });
    expect((once.body as ordersContract.Order).lines[0]?.filesUrl).not.toBeNull();
    expect(await attach(engineer, { orderId: order.id, lineId: first.id, uploadId: await upload() }))
      .toMatchObject({ status: 409, body: { field: 'lineId' } });
    await simulate();
    expect((await getOrder(order.id)).status).toBe('on_check');

    const done = await attach(owner, { orderId: order.id, lineId: second.id, uploadId: await upload() });
    expect(done.body).toMatchObject({ status: 'on_check', holdReason: null, filesAwaited: false });
    expect((done.body as ordersContract.Order).lines.every((line) => line.filesUrl !== null)).toBe(true);
    await simulate();
    expect((await getOrder(order.id)).status).toBe('waiting_for_payment');
    expect(await attach(owner, { orderId: order.id, lineId: second.id, uploadId: await upload() }))
      .toMatchObject({ status: 409, body: { field: 'orderId' } });
  });

  it('takes files only from a member of its client, of an upload of that client, processed', async () => {
    const order = await placedAwaiting(['Чужие руки']);
    const lineId = order.lines[0]?.id ?? 0;
    expect(await attach(stranger, { orderId: order.id, lineId, uploadId: await upload(ids.other) }))
      .toMatchObject({ status: 404, body: { field: 'orderId' } });
    expect(await attach(owner, { orderId: order.id, lineId, uploadId: await upload(ids.other) }))
      .toMatchObject({ status: 404, body: { field: 'uploadId' } });
    const processing = await makeUpload(gw, { clientId: ids.client, userId: owner.id, status: 'processing' });
    expect(await attach(owner, { orderId: order.id, lineId, uploadId: processing })).toMatchObject({ status: 409, body: { field: 'uploadId' } });
    expect(await attach(owner, { orderId: order.id, lineId: 2_147_483_647, uploadId: await upload() }))
      .toMatchObject({ status: 404, body: { field: 'lineId' } });
    expect(await attach(owner, { orderId: order.id, lineId, uploadId: 'not-a-uuid' })).toMatchObject({ status: 400, body: { field: 'uploadId' } });
    expect(await getOrder(order.id)).toMatchObject({ status: 'on_check', filesAwaited: true });
  });

  it('cancelled by the customer awaits nothing any more', async () => {
    const order = await placedAwaiting(['Передумали']);
    const cancelled = await call(gw, 'POST', ordersContract.cancelOrder.path, { token: owner.token, body: { id: order.id, reason: 'Не нужно' } });
    expect(cancelled.body).toMatchObject({ status: 'canceled', filesAwaited: false });
  });
});
