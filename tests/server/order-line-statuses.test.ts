import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelOrder, isLineStatusForward, LINE_STATUS_OF_ORDER, ORDER_ACTIONS, ORDER_LINE_STATUSES, operatorOrderAction,
  type OrderLineStatus,
} from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { orderLines } from '../../server/orders/schema';
import { orderLineStatuses } from '../../server/db/reference/schema';
import { ORDER_LINE_STATUSES as REFERENCE } from '../../server/seed/reference-data';
import { letterPostOf } from '../../server/letters/queue';
import { simulateOrders } from '../../server/orders/simulator';
import { ALLOWED, STATES } from '../order-lifecycle-table';
import { makeClient, person, type Person } from './client-fixtures';
import { createClock, post, startGateway } from './helpers';
import { makeOrder, migration0010Statements, operator, OPERATOR_KEY, orderState } from './orders-fixtures';
import { makeProject } from './project-fixtures';

/**
 * Line statuses move only forward, in the order of ORDER_LINE_STATUSES (approval does not turn a line's
 * 'Инженерная проверка' back into 'Новая'); whatever the operator, the customer and the demo simulator do, in any order,
 * no line of an order ever takes a status it has already passed.
 */

const clock = createClock(new Date('2025-10-01T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let clientId: number;
let projectIds: number[];

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false, operatorKey: OPERATOR_KEY, now: clock.now, orderSimulatorSeconds: 0 });
  owner = await person(gw, 'lines-owner', 'Лидия', 'Строкова');
  clientId = await makeClient(gw, { name: 'Строки вперёд' }, [[owner, 1]]);
  projectIds = [
    await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'Плата В', status: 'actual' }),
    await makeProject(gw, { clientId, ownerUserId: owner.id, title: 'Плата Г', status: 'actual', price: 1800 }),
  ];
});

afterAll(async () => {
  await gw.close();
});

describe('the order of line statuses', () => {
  it('is the order lines go through: engineering, awaiting payment, production, ready, shipped; cancel ends any not shipped', () => {
    expect(ORDER_LINE_STATUSES).toEqual(['engineering', 'awaiting_payment', 'in_production', 'ready', 'shipped', 'canceled']);
    expect(isLineStatusForward('engineering', 'awaiting_payment')).toBe(true);
    expect(isLineStatusForward('awaiting_payment', 'engineering')).toBe(false);
    expect(isLineStatusForward('ready', 'canceled')).toBe(true);
    expect(isLineStatusForward('shipped', 'canceled')).toBe(false);
    expect(isLineStatusForward('canceled', 'engineering')).toBe(false);
    for (const status of ORDER_LINE_STATUSES) expect(isLineStatusForward(status, status)).toBe(false);
  });

  it('follows every move the order lifecycle allows, never back', () => {
    for (const [from, moves] of Object.entries(ALLOWED)) {
      for (const to of Object.values(moves)) {
        const before = LINE_STATUS_OF_ORDER[STATES[from as keyof typeof STATES].status];
        const after = LINE_STATUS_OF_ORDER[STATES[to].status];
        expect(after === before || isLineStatusForward(before, after), `${from} → ${to}: ${before} → ${after}`).toBe(true);
      }
    }
  });
});

type Step = { by: 'operator'; action: (typeof ORDER_ACTIONS)[number] } | { by: 'customer' } | { by: 'simulator' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ORDER_ACTIONS).map((action) => ({ by: 'operator' as const, action })) },
  { weight: 1, arbitrary: fc.constant({ by: 'customer' as const }) },
  { weight: 2, arbitrary: fc.constant({ by: 'simulator' as const }) },
);

async function take(orderNumber: string, orderId: number, next: Step): Promise<void> {
  clock.advance(120);
  if (next.by === 'operator') {
    const reason = next.action === 'hold' || next.action === 'cancel' ? { reason: 'Проверка порядка статусов' } : {};
    await operator(gw, operatorOrderAction.path, {
      order: orderNumber,
      action: next.action,
      ...reason,
      ...(next.action === 'ship' ? { trackingNumber: 'RA123456785RU' } : {}),
    });
  } else if (next.by === 'customer') {
    await post(gw, cancelOrder.path, { id: orderId, reason: '' }, { token: owner.token });
  } else {
    await simulateOrders({ db: gw.db, seconds: 60, now: clock.now, onError: (error) => { throw error; }, letters: letterPostOf(gw.context) });
  }
}

describe('over every sequence of operator actions, customer cancels and simulator steps', () => {
  it('no line status ever moves backwards', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const made = await makeOrder(gw, { clientId, projectIds, placedBy: owner.id, at: clock.now() });
      let lines = (await orderState(gw, made.id)).lines as OrderLineStatus[];
      const seen: OrderLineStatus[][] = [lines];
      for (const next of steps) {
        await take(made.number, made.id, next);
        const after = (await orderState(gw, made.id)).lines as OrderLineStatus[];
        after.forEach((status, index) => {
          const was = lines[index] ?? status;
          expect(status === was || isLineStatusForward(was, status), `${seen.map((row) => row.join('+')).join(' → ')} → ${after.join('+')}`).toBe(true);
        });
        lines = after;
        seen.push(after);
      }
    }), { seed: 18, numRuns: 40 });
  });

  it('approval takes the lines from engineering review to awaiting payment', async () => {
    const made = await makeOrder(gw, { clientId, projectIds, placedBy: owner.id });
    await operator(gw, operatorOrderAction.path, { order: made.number, action: 'approve' });
    expect((await orderState(gw, made.id)).lines).toEqual(['awaiting_payment', 'awaiting_payment']);
  });
});

describe('migration 0010 on a database that has lines awaiting payment as \'new\'', () => {

  it('moves them to awaiting payment with their kept counts, and numbers the statuses as the seed does', async () => {
    // The database as it was before: the reference row 'new' (id 1), no 'awaiting_payment', a line awaiting payment as 'new'.
    const made = await makeOrder(gw, { clientId, projectIds, status: 'waiting_for_payment', placedBy: owner.id });
    await gw.db.execute(sql`insert into order_line_statuses (id, code, name, name_en) values (0, 'new', 'Новая', 'New')`);
    await gw.db.update(orderLines).set({ status: sql`'new'` }).where(eq(orderLines.orderId, made.id));
    await gw.db.execute(sql`update order_lines set status = 'engineering' where status = 'awaiting_payment'`);
    await gw.db.delete(orderLineStatuses).where(eq(orderLineStatuses.code, 'awaiting_payment'));

    for (const statement of migration0010Statements()) await gw.db.execute(sql.raw(statement));

    expect((await orderState(gw, made.id)).lines).toEqual(['awaiting_payment', 'awaiting_payment']);
    const rows = await gw.db.select().from(orderLineStatuses).orderBy(asc(orderLineStatuses.id));
    expect(rows.map(({ id, code, name, nameEn }) => ({ id, code, name, nameEn }))).toEqual(REFERENCE);
    const { rows: drift } = await gw.db.execute(sql`select k.status, k.lines, coalesce(c.n, 0) as n from order_line_counts k
      left join (select client_id, status, product_type, count(*)::int as n from order_lines group by 1, 2, 3) c
        using (client_id, status, product_type) where k.lines <> coalesce(c.n, 0) or k.status = 'new'`) as unknown as { rows: unknown[] };
    expect(drift).toEqual([]);
  });
});
