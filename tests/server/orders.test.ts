import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { users } from '../../server/db/schema';
import { cartItems } from '../../server/cart/schema';
import { orderComplaints, orders } from '../../server/orders/schema';
import { projects } from '../../server/projects/schema';
import { deliveryOf } from '../../server/orders/delivery';
import { countsOf, notificationsOfType, operator, OPERATOR_KEY } from './orders-fixtures';
import { DEMO, DEMO_2FA, get, login, post, startGateway } from './helpers';

/** The customer's order calls on the demo orders (server/seed/demo-orders.ts). */

let gw: Gateway;
let demo: string;
let admin: string;
const ids = new Map<string, number>();
const idOf = (number: string) => ids.get(number) ?? 0;
let demoUser: number;
let esClient: number;

beforeAll(async () => {
  gw = await startGateway({ operatorKey: OPERATOR_KEY });
  demo = await login(gw, DEMO.email);
  // The second factor is the login tests' concern: here the admin of «Электронные системы» signs in directly.
  await gw.db.update(users).set({ secondFactorTypes: [] }).where(eq(users.email, DEMO_2FA.email));
  admin = await login(gw, DEMO_2FA.email);
  for (const row of await gw.db.select({ id: orders.id, number: orders.number, clientId: orders.clientId }).from(orders)) {
    ids.set(row.number, row.id);
    if (row.number === 'ПП-2025-00101') esClient = row.clientId;
  }
  const [user] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  demoUser = user?.id ?? 0;
});

afterAll(async () => {
  await gw.close();
});

const getOrder = (token: string, number: string) => get(gw, `${calls.getOrder.path}?id=${idOf(number)}`, token);

describe('the demo orders are whole orders', () => {
  it('the shipped one: lines, history, invoice, review, complaint, tracking, snapshots', async () => {
    const answer = await getOrder(demo, 'ПП-2025-00104');
    expect(answer.status).toBe(200);
    const order = answer.body as calls.Order;
    expect(order).toMatchObject({
      number: 'ПП-2025-00104', status: 'shipped', holdReason: null, clientName: 'Электронные системы', lineCount: 2,
      firstLineTitle: 'Плата управления двигателем v2', payerName: 'ООО «Электронные системы»', trackingNumber: 'RA644000712RU',
      payer: { name: 'ООО «Электронные системы»', inn: '7707083893', kpp: '773601001' },
      contact: { name: 'Соколова Анна Дмитриевна', phone: '+79161234567', email: 'buh@elsys.example.ru' },
      // The method is the kind's (the app words it per language); the address's own name and the recipient apart.
      delivery: { kind: 'express_post', name: 'Курьером в офис', nameEn: 'Курьером в офис', recipient: 'Соколова Анна Дмитриевна' },
      placedByName: 'Иван Петрович Смирнов',
      can: { cancel: false, reorder: true, review: false, complain: true },
    });
    expect(order.lines.map((line) => [line.title, line.status, line.filesUrl])).toEqual([
      ['Плата управления двигателем v2', 'shipped', null], ['Блок реле на 8 каналов', 'shipped', null],
    ]);
    expect(order.total).toBeCloseTo(order.lines.reduce((sum, line) => sum + line.total, 0), 2);
    expect(order.history.map((row) => [row.status, row.held])).toEqual([
      ['on_check', false], ['on_check', true], ['on_check', false], ['waiting_for_payment', false], ['in_progress', false],
      ['in_stock', false], ['shipped', false],
    ]);
    expect(order.history.at(-1)?.note).toBe('RA644000712RU');
    expect([...order.history.map((row) => row.at)].sort()).toEqual(order.history.map((row) => row.at));
    expect(order.invoice).toMatchObject({ amount: order.total, pdfUrl: `/files/invoices/${order.invoice?.id}.pdf` });
    expect(order.invoice?.paidAt).not.toBeNull();
    expect(order.reviews).toMatchObject([{ rating: 'good', authorName: 'Иван Петрович Смирнов' }]);
    expect(order.complaints).toMatchObject([{ status: 'processing', authorName: 'Ольга Сергеевна Кузнецова', lineId: order.lines[1]?.id }]);
    expect(Date.parse(order.statusChangedAt)).toBeLessThan(Date.now());
  });

  it('the held one names its reason and has no invoice yet', async () => {
    const order = (await getOrder(demo, 'ПП-2025-00102')).body as calls.Order;
    expect(order).toMatchObject({
      status: 'on_check', holdReason: 'Нет слоя паяльной маски в архиве — пришлите, пожалуйста, файл маски', invoice: null,
      can: { cancel: true, reorder: true, review: false, complain: false },
    });
    expect(order.lines.every((line) => line.status === 'engineering')).toBe(true);
  });

  it('invoices exist for orders past the check, paid once paid; the counts match the orders', async () => {
    const waiting = (await getOrder(demo, 'ПП-2025-00101')).body as calls.Order;
    expect(waiting.invoice).toMatchObject({ paidAt: null });
    const producing = (await getOrder(admin, 'ПП-2025-00107')).body as calls.Order;
    expect(producing.invoice?.paidAt).not.toBeNull();
    expect(producing.payer).toMatchObject({ name: 'АО «НИИ Радиоприборов»', inn: '7802164736' });
    const counts = await countsOf(gw, esClient);
    expect(counts.kept).toEqual(counts.counted);
  });

  it('a warehouse order names its point in both languages and no recipient', async () => {
    const waiting = (await getOrder(demo, 'ПП-2025-00101')).body as calls.Order;
    expect(waiting.delivery).toEqual({
      kind: 'warehouse', name: 'Склад Москва', nameEn: 'Moscow warehouse', recipient: '', address: 'Москва, ул. Складочная, д. 1, стр. 18',
    });
  });

  it('an order placed before the delivery kept its own name shows the one name it kept, in its place', () => {
    const old = { methodName: 'Курьерская служба', address: '117342, Москва', deliverySettingId: 5 };
    expect(deliveryOf({ ...old, kind: 'express_post', pointName: 'Соколова Анна', endpointId: null })).toEqual({
      kind: 'express_post', name: '', nameEn: '', recipient: 'Соколова Анна', address: '117342, Москва',
    });
    expect(deliveryOf({ ...old, kind: 'pickup_point', pointName: 'ПВЗ «Бауманская»', endpointId: 1, deliverySettingId: null })).toEqual({
      kind: 'pickup_point', name: 'ПВЗ «Бауманская»', nameEn: 'ПВЗ «Бауманская»', recipient: '', address: '117342, Москва',
    });
    expect(deliveryOf(null)).toEqual({ kind: 'warehouse', name: '', nameEn: '', recipient: '', address: '' });
  });

  it('another member of the client may still review the shipped order', async () => {
    const order = (await getOrder(admin, 'ПП-2025-00104')).body as calls.Order;
    expect(order.can).toEqual({ cancel: false, reorder: true, review: true, complain: true });
  });
});

