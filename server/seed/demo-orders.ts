import { and, asc, eq, inArray } from 'drizzle-orm';
import { LINE_STATUS_OF_ORDER, type OrderAction, type OrderStatus } from '../../src/contract/orders';
import { nextOrderState, type OrderState } from '../../src/contract/order-lifecycle';
import type { Db } from '../db/connect';
import { orderComplaints, orderLines, orderReviews, orders, orderStatusHistory } from '../orders/schema';
import { projects } from '../projects/schema';
import { issueInvoice, issueTransfer, markInvoicePaid } from '../orders/invoices/issue';
import { recountOrders } from '../orders/counts';
import { quoteFor } from '../pricing/quote';
import { roundKopecks } from '../pricing/quote-lines';
import { DEMO_ORDERS, DEMO_PROJECTS, DEMO_USERS } from './demo-data';
import { contactOf, deliveryOf, idsOf, need, payerOf, type Delivery, type Ids } from './demo-order-parts';
import { DEMO_MORE_PROJECTS } from './demo-projects';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What each of DEMO_ORDERS is made of: its projects, when it was placed, and what the factory did since, hours apart. */
interface OrderPlan {
  lines: Array<{ project: string; quantity: number }>;
  ageDays: number;
  steps: Array<{ action: OrderAction; afterHours: number; note?: string }>;
  placedBy: (typeof DEMO_USERS)[number]['key'];
  delivery: Delivery;
  comment?: string;
}

const PATH_TO_SHIPPED: OrderPlan['steps'] = [
  { action: 'approve', afterHours: 5 }, { action: 'pay', afterHours: 30 }, { action: 'finish', afterHours: 24 * 6 },
  { action: 'ship', afterHours: 20, note: 'RA644000712RU' },
];

const PLANS: Record<string, OrderPlan> = {
  'ПП-2025-00101': {
    lines: [{ project: 'motor', quantity: 10 }, { project: 'power', quantity: 25 }], ageDays: 6, placedBy: 'demo',
    delivery: { endpoint: 'Склад Москва' }, steps: [{ action: 'approve', afterHours: 6 }],
  },
  'ПП-2025-00102': {
    lines: [{ project: 'more-1', quantity: 10 }, { project: 'more-3', quantity: 25 }], ageDays: 1, placedBy: 'demo2fa',
    delivery: { endpoint: 'Склад Москва' }, comment: 'Маркировку партии нанести на технологическое поле',
    steps: [{ action: 'hold', afterHours: 3, note: 'Нет слоя паяльной маски в архиве — пришлите, пожалуйста, файл маски' }],
  },
  'ПП-2025-00103': {
    lines: [{ project: 'power', quantity: 50 }], ageDays: 12, placedBy: 'demo', delivery: { setting: 'Курьером в офис' },
    steps: [{ action: 'approve', afterHours: 4 }, { action: 'pay', afterHours: 26 }],
  },
  'ПП-2025-00104': {
    lines: [{ project: 'motor', quantity: 10 }, { project: 'more-4', quantity: 50 }], ageDays: 40, placedBy: 'demo',
    delivery: { setting: 'Курьером в офис' },
    steps: [
      { action: 'hold', afterHours: 2, note: 'Уточните толщину платы: в архиве 1,6 мм, в параметрах 2,0 мм' },
      { action: 'release', afterHours: 18 }, ...PATH_TO_SHIPPED,
    ],
  },
  'ПП-2025-00105': {
    lines: [{ project: 'amp', quantity: 5 }], ageDays: 20, placedBy: 'demo', delivery: { endpoint: 'ПВЗ «Академгородок»' },
    steps: PATH_TO_SHIPPED.slice(0, 3),
  },
  'ПП-2025-00106': {
    lines: [{ project: 'amp', quantity: 10 }], ageDays: 4, placedBy: 'demo', delivery: { endpoint: 'ПВЗ «Академгородок»' },
    steps: [{ action: 'approve', afterHours: 8 }],
  },
  'ПП-2025-00107': {
    lines: [{ project: 'radio', quantity: 50 }], ageDays: 10, placedBy: 'demo2fa', delivery: { endpoint: 'Склад Санкт-Петербург' },
    steps: [{ action: 'approve', afterHours: 3 }, { action: 'pay', afterHours: 20 }],
  },
};

const PROJECT_TITLES = new Map([...DEMO_PROJECTS, ...DEMO_MORE_PROJECTS].map((project) => [project.key, project.title]));

async function linesOf(tx: Db, clientId: number, plan: OrderPlan) {
  return Promise.all(plan.lines.map(async ({ project: key, quantity }) => {
    const title = need(PROJECT_TITLES.get(key), `project ${key}`);
    const [row] = await tx.select().from(projects).where(and(eq(projects.clientId, clientId), eq(projects.title, title)));
    const project = need(row, `project ${key}`);
    const quote = quoteFor({ ...need(project.params, `parameters of ${key}`), quantity });
    return { project, quantity, quote };
  }));
}

