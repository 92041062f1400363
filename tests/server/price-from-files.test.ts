import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import type { BoardMeasurements } from '../../src/contract/board-files';
import * as cart from '../../src/contract/cart';
import * as ordersContract from '../../src/contract/orders';
import * as sets from '../../src/contract/project-sets';
import { addProjectToCart, createProject, updateProject, type Project } from '../../src/contract/projects';
import { claimQuote, getQuoteUpload, QUOTE_KEY_HEADER, uploadQuoteFiles } from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { orders } from '../../server/orders/schema';
import { projects } from '../../server/projects/schema';
import { quoteFor } from '../../server/pricing/quote';
import { uploadFiles, waitProcessed, zipBoard } from './board-fixtures';
import { endpointOf, lineOf, orderingData, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, post, startGateway } from './helpers';
import { makeProject, makeUpload } from './project-fixtures';

/**
 * The price is the files' price. The attack: save the Arduino Uno's files (68.58 × 53.34 mm, two layers) as a
 * 10 × 10 mm single-layer board, to be quoted 1 800 ₽ instead of 2 938.97 ₽, and check it out.
 */

const clock = createClock(new Date('2026-05-04T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let clientId = 0;
let data: OrderingData;
let warehouse = 0;
let unoUploadId = '';
let uno: BoardMeasurements;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Ten boards, every option at multiplier 1 (leaded HASL, green, FR-4 1.6 mm, 35 µm): only size and layers count. */
const paramsOf = (board: Partial<ProjectParams['board']>): ProjectParams => ({
  ...defaultParams('pcb'), quantity: 10,
  board: { ...defaultParams('pcb').board, finish: 'hasl', minHoleMm: round2(uno.smallestHoleMm ?? 0.3), ...board },
});
const measured = () => paramsOf({ widthMm: round2(uno.widthMm), heightMm: round2(uno.heightMm), layers: 2 });
const tiny = () => paramsOf({ widthMm: 10, heightMm: 10, layers: 1 });

/**
 * docs/pricing.md worked by hand for a 2-layer board of ten at multiplier 1, from the default table's numbers: set-up
 * 2 500; per board max(area dm² × 120, 30); the boards' line rounded to kopecks.
 */
function byHand(widthMm: number, heightMm: number): number {
  const perBoard = Math.max((widthMm / 100) * (heightMm / 100) * 120, 30);
  return round2(2500 + round2(perBoard * 10));
}

const body = (params: ProjectParams, changes: Record<string, unknown> = {}) =>
  ({ clientId, title: 'Arduino Uno', params, uploadId: unoUploadId, status: 'actual', ...changes });
const save = (path: 'Create' | 'Update', payload: Record<string, unknown>, lang: 'ru' | 'en' = 'ru') =>
  post(gw, (path === 'Create' ? createProject : updateProject).path, payload, { token: owner.token, lang });
async function created(params: ProjectParams): Promise<Project> {
  const answer = await save('Create', body(params));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Project;
}
const addToCart = (projectId: number, lang: 'ru' | 'en' = 'ru') =>
  post(gw, addProjectToCart.path, { projectId }, { token: owner.token, lang });
const projectCount = async () => (await gw.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId))).length;
const orderCount = async () => (await gw.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId))).length;

