import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import type { BoardFile } from '../../src/contract/board-files';
import type { DfmPlace } from '../../src/contract/dfm';
import * as ordersContract from '../../src/contract/orders';
import { addProjectToCart } from '../../src/contract/projects';
import { notificationsList } from '../../src/contract/notifications';
import type { Gateway } from '../../server/app';
import { outbox } from '../../server/delivery/schema';
import { boardUploads } from '../../server/board-jobs/schema';
import { clients } from '../../server/db/schema';
import { invoices } from '../../server/orders/invoices/schema';
import { orders } from '../../server/orders/schema';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { letterPostOf } from '../../server/letters/queue';
import { applyOrderAction } from '../../server/orders/lifecycle';
import { simulateOrders } from '../../server/orders/simulator';
import { endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, post, startGateway } from './helpers';
import { makeUpload } from './project-fixtures';

// The shipped capability table blocks ordering a board with DFM errors as it is; the customer may order it
// for an engineer's review instead, and such an order is placed held at the check until the operator releases it.

const clock = createClock(new Date('2026-04-06T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let data: OrderingData;
let warehouse = 0;
let clientId = 0;

const THIN: DfmPlace[] = [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 10, y: 15 } }];

/** A priced project whose files have these DFM places (none: a clean board). */
async function boardWith(title: string, places: DfmPlace[]): Promise<{ projectId: number; uploadId: string }> {
  const uploadId = await makeUpload(gw, { clientId, userId: owner.id });
  await setPlaces(uploadId, places);
  return { projectId: await pricedProject(gw, { clientId, ownerUserId: owner.id, title, uploadId }), uploadId };
}
async function setPlaces(uploadId: string, places: DfmPlace[]): Promise<void> {
  const [row] = await gw.db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
  if (!row?.analysis) throw new Error('upload without analysis');
  await gw.db.update(boardUploads).set({ analysis: { ...row.analysis, dfm: { places, moreByRule: [], pictureBoxMm: null } } })
    .where(eq(boardUploads.id, uploadId));
}

const add = (projectId: number, dfmReview?: boolean, lang: 'ru' | 'en' = 'en') =>
  call(gw, 'POST', addProjectToCart.path, { token: owner.token, body: { projectId, ...(dfmReview === undefined ? {} : { dfmReview }) }, lang });

