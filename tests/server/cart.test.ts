import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import { countersV2 } from '../../src/contract/counters';
import type { Gateway } from '../../server/app';
import { priceForQuantity, putCartLine } from '../../server/cart/lines';
import { cartItems } from '../../server/cart/schema';
import { clientUsers } from '../../server/db/schema';
import { projects } from '../../server/projects/schema';
import { quoteFor } from '../../server/pricing/quote';
import { addToCart, cartOf, lineOf, pcb, pricedProject } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, startGateway } from './helpers';
import { makeUpload } from './project-fixtures';

let gw: Gateway;
let buyer: Person;
let other: Person;
const ids = { client: 0, second: 0, board: 0, stencil: 0, draft: 0, secondProject: 0, upload: '' };

const projectRow = async (id: number) => {
  const [row] = await gw.db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error(`project ${id} missing`);
  return row;
};
const setQuantity = (token: string, lineId: number, quantity: number) =>
  call(gw, 'POST', cart.setCartQuantity.path, { token, body: { lineId, quantity } });
const remove = (token: string, lineId: number) => call(gw, 'DELETE', cart.removeCartLine.path, { token, body: { lineId } });
const cartCounter = async (token: string) =>
  ((await call(gw, 'GET', countersV2.path, { token })).json.basket as { total: number; price: number });

beforeAll(async () => {
  gw = await startGateway();
  buyer = await person(gw, 'cart-buyer', 'Богдан', 'Закупкин');
  other = await person(gw, 'cart-other', 'Ольга', 'Другая');
  ids.client = await makeClient(gw, { name: 'Корзина' }, [[buyer, 5], [other, 1]]);
  ids.second = await makeClient(gw, { name: 'Второй клиент' }, [[buyer, 3]]);
  ids.upload = await makeUpload(gw, { clientId: ids.client, userId: other.id });
  ids.board = await pricedProject(gw, { clientId: ids.client, ownerUserId: other.id, title: 'Плата с картинкой', uploadId: ids.upload });
  ids.stencil = await pricedProject(gw, {
    clientId: ids.client, ownerUserId: other.id, title: 'Трафарет', params: { ...pcb(5), productType: 'stencil', stencil: {
      sides: 'top', thicknessMm: 0.12, frameMarginMm: 20, widthMm: 140, heightMm: 120 } }, uploadId: null,
  });
  ids.draft = await pricedProject(gw, { clientId: ids.client, ownerUserId: other.id, title: 'Черновик', status: 'draft' });
  ids.secondProject = await pricedProject(gw, { clientId: ids.second, ownerUserId: buyer.id, title: 'Чужая плата' });
});

afterAll(async () => { await gw.close(); });

describe('the cart list', () => {
  it('is empty for a new user', async () => {
    expect(await cartOf(gw, buyer.token)).toEqual({ lines: [], total: 0 });
  });

  it('lists the lines oldest first with their project, client, picture and prices; lines without a price add nothing', async () => {
    await addToCart(gw, buyer.token, ids.board);
    await addToCart(gw, buyer.token, ids.stencil);
    // A line not yet estimated, as the demo cart has one.
    await gw.db.update(cartItems).set({ price: null }).where(eq(cartItems.id, await lineOf(gw, buyer.id, ids.stencil)));
    const { lines, total } = await cartOf(gw, buyer.token);
    const board = await projectRow(ids.board);
    const quote = quoteFor(pcb(10));
    expect(lines.map((line) => line.title)).toEqual(['Плата с картинкой', 'Трафарет']);
    expect(lines[0]).toEqual({
      id: await lineOf(gw, buyer.id, ids.board), projectId: ids.board, title: 'Плата с картинкой', productType: 'pcb',
      projectStatus: 'actual', clientId: ids.client, clientName: 'Корзина', quantity: 10, price: quote.total,
      unitPrice: quote.perUnit, days: quote.days, previewUrl: `/files/boards/${ids.upload}/top.svg`, hasFiles: true, dfmReview: false,
    });
    expect(board.price).toBe(quote.total);
    expect(lines[1]).toMatchObject({ productType: 'stencil', price: null, unitPrice: null, days: null, previewUrl: null, hasFiles: false });
    expect(total).toBe(quote.total);
  });
});

