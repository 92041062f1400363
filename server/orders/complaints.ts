import { and, eq } from 'drizzle-orm';
import { COMPLAINT_TRANSITIONS, type OrderComplaint, type RequestStatus } from '../../src/contract/orders';
import { requireClientAccess } from '../client-access/check';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { orderComplaints, orderLines, orders } from './schema';
import { ApiError } from '../http/errors';
import { createNotification } from '../notifications/create';
import { emitEvent } from '../webhooks/events';
import { isReceived, type OrderRow } from './access';
import { complaintMoveNames } from './names';
import { notReceived } from './reviews';
import { complaintsOf } from './view';

const complaintNotFound = (field: string) => new ApiError(404, 'complaintNotFound', {}, { field, code: 'not_found' });

export async function complaintToWire(db: Db, id: number, viewerId: number | null): Promise<OrderComplaint> {
  const [complaint] = await complaintsOf(db, eq(orderComplaints.id, id), viewerId);
  if (!complaint) throw new Error(`complaint ${id} vanished`);
  return complaint;
}

/** A complaint about the order or one of its lines, once the boards are in stock or shipped. */
export async function addComplaint(
  db: Db, order: OrderRow, values: { userId: number; lineId: number | null; text: string; now: Date },
): Promise<OrderComplaint> {
  if (!isReceived(order.status)) throw notReceived('orderId');
  if (values.lineId !== null) {
    const lineId = asDbId(values.lineId);
    const [line] = lineId === null ? [] : await db.select({ id: orderLines.id }).from(orderLines)
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)));
    if (!line) throw new ApiError(400, 'orderLineNotInOrder', {}, { field: 'lineId', code: 'lineNotInOrder' });
  }
  const id = await db.transaction(async (tx) => {
    // The order's lock orders this event after any status change of the order being committed.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    const [row] = await tx.insert(orderComplaints).values({
      orderId: order.id, lineId: values.lineId, userId: values.userId, text: values.text.trim(), status: 'new',
      createdAt: values.now, statusChangedAt: values.now,
    }).returning({ id: orderComplaints.id });
    if (!row) throw new Error('complaint not stored');
    await emitEvent(tx, {
      type: 'complaint.filed', orderId: order.id,
      data: { orderId: order.id, number: order.number, complaintId: row.id, lineId: values.lineId, text: values.text.trim() },
    }, values.now);
    return row.id;
  });
  return complaintToWire(db, id, values.userId);
}

type ComplaintRow = typeof orderComplaints.$inferSelect;
export interface ComplaintChange { status: RequestStatus; resolution: string | null }

async function lockComplaint(
  tx: Db,
  rawId: number,
  field: string,
): Promise<{ complaint: ComplaintRow; order: { id: number; number: string; clientId: number } }> {
  const id = asDbId(rawId);
  const [found] =
    id === null
      ? []
      : await tx
          .select({
            complaint: orderComplaints,
            order: { id: orders.id, number: orders.number, clientId: orders.clientId },
          })
          .from(orderComplaints)
          .innerJoin(orders, eq(orders.id, orderComplaints.orderId))
          .where(eq(orderComplaints.id, id))
          .for('update', { of: orderComplaints });
  if (!found) throw complaintNotFound(field);
  return found;
}

/**
 * The author takes their complaint back while it is still new. A non-member of the order's client gets the same
 * 404 as for a complaint that does not exist; another member 403.
 */
export async function cancelComplaint(db: Db, rawId: number, userId: number, now: Date): Promise<OrderComplaint> {
  const id = await db.transaction(async (tx) => {
    const { complaint, order } = await lockComplaint(tx, rawId, 'id');
    await requireClientAccess(tx, order, userId, 'member', { key: 'complaintNotFound', field: 'id' });
    if (complaint.userId !== userId) throw new ApiError(403, 'complaintNotYours', {}, { field: 'id', code: 'forbidden' });
    if (!COMPLAINT_TRANSITIONS[complaint.status].includes('canceled')) {
      throw new ApiError(409, 'complaintCancelTooLate', {}, { field: 'id', code: 'statusNotAllowed' });
    }
    await tx.update(orderComplaints).set({ status: 'canceled', statusChangedAt: now }).where(eq(orderComplaints.id, complaint.id));
    return complaint.id;
  });
  return complaintToWire(db, id, userId);
}

/**
 * The manufacturer's answer: a status that COMPLAINT_TRANSITIONS allows after the current one, except 'canceled',
 * which is the customer's. The author is notified.
 */
export async function setComplaintStatus(
  db: Db, values: { complaintId: number; status: RequestStatus; resolution: string | null; now: Date },
  /** Writes the audit row of the answer in its transaction (a staff member's answer). */
  record?: (tx: Db, change: { before: ComplaintChange; after: ComplaintChange }) => Promise<void>,
): Promise<OrderComplaint> {
  const id = await db.transaction(async (tx) => {
    const { complaint, order } = await lockComplaint(tx, values.complaintId, 'complaintId');
    if (values.status === 'canceled' || !COMPLAINT_TRANSITIONS[complaint.status].includes(values.status)) {
      throw new ApiError(409, 'complaintStatusNotAllowed', complaintMoveNames(complaint.status, values.status),
        { field: 'status', code: 'statusNotAllowed' });
    }
    const resolution = values.resolution?.trim() || complaint.resolution;
    await tx.update(orderComplaints).set({ status: values.status, resolution, statusChangedAt: values.now })
      .where(eq(orderComplaints.id, complaint.id));
    await record?.(tx, { before: { status: complaint.status, resolution: complaint.resolution }, after: { status: values.status, resolution } });
    await createNotification(tx, {
      userId: complaint.userId, type: 'ComplaintStatusChanged',
      content: { ComplaintId: complaint.id, OrderId: order.id, OrderNumber: order.number, Status: values.status },
    }, values.now);
    return complaint.id;
  });
  return complaintToWire(db, id, null);
}
