import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LegalFormCode } from '../../src/contract/payers';
import { isOneOf } from '../../src/contract/fields';
import { legalName } from '../../src/contract/legal-name';
import { ORDER_STATUSES, type OrderStatus, type OrderSummary, type RequestStatus, type SystemHold } from '../../src/contract/orders';
import { deskActions, type StaffComplaint, type StaffOrder, type staffOrderMoveRequest } from '../../src/contract/staff-orders';
import type { Infer } from 'superstruct';
import type { Db } from '../db/connect';
import { clients } from '../db/schema';
import { orderComplaints, orderLines, orders } from '../orders/schema';
import { projectVersions } from '../projects/schema';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/messages';
import type { LetterPost } from '../letters/queue';
import { cappedCount, isoOf, pageWindow, valueList } from '../lists/paging';
import { contains, trimmedSearch } from '../lists/list-query';
import { requestsOf } from '../orders/engineer-requests';
import { holdReasonIn } from '../orders/holds';
import { applyOrderAction, orderNotFound, orderStateOf } from '../orders/lifecycle';
import { complaintsOf, orderToWire, type OrderViewSettings } from '../orders/view';
import { analysisOfUpload } from '../projects/measured';
import { analysisOnShow } from '../board-jobs/store';
import { recordAudit } from '../audit/log';
import { checkQueue, claimOf, type ByStaff } from './check';
import { asDbId } from '../db/ids';

/** The order desk: every client's orders, the lifecycle's moves, complaints; read whole, whatever the client. */

const isStatus = isOneOf(ORDER_STATUSES);

type DeskFilter = OrderStatus | 'held';
interface DeskForm { search?: string; filters?: readonly DeskFilter[] }
interface DeskPage extends DeskForm {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: 'createdAt' | 'number' | 'total' | 'statusChangedAt'; orderBy: 'asc' | 'desc' };
}

const SORT_KEYS = {
  createdAt: sql`o.created_at`, number: sql`o.number`, total: sql`o.total`, statusChangedAt: sql`o.status_changed_at`,
} as const;

/** Statuses are alternatives, held narrows them; the search goes over numbers, tracking, titles, clients, payers and INN. */
function whereOf(form: DeskForm): SQL {
  const filters = form.filters ?? [];
  const statuses = filters.filter(isStatus);
  const where: SQL[] = [sql`true`];
  if (statuses.length > 0) where.push(sql`o.status in ${valueList(statuses)}`);
  if (filters.includes('held')) where.push(sql`o.hold_reason is not null`);
  const search = trimmedSearch(form.search);
  if (search !== '') {
    where.push(sql`(${sql.join([
      contains(sql`o.number`, search), contains(sql`o.tracking_number`, search), contains(sql`o.first_line_title`, search),
      contains(sql`c.name`, search), contains(sql`coalesce(o.payer->>'name', c.full_name)`, search),
      contains(sql`coalesce(o.payer->>'inn', c.inn, '')`, search),
    ], sql` or `)})`);
  }
  return sql.join(where, sql` and `);
}

export async function countDeskOrders(db: Db, form: DeskForm): Promise<number> {
  return cappedCount(db, sql`select 1 from orders o join clients c on c.id = o.client_id where ${whereOf(form)}`);
}

/** A page of the desk, newest first unless a sort is chosen. */
export async function listDeskOrders(db: Db, form: DeskPage, lang: Lang): Promise<OrderSummary[]> {
  const window = pageWindow(form.pagination);
  const sort = form.sort ?? { code: 'createdAt', orderBy: 'desc' };
  const direction = sql.raw(sort.orderBy);
  const rows = await db.select({
    id: sql<number>`o.id`, number: sql<string>`o.number`, clientId: sql<number>`o.client_id`, clientName: sql<string>`c.name`,
    status: sql<OrderStatus>`o.status`, holdReason: sql<string | null>`o.hold_reason`, holdCode: sql<SystemHold | null>`o.hold_code`,
    isFavorite: sql<boolean>`o.is_favorite`, total: sql<number>`o.total::float8`, lineCount: sql<number>`o.line_count`,
    firstLineTitle: sql<string>`o.first_line_title`, payerName: sql<string>`coalesce(o.payer->>'name', c.full_name)`,
    payerForm: sql<LegalFormCode | null>`o.payer->>'legalForm'`, trackingNumber: sql<string | null>`o.tracking_number`,
    createdAt: isoOf(sql`o.created_at`), statusChangedAt: isoOf(sql`o.status_changed_at`),
  }).from(sql`orders o join clients c on c.id = o.client_id`).where(whereOf(form))
    .orderBy(sql`${SORT_KEYS[sort.code]} ${direction}, o.id ${direction}`).limit(window.limit).offset(window.offset);
  return rows.map(({ payerForm, holdCode, ...row }) => ({
    ...row, holdReason: holdReasonIn(lang, row.holdReason, holdCode), payerName: legalName({ legalForm: payerForm, name: row.payerName }),
  }));
}