describe('favourite, cancel and reorder', () => {
  it('SetFavorite moves the order between counts once', async () => {
    const id = idOf('ПП-2025-00103');
    for (const isFavorite of [true, true, false, true]) {
      const answer = await post(gw, calls.setOrderFavorite.path, { id, isFavorite }, { token: demo });
      expect(answer.json).toEqual({ ok: true });
      const counts = await countsOf(gw, esClient);
      expect(counts.kept).toEqual(counts.counted);
    }
    expect((await getOrder(demo, 'ПП-2025-00103')).json.isFavorite).toBe(true);
  });

  it('Cancel before payment: the order, its lines and history say why, and every member hears of it', async () => {
    const before = (await notificationsOfType(gw, 'OrderStatusChanged')).length;
    const answer = await post(gw, calls.cancelOrder.path, { id: idOf('ПП-2025-00101'), reason: 'Заказали не ту ревизию' }, { token: demo });
    expect(answer.status).toBe(200);
    const order = answer.body as calls.Order;
    expect(order).toMatchObject({ status: 'canceled', can: { cancel: false, reorder: true } });
    expect(order.lines.every((line) => line.status === 'canceled')).toBe(true);
    expect(order.history.at(-1)).toMatchObject({ status: 'canceled', note: 'Заказали не ту ревизию' });
    const notes = (await notificationsOfType(gw, 'OrderStatusChanged')).slice(before);
    expect(notes).toHaveLength(2);
    const again = await post(gw, calls.cancelOrder.path, { id: idOf('ПП-2025-00101'), reason: '' }, { token: demo });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('Нельзя отменить заказ в статусе «Отменён»');
  });

  it('Cancel after payment is refused', async () => {
    const answer = await post(gw, calls.cancelOrder.path, { id: idOf('ПП-2025-00103'), reason: '' }, { token: demo });
    expect(answer.status).toBe(409);
    expect(answer.json.error).toContain('Изготовление');
  });

  it('Reorder puts back the projects that can still be ordered, with the ordered quantities', async () => {
    const answer = await post(gw, calls.reorder.path, { id: idOf('ПП-2025-00104') }, { token: demo });
    // The motor board is actual (its cart line gets the quantity), the relay board was archived since.
    expect(answer.json).toEqual({ cartTotal: 2, added: 1, skipped: 1 });
    const [motor] = await gw.db.select({ quantity: cartItems.quantity, price: cartItems.price }).from(cartItems)
      .innerJoin(projects, eq(projects.id, cartItems.projectId))
      .where(and(eq(cartItems.userId, demoUser), eq(projects.title, 'Плата управления двигателем v2')));
    expect(motor?.quantity).toBe(10);
    expect(motor?.price).toBeGreaterThan(0);
  });
});