describe('changing the quantity', () => {
  it('prices the line again: more pieces cost more in all and less per piece', async () => {
    const lineId = await lineOf(gw, buyer.id, ids.board);
    const before = (await cartOf(gw, buyer.token)).lines.find((line) => line.id === lineId);
    const answer = await setQuantity(buyer.token, lineId, 100);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const line = answer.body as cart.CartLine;
    const quote = quoteFor(pcb(100));
    expect(line).toMatchObject({ id: lineId, quantity: 100, price: quote.total, unitPrice: quote.perUnit, days: quote.days });
    expect(line.price).toBeGreaterThan(before?.price ?? Infinity);
    expect(line.unitPrice).toBeLessThan(before?.unitPrice ?? 0);
    expect((await cartOf(gw, buyer.token)).lines.find((one) => one.id === lineId)).toEqual(line);
    expect(await cartCounter(buyer.token)).toEqual({ total: 2, price: quote.total });
  });

  it('an unpriced line gets a price once its project has parameters', async () => {
    const answer = await setQuantity(buyer.token, await lineOf(gw, buyer.id, ids.stencil), 5);
    expect(answer.json.price).toBe((await projectRow(ids.stencil)).price);
  });

  it('another user\'s line answers 404 naming lineId and stays as it was', async () => {
    const lineId = await lineOf(gw, buyer.id, ids.board);
    const answer = await setQuantity(other.token, lineId, 7);
    expect([answer.status, answer.json.field, answer.json.code]).toEqual([404, 'lineId', 'not_found']);
    const [row] = await gw.db.select().from(cartItems).where(eq(cartItems.id, lineId));
    expect(row?.quantity).toBe(100);
  });

  it('refuses quantities outside 1…100 000 before touching the line', async () => {
    const lineId = await lineOf(gw, buyer.id, ids.board);
    for (const quantity of [0, cart.CART_MAX_QUANTITY + 1, 2.5]) {
      expect((await setQuantity(buyer.token, lineId, quantity)).status).toBe(400);
    }
  });
});

describe('removing a line', () => {
  it('removes only the caller\'s own line and answers the lines left', async () => {
    const lineId = await lineOf(gw, buyer.id, ids.stencil);
    const refused = await remove(other.token, lineId);
    expect([refused.status, refused.json.field]).toEqual([404, 'lineId']);
    const answer = await remove(buyer.token, lineId);
    expect(answer.body).toEqual({ cartTotal: 1 });
    expect((await cartOf(gw, buyer.token)).lines.map((line) => line.projectId)).toEqual([ids.board]);
    expect((await remove(buyer.token, lineId)).status).toBe(404);
  });
});

describe('lines of a client the user left', () => {
  it('stay in the table but are neither shown nor counted, and come back with the membership', async () => {
    await addToCart(gw, buyer.token, ids.secondProject);
    const lineId = await lineOf(gw, buyer.id, ids.secondProject);
    expect((await cartOf(gw, buyer.token)).lines).toHaveLength(2);
    await gw.db.delete(clientUsers).where(and(eq(clientUsers.clientId, ids.second), eq(clientUsers.userId, buyer.id)));

    const { lines, total } = await cartOf(gw, buyer.token);
    expect(lines.map((line) => line.projectId)).toEqual([ids.board]);
    expect(total).toBe(lines[0]?.price);
    expect((await cartCounter(buyer.token)).total).toBe(1);
    expect((await setQuantity(buyer.token, lineId, 3)).status).toBe(404);
    expect((await remove(buyer.token, lineId)).status).toBe(404);
    expect(await gw.db.select().from(cartItems).where(eq(cartItems.id, lineId))).toHaveLength(1);

    await gw.db.insert(clientUsers).values({ clientId: ids.second, userId: buyer.id, role: 3 });
    expect((await cartOf(gw, buyer.token)).lines.map((line) => line.projectId)).toEqual([ids.board, ids.secondProject]);
  });
});

describe('putCartLine (used by reorder and kits) and priceForQuantity', () => {
  it('puts the given quantity at its own price, and updates the line already there', async () => {
    const project = await projectRow(ids.board);
    expect(await putCartLine(gw.db, project, other.id, 30, new Date())).toBe(1);
    expect(await putCartLine(gw.db, project, other.id, 40, new Date())).toBe(1);
    const rows = await gw.db.select().from(cartItems).where(eq(cartItems.userId, other.id));
    expect(rows.map((row) => [row.quantity, row.price])).toEqual([[40, quoteFor(pcb(40)).total]]);
  });

  it('refuses a project not available for ordering with 409 projectNotReady', async () => {
    await expect(putCartLine(gw.db, await projectRow(ids.draft), other.id, 5, new Date()))
      .rejects.toMatchObject({ status: 409, code: 'projectNotReady' });
  });

  it('prices by the project\'s parameters with the quantity replaced; nothing without parameters', async () => {
    const project = await projectRow(ids.board);
    const quote = quoteFor(pcb(250));
    expect(priceForQuantity(project, 250)).toEqual({ price: quote.total, unitPrice: quote.perUnit, days: quote.days });
    expect(priceForQuantity({ ...project, params: null }, 250)).toEqual({ price: null, unitPrice: null, days: null });
  });
});