async function checkout(lineIds: number[], extra: Record<string, unknown> = {}) {
  return call(gw, 'POST', cart.checkout.path, {
    token: owner.token, lang: 'en',
    body: {
      idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '', lineIds, ...extra,
    },
  });
}
const getOrder = async (id: number) =>
  (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${id}`, { token: owner.token, lang: 'en' })).body as ordersContract.Order;

/** A project row as the gateway saved it before the rule: the cheap parameters priced as they were, files attached. */
async function legacyProject(title: string, params: ProjectParams): Promise<number> {
  const quote = quoteFor(params);
  const id = await makeProject(gw, { clientId, ownerUserId: owner.id, title, status: 'actual', params, price: quote.total, uploadId: unoUploadId });
  await gw.db.update(projects).set({ quote }).where(eq(projects.id, id));
  return id;
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  owner = await person(gw, 'files-price-owner', 'Фаина', 'Файлова');
  clientId = await makeClient(gw, { name: 'Цена по файлам' }, [[owner, 1]]);
  data = await orderingData(gw, clientId, 'Цена');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
  const uploaded = await uploadFiles(gw, owner.token, clientId, zipBoard('arduino-uno'), 'arduino-uno.zip');
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
  unoUploadId = String(uploaded.json.uploadId);
  // The DFM too: the cart and the checkout wait for it.
  const state = await waitProcessed(gw, owner.token, unoUploadId, 60_000, { dfm: true });
  if (!state.analysis?.measurements) throw new Error(`the Arduino Uno was not measured: ${JSON.stringify(state)}`);
  uno = state.analysis.measurements;
}, 90_000);
afterAll(async () => { await gw.close(); });

describe('saving a project with measured files', () => {
  it('measures the Arduino Uno as the tester did: 68.58 × 53.34 mm, two copper layers', () => {
    expect([round2(uno.widthMm), round2(uno.heightMm), uno.layerCount]).toEqual([68.58, 53.34, 2]);
  });

  it('refuses a 10 × 10 mm single-layer board, naming the width and saying what the files measure', async () => {
    const before = await projectCount();
    const ru = await save('Create', body(tiny()), 'ru');
    expect(ru.status).toBe(400);
    expect(ru.json).toMatchObject({ field: 'params.board.widthMm', code: 'sizeBelowFiles' });
    expect(ru.json.error).toBe('По файлам плата 68,58 × 53,34 мм: в параметрах она не может быть меньше');
    expect(ru.json.problems).toEqual([
      { field: 'params.board.widthMm', code: 'sizeBelowFiles' },
      { field: 'params.board.heightMm', code: 'sizeBelowFiles' },
      { field: 'params.board.layers', code: 'layersBelowFiles' },
    ]);
    const en = await save('Create', body(tiny()), 'en');
    expect(en.json.error).toBe('The files measure the board at 68.58 × 53.34 mm: the parameters cannot make it smaller');
    expect(await projectCount()).toBe(before);
  });

  it('refuses fewer layers than the files have, naming the layer count', async () => {
    const answer = await save('Create', body({ ...measured(), board: { ...measured().board, layers: 1 } }), 'ru');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'params.board.layers', code: 'layersBelowFiles' });
    expect(answer.json.error).toBe('По файлам плате нужно слоёв меди: 2, в параметрах их не может быть меньше');
  });

  it('refuses a smallest hole larger than the files\' smallest, naming it', async () => {
    const coarser = round2((uno.smallestHoleMm ?? 0) + 0.1);
    const answer = await save('Create', body({ ...measured(), board: { ...measured().board, minHoleMm: coarser } }), 'en');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'params.board.minHoleMm', code: 'holeAboveFiles' });
  });

  it('prices the measured board as docs/pricing.md does by hand: 2 938.97 ₽ for ten', async () => {
    const project = await created(measured());
    expect(project.quote?.total).toBe(byHand(uno.widthMm, uno.heightMm));
    expect(project.quote?.total).toBe(2938.97);
  });

  it('takes a size typed within 0.1 mm of the measured one, and the board turned round', async () => {
    expect((await save('Create', body(paramsOf({ widthMm: 68.5, heightMm: 53.3, layers: 2 })))).status).toBe(200);
    const turned = await created(paramsOf({ widthMm: round2(uno.heightMm), heightMm: round2(uno.widthMm), layers: 2 }));
    expect(turned.quote?.total).toBe(2938.97);
    expect((await save('Create', body(paramsOf({ widthMm: 68.4, heightMm: 53.34, layers: 2 })))).json.field).toBe('params.board.widthMm');
  });

  it('prices a larger declared size, or more layers, higher than the files\' own', async () => {
    const larger = await created(paramsOf({ widthMm: 80, heightMm: 60, layers: 2 }));
    expect(larger.quote?.total).toBe(byHand(80, 60));
    expect(larger.quote?.total).toBeGreaterThan(2938.97);
    const fourLayers = await created(paramsOf({ widthMm: round2(uno.widthMm), heightMm: round2(uno.heightMm), layers: 4 }));
    expect(fourLayers.quote?.total).toBeGreaterThan(2938.97);
  });

  it('refuses an update down to 10 × 10 mm and keeps the project as it was', async () => {
    const project = await created(measured());
    const answer = await save('Update', { ...body(tiny()), id: project.id });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'params.board.widthMm', code: 'sizeBelowFiles' });
    const [row] = await gw.db.select({ price: projects.price }).from(projects).where(eq(projects.id, project.id));
    expect(row?.price).toBe(2938.97);
  });

  it('prices files that could not be measured from the declared values, and sends them for an engineer\'s review', async () => {
    const uploadId = await makeUpload(gw, { clientId, userId: owner.id, measurements: null });
    const answer = await save('Create', body(tiny(), { uploadId, title: 'Не измерена' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const project = answer.body as Project;
    expect(project.quote?.total).toBe(quoteFor(tiny()).total);
    expect((await addToCart(project.id)).status).toBe(200);
    const line = await lineOf(gw, owner.id, project.id);
    const placed = await checkout([line]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId);
    expect(order).toMatchObject({ status: 'on_check', holdReason: expect.stringContaining('could not be checked automatically') });
    expect(order.lines[0]).toMatchObject({ dfmReview: true });
  });
});

describe('an instant quote claimed into a project', () => {
  it('is held to its files like a saved project', async () => {
    const upload = await gw.app.inject({
      method: 'POST', url: `/api${uploadQuoteFiles.path}?fileName=arduino-uno.zip`, payload: zipBoard('arduino-uno'),
      headers: { 'content-type': 'application/zip' }, remoteAddress: '10.9.0.29',
    });
    const { quoteKey, state } = JSON.parse(upload.body) as { quoteKey: string; state: { uploadId: string } };
    for (let done = false; !done;) {
      const answer = await call(gw, 'GET', `${getQuoteUpload.path}?uploadId=${state.uploadId}`, { headers: { [QUOTE_KEY_HEADER]: quoteKey } });
      done = (answer.body as { status: string }).status !== 'processing';
      if (!done) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const claim = (params: ProjectParams) => call(gw, 'POST', claimQuote.path, {
      token: owner.token, headers: { [QUOTE_KEY_HEADER]: quoteKey }, body: { uploadId: state.uploadId, clientId, title: 'Из расчёта', params },
    });
    const refused = await claim(tiny());
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'params.board.widthMm', code: 'sizeBelowFiles' });
    const claimed = await claim(measured());
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect((claimed.body as Project).quote?.total).toBe(2938.97);
  });
});

describe('a project saved below its files before the rule', () => {
  it('is refused by the cart, naming the project and what its files measure', async () => {
    const id = await legacyProject('Старая дешёвая', tiny());
    const answer = await addToCart(id, 'ru');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'projectId', code: 'sizeBelowFiles' });
    expect(answer.json.error).toBe('Проект «Старая дешёвая» нельзя заказать с такими параметрами. По файлам плата 68,58 × 53,34 мм: '
      + 'в параметрах она не может быть меньше. Откройте проект и сохраните его с параметрами по файлам');
  });

  it('is refused by a kit going to the cart', async () => {
    const id = await legacyProject('Старая в комплекте', tiny());
    const kit = (await post(gw, sets.createProjectSet.path, { clientId, kind: 'kit', name: 'Комплект' }, { token: owner.token })).json;
    await post(gw, sets.putProjectSetItem.path, { id: kit.id, projectId: id, quantity: 10 }, { token: owner.token });
    const answer = await post(gw, sets.addProjectSetToCart.path, { id: kit.id }, { token: owner.token });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ field: 'id', code: 'sizeBelowFiles' });
  });

  it('already in the cart, places no order at the cheap price; saved with its files\' sizes it is ordered at theirs', async () => {
    const id = await legacyProject('Старая в корзине', tiny());
    await gw.db.insert(cartItems).values({ userId: owner.id, projectId: id, quantity: 10, price: quoteFor(tiny()).total, createdAt: clock.now() });
    const line = await lineOf(gw, owner.id, id);
    const before = await orderCount();
    const refused = await checkout([line]);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'lineIds', code: 'sizeBelowFiles' });
    expect(await orderCount()).toBe(before);

    expect((await save('Update', { ...body(measured(), { title: 'Старая в корзине' }), id })).status).toBe(200);
    // The cart line still holds the old price: the checkout shows the new one before anything is ordered.
    expect((await checkout([line])).json).toMatchObject({ code: 'cartChanged' });
    const placed = await checkout([line]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await getOrder((placed.body as cart.PlacedOrder).orderId);
    expect(order.total).toBe(2938.97);
  });
});

describe('files sent later for an order placed without them', () => {
  it('that measure more than the ordered board keep the order held for an engineer\'s review', async () => {
    const params = tiny();
    const quote = quoteFor(params);
    const id = await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'Файлы потом', status: 'actual', params, price: quote.total, uploadId: null });
    await gw.db.update(projects).set({ quote }).where(eq(projects.id, id));
    expect((await addToCart(id)).status).toBe(200);
    const placed = await checkout([await lineOf(gw, owner.id, id)], { filesLater: true });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderId } = placed.body as cart.PlacedOrder;
    const lineId = (await getOrder(orderId)).lines[0]?.id ?? 0;
    const attached = await call(gw, 'POST', ordersContract.attachOrderFiles.path, {
      token: owner.token, lang: 'en', body: { orderId, lineId, uploadId: unoUploadId },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'on_check', filesAwaited: false, holdReason: expect.stringContaining("engineer's review") });
    expect(order.lines[0]).toMatchObject({ dfmReview: true });
  });
});
