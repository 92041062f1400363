import { readFileSync } from 'node:fs';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { LINE_STATUS_OF_ORDER, type OrderStatus } from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { notifications } from '../../server/notifications/schema';
import { orderCounts, orderLines, orders, orderStatusHistory, type OrderPayer } from '../../server/orders/schema';
import { projects } from '../../server/projects/schema';
import { issueInvoice, markInvoicePaid } from '../../server/orders/invoices/issue';
import { recountOrders } from '../../server/orders/counts';
import { call } from './helpers';

/** Shared by the orders tests: orders straight in the database in any state, the operator's calls, the counts. */

export const OPERATOR_KEY = 'operator-key-of-the-orders-tests';

export const operator = (gw: Gateway, path: string, body: unknown, key = OPERATOR_KEY) =>
  call(gw, 'POST', path, { body, headers: { authorization: `Operator ${key}` } });

const PAYER: OrderPayer = {
  payerId: null, name: 'ООО «Проверка заказов»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  legalAddress: '117997, г. Москва, ул. Вавилова, д. 19', bik: '044525225', bankName: 'ПАО Сбербанк',
  settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
};

let numberCounter = 0;

export interface OrderFixture {
  clientId: number;
  placedBy?: number | null;
  status?: OrderStatus;
  held?: boolean;
  /** Projects whose lines the order has (quantity and price as the project has them). */
  projectIds?: number[];
  isFavorite?: boolean;
  at?: Date;
}

/**
 * An order as checkout and the factory would have left it: lines, one history row, an invoice once past the
 * check (paid once paid), counts recounted.
 */
export async function makeOrder(gw: Gateway, fixture: OrderFixture): Promise<{ id: number; number: string; lineIds: number[] }> {
  numberCounter += 1;
  const number = `ПП-2099-${String(numberCounter).padStart(5, '0')}`;
  const status = fixture.status ?? 'on_check';
  const at = fixture.at ?? new Date('2025-08-20T10:00:00Z');
  const rows = fixture.projectIds?.length
    ? await gw.db.select().from(projects).where(inArray(projects.id, fixture.projectIds)).orderBy(asc(projects.id))
    : [];
  const lines = rows.length > 0
    ? rows.map((row) => ({ projectId: row.id, versionId: row.currentVersionId, title: row.title, productType: row.productType,
      quantity: row.quantity, total: row.price ?? 1000 }))
    : [{ projectId: null, versionId: null, title: 'Плата без проекта', productType: 'pcb' as const, quantity: 5, total: 1500 }];
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const [order] = await gw.db.insert(orders).values({
    clientId: fixture.clientId, number, status, isFavorite: fixture.isFavorite ?? false, placedByUserId: fixture.placedBy ?? null,
    payer: PAYER, contact: { contactId: null, name: 'Контакт Тестовый', phone: '+79161234567', email: 'contact@example.ru' },
    delivery: { kind: 'warehouse', methodName: 'Склад', pointName: 'Склад Москва', address: 'Москва', endpointId: 4, deliverySettingId: null },
    total, lineCount: lines.length, firstLineTitle: lines[0]?.title ?? '', holdReason: fixture.held ? 'Причина приостановки' : null,
    trackingNumber: status === 'shipped' ? 'RA000000000RU' : null, createdAt: at, statusChangedAt: at,
  }).returning({ id: orders.id });
  if (!order) throw new Error('order not created');
  const inserted = await gw.db.insert(orderLines).values(lines.map((line) => ({
    ...line, orderId: order.id, clientId: fixture.clientId, unitPrice: Math.round((line.total / line.quantity) * 100) / 100,
    days: 7, status: LINE_STATUS_OF_ORDER[status], createdAt: at,
  }))).returning({ id: orderLines.id });
  await gw.db.insert(orderStatusHistory).values({ orderId: order.id, status, held: fixture.held ?? false, at });
  await gw.db.transaction(async (tx) => {
    if (status !== 'on_check' && status !== 'canceled') await issueInvoice(tx, order.id, at);
    if (status !== 'on_check' && status !== 'canceled' && status !== 'waiting_for_payment') await markInvoicePaid(tx, order.id, at);
    await recountOrders(tx, fixture.clientId);
  });
  return { id: order.id, number, lineIds: inserted.map((line) => line.id) };
}

/** The client's order_counts rows as kept, and as a count of its orders would make them: they must be equal. */
export async function countsOf(gw: Gateway, clientId: number) {
  const kept = await gw.db.select({
    status: orderCounts.status, held: orderCounts.held, isFavorite: orderCounts.isFavorite, orders: orderCounts.orders,
  }).from(orderCounts).where(eq(orderCounts.clientId, clientId));
  const counted = await gw.db.select({
    status: orders.status, held: sql<boolean>`${orders.holdReason} is not null`, isFavorite: orders.isFavorite,
    orders: sql<number>`count(*)::int`,
  }).from(orders).where(eq(orders.clientId, clientId)).groupBy(orders.status, sql`2`, orders.isFavorite);
  const key = (row: { status: string; held: boolean; isFavorite: boolean }) => `${row.status}/${row.held}/${row.isFavorite}`;
  const sort = <T extends { status: string; held: boolean; isFavorite: boolean }>(list: T[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
  return { kept: sort(kept), counted: sort(counted) };
}

export async function notificationsOfType(gw: Gateway, type: string) {
  return gw.db.select().from(notifications).where(eq(notifications.type, type)).orderBy(asc(notifications.id));
}

export async function orderState(gw: Gateway, orderId: number) {
  const [order] = await gw.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await gw.db.select({ status: orderLines.status }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const history = await gw.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  if (!order) throw new Error(`order ${orderId} missing`);
  return { order, lines: lines.map((line) => line.status), history };
}

/**
 * Migration 0010's statements, to run on today's tables: written before the rename to payers, its SQL says
 * 'counteragent' where the tables now say 'payer'.
 */
export function migration0010Statements(): string[] {
  return readFileSync(new URL('../../server/db/migrations/0010_line_statuses_payer_forms.sql', import.meta.url), 'utf8')
    .replaceAll('counteragent', 'payer')
    .split('--> statement-breakpoint');
}
