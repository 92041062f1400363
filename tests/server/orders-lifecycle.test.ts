import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLineStatusForward, LINE_STATUS_OF_ORDER, operatorOrderAction, type OrderLineStatus } from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { invoices } from '../../server/orders/invoices/schema';
import { statusNames } from '../../server/orders/names';
import { lifecycleCases } from '../order-lifecycle-table';
import { makeClient, person, type Person } from './client-fixtures';
import { createClock, startGateway } from './helpers';
import { countsOf, makeOrder, notificationsOfType, operator, OPERATOR_KEY, orderState } from './orders-fixtures';
import { makeProject } from './project-fixtures';

/**
 * The order lifecycle over HTTP, through the operator's call. Every state meets every action; what the
 * machine allows must move the order with its lines, history, counts, invoice and the members' notifications,
 * and what it refuses must answer 409 naming the status and the action, changing nothing.
 */

const clock = createClock(new Date('2025-09-01T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let buyer: Person;
let clientId: number;
let projectIds: number[];

const PATH = operatorOrderAction.path;
const REASON = 'Нет слоя паяльной маски в архиве';
const TRACKING = 'RA123456785RU';

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false, operatorKey: OPERATOR_KEY, now: clock.now });
  owner = await person(gw, 'life-owner', 'Олег', 'Заказов');
  buyer = await person(gw, 'life-buyer', 'Борис', 'Закупов');
  clientId = await makeClient(gw, { name: 'Жизненный цикл' }, [[owner, 1], [buyer, 5]]);
  projectIds = [
    await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'Плата А', status: 'actual' }),
    await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'Плата Б', status: 'actual', price: 2500 }),
  ];
});

afterAll(async () => {
  await gw.close();
});

const bodyFor = (order: string, action: string) => ({
  order, action,
  ...(action === 'hold' || action === 'cancel' ? { reason: REASON } : {}),
  ...(action === 'ship' ? { trackingNumber: TRACKING } : {}),
});

describe('the operator moves an order only as the lifecycle allows', () => {
  for (const { from, action, to } of lifecycleCases()) {
    it(`${from.name} + ${action} → ${to ? to.name : '409'}`, async () => {
      clock.advance(60);
      const made = await makeOrder(gw, { clientId, status: from.status, held: from.held, projectIds, placedBy: owner.id });
      const before = await orderState(gw, made.id);
      const notificationsBefore = (await notificationsOfType(gw, 'OrderStatusChanged')).length;
      clock.advance(60);
      const answer = await operator(gw, PATH, bodyFor(made.number, action));
      const after = await orderState(gw, made.id);
      const counts = await countsOf(gw, clientId);
      expect(counts.kept).toEqual(counts.counted);
      const notes = (await notificationsOfType(gw, 'OrderStatusChanged')).slice(notificationsBefore);
      const [invoice] = await gw.db.select().from(invoices).where(eq(invoices.orderId, made.id));

      if (!to) {
        expect(answer.status).toBe(409);
        expect(answer.json).toMatchObject({ code: 'actionNotAllowed', field: 'action' });
        expect(answer.json.error).toContain(statusNames(from.status, from.held).status);
        // The user reads what cannot be done, never the action's code.
        expect(answer.json.error).not.toContain(`(${action})`);
        expect(after).toEqual(before);
        expect(notes).toEqual([]);
        return;
      }
      const holdReason = to.held ? (action === 'hold' ? REASON : 'Причина приостановки') : null;
      const trackingNumber = action === 'ship' ? TRACKING : before.order.trackingNumber;
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ id: made.id, number: made.number, status: to.status, holdReason, trackingNumber });
      expect(after.order).toMatchObject({ status: to.status, holdReason, trackingNumber, statusChangedAt: clock.now() });
      expect(after.lines).toEqual(after.lines.map(() => LINE_STATUS_OF_ORDER[to.status]));
      // Lines only move forward: approval must not turn 'engineering' back into 'new'.
      after.lines.forEach((status, index) => {
        const was = before.lines[index] as OrderLineStatus;
        expect(status === was || isLineStatusForward(was, status as OrderLineStatus), `${was} → ${status}`).toBe(true);
      });
      expect(after.history).toHaveLength(before.history.length + 1);
      const note = action === 'hold' || action === 'cancel' ? REASON : action === 'ship' ? TRACKING : null;
      expect(after.history.at(-1)).toMatchObject({ status: to.status, held: to.held, action, note, at: clock.now() });
      expect(notes.map((row) => row.userId).sort()).toEqual([owner.id, buyer.id].sort());
      for (const row of notes) {
        expect(row.content).toEqual({ OrderId: made.id, OrderNumber: made.number, Status: to.status, HoldReason: holdReason, TrackingNumber: trackingNumber });
      }
      if (action === 'approve') expect(invoice).toMatchObject({ issuedAt: clock.now(), paidAt: null, amount: before.order.total });
      if (action === 'pay') expect(invoice?.paidAt).toEqual(clock.now());
      // The invoice comes with the approval: none while the files are checked, nor for an order cancelled then.
      if (from.status === 'on_check' && action !== 'approve') expect(invoice).toBeUndefined();
    });
  }
});

describe('details of the operator call', () => {
  it('hold needs a reason the customer can read', async () => {
    const made = await makeOrder(gw, { clientId, projectIds });
    const before = await orderState(gw, made.id);
    for (const reason of [undefined, '', '   ']) {
      const answer = await operator(gw, PATH, { order: made.number, action: 'hold', ...(reason === undefined ? {} : { reason }) });
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe('reason');
    }
    expect(await orderState(gw, made.id)).toEqual(before);
  });

  it('finds the order by id or number, and answers 404 for neither', async () => {
    const made = await makeOrder(gw, { clientId, projectIds });
    const byId = await operator(gw, PATH, { order: String(made.id), action: 'approve' });
    expect(byId.json).toMatchObject({ number: made.number, status: 'waiting_for_payment' });
    for (const ref of ['ПП-1999-00001', '999999', '99999999999999']) {
      const answer = await operator(gw, PATH, { order: ref, action: 'approve' });
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ field: 'order', code: 'not_found' });
    }
  });

  it('names the status and the action in English too', async () => {
    const made = await makeOrder(gw, { clientId, status: 'in_progress', held: true, projectIds });
    const answer = await operator(gw, PATH, { order: made.number, action: 'finish' }).then(() =>
      gw.app.inject({ method: 'POST', url: `/api${PATH}`, headers: { authorization: `Operator ${OPERATOR_KEY}`, 'accept-language': 'en' },
        payload: { order: made.number, action: 'finish' } }));
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "Cannot finish an order in status 'In production, held'" });
  });

  it('a release keeps the hold history and clears the reason', async () => {
    const made = await makeOrder(gw, { clientId, projectIds });
    await operator(gw, PATH, { order: made.number, action: 'hold', reason: REASON });
    await operator(gw, PATH, { order: made.number, action: 'release' });
    const { order, history } = await orderState(gw, made.id);
    expect(order).toMatchObject({ status: 'on_check', holdReason: null });
    expect(history.map((row) => [row.held, row.action, row.note])).toEqual([[false, null, null], [true, 'hold', REASON], [false, 'release', null]]);
    const rows = await gw.db.select().from(invoices).where(and(eq(invoices.orderId, made.id)));
    expect(rows).toEqual([]);
  });
});
