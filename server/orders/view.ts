import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { invoicePdfUrl, orderLineFilesUrl, transferPdfUrl } from '../../src/contract/invoices';
import { legalName } from '../../src/contract/legal-name';
import type {
  Order, OrderComplaint, OrderHistoryEntry, OrderLine, OrderReview, OrderStatus, OrderSummary,
} from '../../src/contract/orders';
import { nextOrderState } from '../../src/contract/order-lifecycle';
import { personColumns, personName } from '../client-access/people';
import type { Db } from '../db/connect';
import { clients, users } from '../db/schema';
import { boardUploadFiles, boardUploads } from '../board-jobs/schema';
import { invoices } from './invoices/schema';
import { orderComplaints, orderLines, orderReviews, orders, orderStatusHistory } from './schema';
import { projectVersions, versionUpload } from '../projects/schema';
import type { Lang } from '../http/messages';
import { isReceived, type OrderRow } from './access';
import { deliveryOf } from './delivery';
import { requestsOf } from './engineer-requests';
import { holdReasonIn } from './holds';
import { orderStateOf } from './lifecycle';

const iso = (date: Date) => date.toISOString();

/** One order as the lists and the order page name it; a payer missing (an old order) is the client itself. */
export function orderSummaryOf(row: OrderRow, client: { name: string; fullName: string }, lang: Lang): OrderSummary {
  return {
    id: row.id, number: row.number, clientId: row.clientId, clientName: client.name,
    status: row.status as OrderStatus, holdReason: holdReasonIn(lang, row.holdReason, row.holdCode), isFavorite: row.isFavorite, total: row.total,
    lineCount: row.lineCount, firstLineTitle: row.firstLineTitle, payerName: row.payer ? legalName(row.payer) : client.fullName,
    trackingNumber: row.trackingNumber, createdAt: iso(row.createdAt), statusChangedAt: iso(row.statusChangedAt),
  };
}

const author = personColumns(users);

async function linesOf(db: Db, orderId: number): Promise<OrderLine[]> {
  const rows = await db.select({
    line: orderLines,
    hasFiles: sql<boolean>`exists (select 1 from ${boardUploadFiles} where ${boardUploadFiles.uploadId} = ${projectVersions.uploadId})`,
    dfmReviewReason: boardUploads.dfmReviewReason,
  }).from(orderLines).leftJoin(projectVersions, eq(projectVersions.id, orderLines.versionId))
    .leftJoin(boardUploads, versionUpload)
    .where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  return rows.map(({ line, hasFiles, dfmReviewReason }) => ({
    id: line.id, projectId: line.projectId, title: line.title, productType: line.productType, quantity: line.quantity,
    unitPrice: line.unitPrice, total: line.total, days: line.days, status: line.status as OrderLine['status'],
    filesUrl: hasFiles ? orderLineFilesUrl(orderId, line.id) : null, dfmReview: line.dfmReview,
    ...(line.dfmReview && dfmReviewReason ? { dfmReviewReason } : {}),
  }));
}

async function historyOf(db: Db, orderId: number, lang: Lang): Promise<OrderHistoryEntry[]> {
  const rows = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return rows.map((row) => ({
    status: row.status as OrderStatus, held: row.held, note: holdReasonIn(lang, row.note, row.noteCode), at: iso(row.at),
  }));
}

export async function reviewsOf(db: Db, where: SQL): Promise<OrderReview[]> {
  const rows = await db.select({ review: orderReviews, author }).from(orderReviews)
    .innerJoin(users, eq(users.id, orderReviews.userId)).where(where).orderBy(asc(orderReviews.createdAt), asc(orderReviews.id));
  return rows.map(({ review, author: who }) => ({
    id: review.id, rating: review.rating, text: review.text, authorName: personName(who), createdAt: iso(review.createdAt),
  }));
}