async function checkout(projectIds: number[], lang: 'ru' | 'en' = 'en', more: Partial<cart.CheckoutRequest> = {}) {
  const lineIds = await Promise.all(projectIds.map((id) => lineOf(gw, owner.id, id)));
  return call(gw, 'POST', cart.checkout.path, {
    token: owner.token, lang,
    body: {
      idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds, ...more,
    },
  });
}
const getOrder = async (id: number, lang: 'ru' | 'en') =>
  (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${id}`, { token: owner.token, lang })).body as ordersContract.Order;
const listed = async (id: number, lang: 'ru' | 'en') => {
  const page = (await call(gw, 'POST', ordersContract.ordersList.path, { token: owner.token, lang, body: { pagination: { page: 1, itemsOnPage: 50 } } }))
    .body as ordersContract.OrderSummary[];
  return page.find((one) => one.id === id);
};

async function placedForReview(title: string): Promise<ordersContract.Order> {
  const { projectId } = await boardWith(title, THIN);
  expect((await add(projectId, true)).status).toBe(200);
  const placed = await checkout([projectId]);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return getOrder((placed.body as cart.PlacedOrder).orderId, 'en');
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, reviewHours: 36 });
  owner = await person(gw, 'review-owner', 'Раиса', 'Проверкина');
  clientId = await makeClient(gw, { name: 'Проверка инженером' }, [[owner, 1]]);
  // A demo client, so the simulator would move its orders if it played the engineer.
  await gw.db.update(clients).set({ isDemo: true }).where(eq(clients.id, clientId));
  data = await orderingData(gw, clientId, 'Проверка');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
});
afterAll(async () => { await gw.close(); });

describe('adding a board with DFM errors to the cart, with the shipped table', () => {
  it('is refused as it is, naming the rule, and accepted for an engineer\'s review; the cart line says so', async () => {
    expect(DEFAULT_CAPABILITIES.blocksOrdering).toBe(true);
    const { projectId } = await boardWith('Тонкие проводники', THIN);
    const refused = await add(projectId);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'projectId', code: 'dfm.trackWidth' });
    expect(String(refused.json.error)).toContain("engineer's review");
    expect((await add(projectId, false)).status).toBe(400);
    expect((await add(projectId, true)).status).toBe(200);
    const lines = ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines;
    expect(lines.find((line) => line.projectId === projectId)).toMatchObject({ dfmReview: true });
  });

  it('does not mark a clean board for review even when asked', async () => {
    const { projectId } = await boardWith('Чистая плата', []);
    expect((await add(projectId, true)).status).toBe(200);
    const lines = ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines;
    expect(lines.find((line) => line.projectId === projectId)).toMatchObject({ dfmReview: false });
  });
});

describe('a board whose files could not be measured whole', () => {
  async function setAnalysis(uploadId: string, patch: Partial<NonNullable<typeof boardUploads.$inferSelect.analysis>>): Promise<void> {
    const [row] = await gw.db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
    if (!row?.analysis) throw new Error('upload without analysis');
    await gw.db.update(boardUploads).set({ analysis: { ...row.analysis, ...patch } }).where(eq(boardUploads.id, uploadId));
  }
  const cartLine = async (projectId: number) =>
    ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines.find((line) => line.projectId === projectId);

  it('whose DFM failed goes into the cart for an engineer\'s review without a refusal, and its order is held for it', async () => {
    const { projectId, uploadId } = await boardWith('Проверка не завершена', []);
    await setAnalysis(uploadId, { dfmStatus: 'failed' });
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true });
    const placed = await checkout([projectId]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId, 'en');
    expect(order).toMatchObject({ status: 'on_check', holdReason: expect.stringContaining('could not be checked automatically') });
    expect(order.lines[0]).toMatchObject({ dfmReview: true });
  });

  it('with a copper, drill or outline file refused for its geometry goes for the review; an unreadable readme does not send it', async () => {
    const { projectId, uploadId } = await boardWith('Слой вне пределов', []);
    const [row] = await gw.db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
    const files = row?.analysis?.files ?? [];
    const file = (id: string, name: string, format: BoardFile['format'], type: BoardFile['type'], error: string): BoardFile => ({
      id, name, bytes: 100, format, type, side: type === null ? null : 'top', identifiedBy: null, order: 0, hidden: false, error,
    });
    await setAnalysis(uploadId, { files: [...files, file('f90', 'readme.txt', 'unknown', null, 'unknownType')] });
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: false });
    await setAnalysis(uploadId, { files: [...files, file('f91', 'board.gtl', 'gerber', 'copper', 'geometryOutOfRange')] });
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true });
  });

  it('whose DFM was cut short by its budget with no error found goes for the review; with an error found it is refused', async () => {
    const { projectId, uploadId } = await boardWith('Слишком сложная', []);
    await setAnalysis(uploadId, { dfm: { places: [], moreByRule: [], pictureBoxMm: null, cutShort: true } });
    expect((await add(projectId)).status).toBe(200);
    expect(await cartLine(projectId)).toMatchObject({ dfmReview: true });
    await setAnalysis(uploadId, { dfm: { places: THIN, moreByRule: [], pictureBoxMm: null, cutShort: true } });
    expect((await add(projectId)).json).toMatchObject({ field: 'projectId', code: 'dfm.trackWidth' });
  });
});

describe('an order with a line for review', () => {
  it('is placed held at the check with the review reason, in the reader\'s language, and invoices nothing', async () => {
    const order = await placedForReview('На проверку');
    expect(order).toMatchObject({ status: 'on_check', filesAwaited: false, holdReason: expect.stringContaining("engineer's review") });
    expect(order.lines[0]).toMatchObject({ title: 'На проверку', dfmReview: true });
    expect(order.history.at(-1)).toMatchObject({ held: true, note: expect.stringContaining("engineer's review") });
    expect((await getOrder(order.id, 'ru')).holdReason).toContain('проверки инженером');
    expect((await listed(order.id, 'en'))?.holdReason).toContain("engineer's review");
    expect((await listed(order.id, 'ru'))?.holdReason).toContain('проверки инженером');
    const [row] = await gw.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ holdCode: 'dfmReview', holdReason: expect.stringContaining('инженером') });
    // The simulator does not play the engineer, and the check cannot be approved while held.
    await simulateOrders({
      db: gw.db,
      seconds: 0,
      now: () => new Date(clock.now().getTime() + 3_600_000),
      onError: (error) => {
        throw error;
      },
      letters: letterPostOf(gw.context),
    });
    await expect(applyOrderAction(gw.db, { orderId: order.id, action: 'approve', now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) }))
      .rejects.toMatchObject({ status: 409 });
    expect((await getOrder(order.id, 'en')).holdReason).not.toBeNull();
    expect(await gw.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
  });

  it('says it waits for the review the customer chose and how long one usually takes; an operator\'s hold is no review', async () => {
    const order = await placedForReview('Ждёт инженера');
    expect(order).toMatchObject({ holdCode: 'dfmReview', reviewHours: 36 });
    await applyOrderAction(gw.db, { orderId: order.id, action: 'release', now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) });
    await applyOrderAction(gw.db, {
      orderId: order.id,
      action: 'hold',
      reason: 'Нет паяльной маски',
      now: clock.now(),
      by: 'operator',
      letters: letterPostOf(gw.context),
    });
    const held = await getOrder(order.id, 'ru');
    expect(held).toMatchObject({ holdReason: 'Нет паяльной маски' });
    expect(held.holdCode).toBeUndefined();
    expect(held.reviewHours).toBeUndefined();
  });

  it('goes on once the operator releases it after the review, or is cancelled', async () => {
    const order = await placedForReview('Проверено');
    await applyOrderAction(gw.db, { orderId: order.id, action: 'release', now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) });
    expect(await getOrder(order.id, 'en')).toMatchObject({ status: 'on_check', holdReason: null });
    await applyOrderAction(gw.db, { orderId: order.id, action: 'approve', now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) });
    expect((await getOrder(order.id, 'en')).status).toBe('waiting_for_payment');
    const [row] = await gw.db.select({ holdCode: orders.holdCode }).from(orders).where(eq(orders.id, order.id));
    expect(row?.holdCode).toBeNull();

    const refused = await placedForReview('Не будем делать');
    await applyOrderAction(gw.db, {
      orderId: refused.id,
      action: 'cancel',
      reason: 'Нельзя изготовить',
      now: clock.now(),
      by: 'operator',
      letters: letterPostOf(gw.context),
    });
    expect((await getOrder(refused.id, 'en')).status).toBe('canceled');
  });

  it('tells the members in a notification that carries the hold\'s code', async () => {
    const order = await placedForReview('С уведомлением');
    const page = await post(gw, notificationsList.path, { pagination: { page: 1, itemsOnPage: 50 } }, { token: owner.token });
    const mine = (page.body as Array<{ content: Record<string, unknown> }>)
      .find((one) => one.content.OrderId === order.id);
    expect(mine?.content).toMatchObject({ HoldCode: 'dfmReview' });
  });
});

describe('the lines for review split off as an order of their own', () => {
  /** A clean board and one with errors in the cart, the second added for review. */
  async function cleanAndReview(prefix: string) {
    const clean = await boardWith(`${prefix} чистая`, []);
    const review = await boardWith(`${prefix} на проверку`, THIN);
    expect((await add(clean.projectId)).status).toBe(200);
    expect((await add(review.projectId, true)).status).toBe(200);
    return [clean.projectId, review.projectId];
  }
  const queuedAbout = async (number: string) => (await gw.db.select({ subject: outbox.subject }).from(outbox)
    .where(eq(outbox.recipient, owner.email))).filter((row) => row.subject.includes(number));

  it('places the clean boards as an order that goes on and the review lines as a held one, each with its number, total and letter', async () => {
    const [cleanId, reviewId] = await cleanAndReview('Раздельно');
    const key = randomUUID();
    const placed = await checkout([cleanId ?? 0, reviewId ?? 0], 'ru', { splitReview: true, idempotencyKey: key });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderId, number, reviewOrder } = placed.body as cart.PlacedOrder;
    expect(reviewOrder?.number).toBeDefined();
    expect(reviewOrder?.number).not.toBe(number);
    const first = await getOrder(orderId, 'ru');
    const second = await getOrder(reviewOrder?.orderId ?? 0, 'ru');
    expect(first).toMatchObject({ status: 'on_check', holdReason: null, lineCount: 1 });
    expect(first.lines.map((line) => [line.title, line.dfmReview])).toEqual([['Раздельно чистая', false]]);
    expect(second).toMatchObject({ status: 'on_check', holdCode: 'dfmReview', lineCount: 1 });
    expect(second.lines.map((line) => [line.title, line.dfmReview])).toEqual([['Раздельно на проверку', true]]);
    expect(first.total).toBe(first.lines[0]?.total);
    expect(second.total).toBe(second.lines[0]?.total);
    // The clean order is not held: the operator's check can approve it at once.
    await applyOrderAction(gw.db, { orderId, action: 'approve', now: clock.now(), by: 'operator', letters: letterPostOf(gw.context) });
    expect((await getOrder(orderId, 'en')).status).toBe('waiting_for_payment');
    expect(await queuedAbout(number)).not.toEqual([]);
    expect(await queuedAbout(reviewOrder?.number ?? '-')).not.toEqual([]);
    expect(await lineOf(gw, owner.id, cleanId ?? 0).catch(() => null)).toBeNull();

    // The same key answers both orders again and places nothing more.
    const again = await call(gw, 'POST', cart.checkout.path, {
      token: owner.token, body: {
        idempotencyKey: key, clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds: [1], splitReview: true,
      },
    });
    expect(again.body).toEqual(placed.body);
  });

  it('places one held order with every line when not asked to split, and one order when nothing needs review', async () => {
    const [cleanId, reviewId] = await cleanAndReview('Вместе');
    const together = (await checkout([cleanId ?? 0, reviewId ?? 0])).body as cart.PlacedOrder;
    expect(together.reviewOrder).toBeUndefined();
    expect(await getOrder(together.orderId, 'en')).toMatchObject({ holdCode: 'dfmReview', lineCount: 2 });

    const alone = await boardWith('Только чистая', []);
    expect((await add(alone.projectId)).status).toBe(200);
    const single = (await checkout([alone.projectId], 'en', { splitReview: true })).body as cart.PlacedOrder;
    expect(single.reviewOrder).toBeUndefined();
    expect(await getOrder(single.orderId, 'en')).toMatchObject({ holdReason: null, lineCount: 1 });
  });
});

describe('the files-awaited hold', () => {
  it('is answered in the reader\'s language too, and switches to the review once files come for an order with one', async () => {
    const handEntered = await pricedProject(gw, { clientId, ownerUserId: owner.id, title: 'Без файлов', uploadId: null });
    const { projectId } = await boardWith('С ошибками рядом', THIN);
    expect((await add(handEntered)).status).toBe(200);
    expect((await add(projectId, true)).status).toBe(200);
    const lineIds = await Promise.all([handEntered, projectId].map((id) => lineOf(gw, owner.id, id)));
    const placed = await call(gw, 'POST', cart.checkout.path, {
      token: owner.token,
      body: {
        idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds, filesLater: true,
      },
    });
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId, 'en');
    expect(order).toMatchObject({ filesAwaited: true, holdReason: 'Awaiting the manufacturing files: attach them on the order page' });
    expect(order.history.at(-1)?.note).toBe('Awaiting the manufacturing files: attach them on the order page');
    expect((await getOrder(order.id, 'ru')).holdReason).toContain('Ждём файлы');
    const line = order.lines.find((one) => one.title === 'Без файлов');
    const attached = await call(gw, 'POST', ordersContract.attachOrderFiles.path, {
      token: owner.token, lang: 'en', body: { orderId: order.id, lineId: line?.id ?? 0, uploadId: await makeUpload(gw, { clientId, userId: owner.id }) },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ status: 'on_check', filesAwaited: false, holdReason: expect.stringContaining("engineer's review") });
  });
});

describe('files attached to an order awaiting them', () => {
  /** An order of one hand-entered line placed with 'файлы пришлю позже'. */
  async function awaitingFiles(title: string): Promise<{ orderId: number; lineId: number }> {
    const handEntered = await pricedProject(gw, { clientId, ownerUserId: owner.id, title, uploadId: null });
    expect((await add(handEntered)).status).toBe(200);
    const placed = await call(gw, 'POST', cart.checkout.path, {
      token: owner.token,
      body: {
        idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '',
        lineIds: [await lineOf(gw, owner.id, handEntered)], filesLater: true,
      },
    });
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId, 'en');
    return { orderId: order.id, lineId: order.lines[0]?.id ?? 0 };
  }
  const attach = (orderId: number, lineId: number, uploadId: string) =>
    call(gw, 'POST', ordersContract.attachOrderFiles.path, { token: owner.token, lang: 'en', body: { orderId, lineId, uploadId } });
  async function uploadWith(places: DfmPlace[], dfmStatus?: 'running'): Promise<string> {
    const uploadId = await makeUpload(gw, { clientId, userId: owner.id });
    await setPlaces(uploadId, places);
    if (dfmStatus) {
      const [row] = await gw.db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
      if (!row?.analysis) throw new Error('upload without analysis');
      await gw.db.update(boardUploads).set({ analysis: { ...row.analysis, dfmStatus } }).where(eq(boardUploads.id, uploadId));
    }
    return uploadId;
  }

  it('with DFM errors are taken, and the line and the order go to the engineer\'s review instead of on', async () => {
    const { orderId, lineId } = await awaitingFiles('Файлы с ошибками');
    const attached = await attach(orderId, lineId, await uploadWith(THIN));
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ status: 'on_check', filesAwaited: false, holdReason: expect.stringContaining("engineer's review") });
    expect((attached.body as ordersContract.Order).lines[0]).toMatchObject({ dfmReview: true });
  });

  it('while their DFM is still measured are answered 409 and change nothing; clean ones release the check', async () => {
    const { orderId, lineId } = await awaitingFiles('Файлы чистые');
    const running = await attach(orderId, lineId, await uploadWith([], 'running'));
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ field: 'uploadId', code: 'dfm.running' });
    expect(await getOrder(orderId, 'en')).toMatchObject({ filesAwaited: true });
    const clean = await attach(orderId, lineId, await uploadWith([]));
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    expect(clean.body).toMatchObject({ status: 'on_check', filesAwaited: false, holdReason: null });
    expect((clean.body as ordersContract.Order).lines[0]).toMatchObject({ dfmReview: false });
  });
});

describe('the checkout judges each line again', () => {
  it('refuses a line added while its board was clean that now has errors, naming the project; nothing is ordered', async () => {
    const { projectId, uploadId } = await boardWith('Стала с ошибками', []);
    expect((await add(projectId)).status).toBe(200);
    await setPlaces(uploadId, THIN);
    const before = await gw.db.select({ id: orders.id }).from(orders);
    const refused = await checkout([projectId]);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'lineIds', code: 'dfm.trackWidth' });
    expect(String(refused.json.error)).toContain('Стала с ошибками');
    expect(await gw.db.select({ id: orders.id }).from(orders)).toEqual(before);
  });

  it('places a line added for review whose board is clean now without a hold', async () => {
    const { projectId, uploadId } = await boardWith('Исправили', THIN);
    expect((await add(projectId, true)).status).toBe(200);
    await setPlaces(uploadId, []);
    const placed = await checkout([projectId]);
    expect((await getOrder((placed.body as cart.PlacedOrder).orderId, 'en')).holdReason).toBeNull();
  });
});

describe('a kit with a board with DFM errors', () => {
  const SETS = '/catalog-viewer/v2/project-sets';
  it('is refused as a whole, naming the project, unless sent for review', async () => {
    const clean = await boardWith('Чистая в комплекте', []);
    const thin = await boardWith('Тонкая в комплекте', THIN);
    const kit = (await post(gw, `${SETS}/Create`, { clientId, kind: 'kit', name: 'Комплект с ошибкой' }, { token: owner.token })).json as { id: number };
    for (const { projectId } of [clean, thin]) {
      await post(gw, `${SETS}/PutProject`, { id: kit.id, projectId, quantity: 2 }, { token: owner.token });
    }
    const cartBefore = ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines.length;
    const refused = await post(gw, `${SETS}/AddToCart`, { id: kit.id }, { token: owner.token, lang: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'id', code: 'dfm.trackWidth' });
    expect(String(refused.json.error)).toContain('Тонкая в комплекте');
    expect(((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines).toHaveLength(cartBefore);

    expect((await post(gw, `${SETS}/AddToCart`, { id: kit.id, dfmReview: true }, { token: owner.token })).status).toBe(200);
    const lines = ((await call(gw, 'GET', cart.getCart.path, { token: owner.token })).body as cart.Cart).lines;
    expect(lines.find((line) => line.projectId === thin.projectId)).toMatchObject({ dfmReview: true });
    expect(lines.find((line) => line.projectId === clean.projectId)).toMatchObject({ dfmReview: false });
  });
});