describe('reviews and complaints', () => {
  it('a review once the boards are in stock, one per user', async () => {
    const early = await post(gw, calls.addOrderReview.path, { orderId: idOf('ПП-2025-00106'), rating: 'good', text: 'Рано' }, { token: demo });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('orderNotReceived');
    const first = await post(gw, calls.addOrderReview.path, { orderId: idOf('ПП-2025-00105'), rating: 'regular', text: ' Нормально ' }, { token: demo });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ rating: 'regular', text: 'Нормально', authorName: 'Иван Петрович Смирнов' });
    const second = await post(gw, calls.addOrderReview.path, { orderId: idOf('ПП-2025-00105'), rating: 'bad', text: '' }, { token: demo });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('reviewExists');
    const order = (await getOrder(demo, 'ПП-2025-00105')).body as calls.Order;
    expect(order.reviews).toHaveLength(1);
    expect(order.can.review).toBe(false);
  });

  it('a complaint about a line of this order only; its author may cancel it while it is new', async () => {
    const shipped = (await getOrder(demo, 'ПП-2025-00104')).body as calls.Order;
    const foreignLine = shipped.lines[0]?.id ?? 0;
    const orderId = idOf('ПП-2025-00105');
    const wrong = await post(gw, calls.addOrderComplaint.path, { orderId, lineId: foreignLine, text: 'Брак' }, { token: demo });
    expect(wrong.status).toBe(400);
    expect(wrong.json.field).toBe('lineId');
    const early = await post(gw, calls.addOrderComplaint.path, { orderId: idOf('ПП-2025-00102'), lineId: null, text: 'Брак' }, { token: demo });
    expect(early.status).toBe(409);
    const own = ((await getOrder(demo, 'ПП-2025-00105')).body as calls.Order).lines[0]?.id ?? 0;
    const made = await post(gw, calls.addOrderComplaint.path, { orderId, lineId: own, text: 'Не хватает 2 плат' }, { token: demo });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ lineId: own, status: 'new', resolution: null, authorName: 'Иван Петрович Смирнов', isMine: true });
    const id = Number(made.json.id);
    const onThePage = ((await getOrder(demo, 'ПП-2025-00105')).body as calls.Order).complaints.find((complaint) => complaint.id === id);
    expect(onThePage?.isMine).toBe(true);
    const canceled = await post(gw, calls.cancelOrderComplaint.path, { id }, { token: demo });
    expect(canceled.json).toMatchObject({ id, status: 'canceled' });
    const again = await post(gw, calls.cancelOrderComplaint.path, { id }, { token: demo });
    expect(again.status).toBe(409);
  });

  it('only the author cancels a complaint', async () => {
    const [complaint] = await gw.db.select().from(orderComplaints).where(eq(orderComplaints.orderId, idOf('ПП-2025-00104')));
    await gw.db.update(orderComplaints).set({ status: 'new' }).where(eq(orderComplaints.id, complaint?.id ?? 0));
    const onThePage = ((await getOrder(demo, 'ПП-2025-00104')).body as calls.Order).complaints.find((shown) => shown.id === complaint?.id);
    expect(onThePage).toMatchObject({ status: 'new', isMine: false });
    const answer = await post(gw, calls.cancelOrderComplaint.path, { id: complaint?.id }, { token: demo });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('forbidden');
    const missing = await post(gw, calls.cancelOrderComplaint.path, { id: 999999 }, { token: demo });
    expect(missing.status).toBe(404);
  });

  it('the operator answers a complaint along COMPLAINT_TRANSITIONS and the author is told', async () => {
    const [complaint] = await gw.db.select().from(orderComplaints).where(eq(orderComplaints.orderId, idOf('ПП-2025-00104')));
    const id = complaint?.id ?? 0;
    const author = complaint?.userId;
    const before = (await notificationsOfType(gw, 'ComplaintStatusChanged')).length;
    const path = calls.operatorComplaintStatus.path;
    expect((await operator(gw, path, { complaintId: id, status: 'processing' })).json).toMatchObject({ status: 'processing', isMine: false });
    expect((await operator(gw, path, { complaintId: id, status: 'canceled' })).status).toBe(409);
    expect((await operator(gw, path, { complaintId: id, status: 'new' })).status).toBe(409);
    expect((await operator(gw, path, { complaintId: id, status: 'improving', resolution: 'Переизготовим 3 платы' })).json)
      .toMatchObject({ status: 'improving', resolution: 'Переизготовим 3 платы' });
    expect((await operator(gw, path, { complaintId: id, status: 'completed' })).json)
      .toMatchObject({ status: 'completed', resolution: 'Переизготовим 3 платы' });
    const refused = await operator(gw, path, { complaintId: id, status: 'rejected' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('Претензию в статусе «Выполнена» нельзя перевести в статус «Отклонена»');
    expect((await operator(gw, path, { complaintId: 999999, status: 'completed' })).status).toBe(404);
    const notes = (await notificationsOfType(gw, 'ComplaintStatusChanged')).slice(before);
    expect(notes.map((row) => [row.userId, (row.content as { Status: string }).Status])).toEqual([
      [author, 'processing'], [author, 'improving'], [author, 'completed'],
    ]);
    expect(notes[0]?.content).toMatchObject({ ComplaintId: id, OrderId: idOf('ПП-2025-00104'), OrderNumber: 'ПП-2025-00104' });
  });
});