/** `viewerId`: the user the answer is for (null for the operator), to say which complaints are theirs. */
export async function complaintsOf(db: Db, where: SQL, viewerId: number | null): Promise<OrderComplaint[]> {
  const rows = await db.select({ complaint: orderComplaints, author }).from(orderComplaints)
    .innerJoin(users, eq(users.id, orderComplaints.userId)).where(where)
    .orderBy(asc(orderComplaints.createdAt), asc(orderComplaints.id));
  return rows.map(({ complaint, author: who }) => ({
    id: complaint.id, lineId: complaint.lineId, text: complaint.text, status: complaint.status, resolution: complaint.resolution,
    authorName: personName(who), isMine: complaint.userId === viewerId,
    createdAt: iso(complaint.createdAt), statusChangedAt: iso(complaint.statusChangedAt),
  }));
}

async function invoiceOf(db: Db, orderId: number): Promise<Order['invoice']> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ? {
    id: row.id, number: row.number, issuedAt: iso(row.issuedAt), amount: row.amount, vat: row.vat,
    paidAt: row.paidAt ? iso(row.paidAt) : null, pdfUrl: invoicePdfUrl(row.id),
    transfer: row.transferNumber && row.transferredAt
      ? { number: row.transferNumber, issuedAt: iso(row.transferredAt), pdfUrl: transferPdfUrl(row.id) } : null,
  } : null;
}

async function placedByName(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await db.select(author).from(users).where(eq(users.id, userId));
  return row ? personName(row) : '';
}

/** The gateway's settings an order page says: how long an engineer's review usually takes. */
export interface OrderViewSettings { reviewHours: number }

/** The whole order for the order page, with what `viewer` (a member with `role`) may do with it now. */
export async function orderToWire(
  db: Db, orderId: number, viewer: { userId: number; role: number; lang: Lang }, settings: OrderViewSettings,
): Promise<Order> {
  const [found] = await db.select({ row: orders, client: { name: clients.name, fullName: clients.fullName, inn: clients.inn, kpp: clients.kpp } })
    .from(orders).innerJoin(clients, eq(clients.id, orders.clientId)).where(eq(orders.id, orderId));
  if (!found) throw new Error(`order ${orderId} vanished`);
  const { row, client } = found;
  const [lines, history, invoice, reviews, complaints, placedBy, requests] = await Promise.all([
    linesOf(db, orderId), historyOf(db, orderId, viewer.lang), invoiceOf(db, orderId),
    reviewsOf(db, eq(orderReviews.orderId, orderId)), complaintsOf(db, eq(orderComplaints.orderId, orderId), viewer.userId),
    placedByName(db, row.placedByUserId), requestsOf(db, orderId),
  ]);
  const [mine] = await db.select({ id: orderReviews.id }).from(orderReviews)
    .where(and(eq(orderReviews.orderId, orderId), eq(orderReviews.userId, viewer.userId)));
  const ordering = editsOrderingData(viewer.role);
  const received = isReceived(row.status);
  return {
    ...orderSummaryOf(row, client, viewer.lang),
    lines, history, invoice, reviews, complaints,
    payer: row.payer
      ? { name: legalName(row.payer), inn: row.payer.inn, kpp: row.payer.kpp }
      : { name: client.fullName, inn: client.inn ?? '', kpp: client.kpp },
    contact: row.contact
      ? { name: row.contact.name, phone: row.contact.phone, email: row.contact.email }
      : { name: '', phone: null, email: null },
    delivery: deliveryOf(row.delivery),
    comment: row.comment,
    placedByName: placedBy,
    filesAwaited: row.filesAwaited,
    ...(row.holdCode ? { holdCode: row.holdCode } : {}),
    ...(row.holdCode === 'dfmReview' ? { reviewHours: settings.reviewHours } : {}),
    requests,
    can: {
      cancel: ordering && nextOrderState(orderStateOf(row), 'cancel') !== null,
      reorder: ordering,
      review: received && !mine,
      complain: received,
    },
  };
}