/** The history the plan's actions make, checked against the lifecycle machine; the final state must be the list's. */
function historyOf(plan: OrderPlan, createdAt: Date, expected: OrderStatus) {
  let state: OrderState = { status: 'on_check', held: false };
  let at = createdAt;
  const rows: Array<{ status: OrderStatus; held: boolean; action: OrderAction | null; note: string | null; at: Date }> = [
    { status: state.status, held: false, action: null, note: null, at },
  ];
  for (const step of plan.steps) {
    state = need(nextOrderState(state, step.action), `${step.action} after ${state.status}`);
    at = new Date(at.getTime() + step.afterHours * HOUR);
    rows.push({ status: state.status, held: state.held, action: step.action, note: step.note ?? null, at });
  }
  if (state.status !== expected) throw new Error(`demo order plan ends in ${state.status}, not ${expected}`);
  return { rows, state, holdReason: state.held ? rows.at(-1)?.note ?? null : null };
}

/** On the shipped order: the owner's review and the admin's complaint, which the factory is looking into. */
async function feedbackOn(tx: Db, orderId: number, ids: Ids, shippedAt: Date): Promise<void> {
  const [line] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id)).offset(1).limit(1);
  await tx.insert(orderReviews).values({
    orderId, userId: need(ids.users.get('demo'), 'demo'), rating: 'good', createdAt: new Date(shippedAt.getTime() + 3 * DAY),
    text: 'Платы пришли на день раньше срока, маска и шелкография ровные, переходные отверстия без замечаний.',
  });
  await tx.insert(orderComplaints).values({
    orderId, lineId: line?.id ?? null, userId: need(ids.users.get('demo2fa'), 'demo2fa'), status: 'processing',
    text: 'На 3 платах из 50 отслаивается паяльная маска у разъёма X2. Фото приложим по запросу.',
    createdAt: new Date(shippedAt.getTime() + 4 * DAY), statusChangedAt: new Date(shippedAt.getTime() + 5 * DAY),
  });
}

/**
 * The seven orders of DEMO_ORDERS (their numbers, clients, statuses and favourites are what the counter tests
 * count), made whole: priced lines of the client's projects, payer, contact and delivery, a history that the
 * lifecycle machine allows, invoices for every order past the check (paid ones marked), a review and a complaint
 * on the shipped one. Runs after the payers are seeded; skipped when the demo clients are missing or any of the
 * numbers exists already, so a restart changes nothing.
 */
export async function seedDemoOrders(db: Db, now: Date): Promise<void> {
  const ids = await idsOf(db);
  if (!ids) return;
  const existing = await db.select({ id: orders.id }).from(orders).where(inArray(orders.number, DEMO_ORDERS.map((order) => order.number))).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    for (const demo of DEMO_ORDERS) {
      const plan = need(PLANS[demo.number], `the plan of ${demo.number}`);
      const clientId = need(ids.clients.get(demo.client), demo.client);
      const userId = need(ids.users.get(plan.placedBy), plan.placedBy);
      const createdAt = new Date(now.getTime() - plan.ageDays * DAY);
      const history = historyOf(plan, createdAt, demo.status as OrderStatus);
      const lines = await linesOf(tx, clientId, plan);
      const payer = await payerOf(tx, clientId, demo.client);
      const shipped = history.rows.find((row) => row.action === 'ship');
      const [order] = await tx.insert(orders).values({
        clientId, number: demo.number, status: history.state.status, isFavorite: demo.isFavorite, placedByUserId: userId,
        payerId: payer.payerId, payer, contact: await contactOf(tx, clientId, userId),
        delivery: await deliveryOf(tx, clientId, plan.delivery), comment: plan.comment ?? '',
        total: roundKopecks(lines.reduce((sum, line) => sum + line.quote.total, 0)), lineCount: lines.length,
        firstLineTitle: lines[0]?.project.title ?? '', holdReason: history.holdReason, trackingNumber: shipped?.note ?? null,
        createdAt, statusChangedAt: history.rows.at(-1)?.at ?? createdAt,
      }).returning({ id: orders.id });
      const orderId = need(order, demo.number).id;
      await tx.insert(orderLines).values(lines.map(({ project, quantity, quote }) => ({
        orderId, clientId, projectId: project.id, versionId: project.currentVersionId, title: project.title,
        productType: project.productType, params: { ...need(project.params, project.title), quantity }, quantity,
        unitPrice: quote.perUnit, total: quote.total, days: quote.days, status: LINE_STATUS_OF_ORDER[history.state.status],
        createdAt,
      })));
      await tx.insert(orderStatusHistory).values(history.rows.map((row) => ({ orderId, ...row })));
      const approved = history.rows.find((row) => row.action === 'approve');
      const paid = history.rows.find((row) => row.action === 'pay');
      if (approved) await issueInvoice(tx, orderId, approved.at);
      if (paid) await markInvoicePaid(tx, orderId, paid.at);
      if (shipped) await issueTransfer(tx, orderId, shipped.at);
      if (shipped) await feedbackOn(tx, orderId, ids, shipped.at);
    }
    await recountOrders(tx);
  });
}