/** Staff read an order as no member of its client: no favourite or review of their own, no customer's actions. */
const STAFF_READER = { userId: 0, role: 0 };

/** The whole order with each line's board as analysed, the claim and the engineer's questions. */
export async function staffOrderView(db: Db, rawId: number, lang: Lang, settings: OrderViewSettings): Promise<StaffOrder> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : await db.select({ id: orders.id, clientId: orders.clientId, holdCode: orders.holdCode, status: orders.status })
    .from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound('orderId');
  const order = await orderToWire(db, row.id, { ...STAFF_READER, lang }, settings);
  const lines = await db.select({ lineId: orderLines.id, params: orderLines.params, versionParams: projectVersions.params,
    uploadId: projectVersions.uploadId, dfmReview: orderLines.dfmReview })
    .from(orderLines).leftJoin(projectVersions, eq(projectVersions.id, orderLines.versionId))
    .where(eq(orderLines.orderId, row.id)).orderBy(orderLines.id);
  const boards = await Promise.all(lines.map(async (line) => ({
    lineId: line.lineId, params: line.params ?? line.versionParams ?? null,
    analysis: analysisOnShow(await analysisOfUpload(db, line.uploadId), null),
  })));
  const [queued] = await checkQueue(db, row.id);
  return {
    order: { ...order, can: { cancel: false, reorder: false, review: false, complain: false } },
    clientId: row.clientId, boards, checkReason: queued?.reason ?? null, claim: await claimOf(db, row.id), requests: await requestsOf(db, row.id),
  };
}

type MoveRequest = Infer<typeof staffOrderMoveRequest>;

/**
 * A manager's move through the lifecycle. The engineering check's holds are the engineers' to lift (their desk
 * releases them with the review done); a manager's own hold is theirs.
 */
export async function moveOrder(db: Db, input: MoveRequest, letters: LetterPost, by: ByStaff): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!row) throw orderNotFound('orderId');
    const state = { ...orderStateOf(row), filesAwaited: row.filesAwaited, holdCode: row.holdCode };
    if (input.action === 'release' && state.held && !deskActions(state).includes('release')) {
      throw new ApiError(409, 'orderCheckIsEngineers', {}, { field: 'action', code: 'engineersHold' });
    }
    const carrier = input.carrier?.trim() ?? '';
    const tracking = input.trackingNumber?.trim() ?? '';
    const after = await applyOrderAction(tx, {
      orderId: row.id, action: input.action, reason: input.reason ?? null, now: by.now, by: 'operator', letters,
      trackingNumber: input.action === 'ship' ? [carrier, tracking].filter(Boolean).join(' ') || null : null,
    });
    await recordAudit(tx, {
      actor: { staffId: by.staffId }, action: 'order.move', targetType: 'order', targetId: row.id, at: by.now, requestId: by.requestId,
      before: { status: row.status, held: row.holdReason !== null, trackingNumber: row.trackingNumber },
      after: { action: input.action, status: after.status, held: after.holdReason !== null, trackingNumber: after.trackingNumber },
    });
  });
}

/** Complaints of every client (of a status, or one by id), newest first, with their order. */
export async function listComplaints(db: Db, filter: { status?: RequestStatus | undefined; id?: number }): Promise<StaffComplaint[]> {
  const where = filter.id !== undefined ? eq(orderComplaints.id, filter.id)
    : filter.status === undefined ? sql`true` : eq(orderComplaints.status, filter.status);
  const complaints = await complaintsOf(db, where, null);
  const orderOf = new Map((await db.select({ id: orderComplaints.id, orderId: orders.id, number: orders.number, clientName: clients.name })
    .from(orderComplaints).innerJoin(orders, eq(orders.id, orderComplaints.orderId)).innerJoin(clients, eq(clients.id, orders.clientId))
    .where(where).orderBy(desc(orderComplaints.id))).map((row) => [row.id, row]));
  return complaints.reverse().flatMap((complaint) => {
    const found = orderOf.get(complaint.id);
    return found ? [{ ...complaint, orderId: found.orderId, orderNumber: found.number, clientName: found.clientName }] : [];
  });
}
