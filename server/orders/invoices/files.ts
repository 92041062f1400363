import { and, asc, eq } from 'drizzle-orm';
import { zip, type AsyncZippable } from 'fflate';
import type { FileStore } from '../../board-jobs/file-store';
import type { Db } from '../../db/connect';
import { asDbId } from '../../db/ids';
import { boardUploadFiles } from '../../board-jobs/schema';
import { invoiceDocuments, invoices } from './schema';
import { orderLines, orders } from '../schema';
import { projectVersions } from '../../projects/schema';
import { renderInvoicePdf, type InvoiceForPdf } from './pdf';
import type { TransferForPdf } from './transfer-pdf';

/**
 * Reads for the two signed-in downloads, each with the client it belongs to: the routes show them to members of
 * that client only (requireClientAccess), anyone else gets the answer of an id that does not exist.
 */
/** The PDF of an invoice, as its download draws it; null when there is no such invoice. */
export async function invoicePdfOf(db: Db, invoiceId: number): Promise<Buffer | null> {
  const invoice = await findInvoice(db, invoiceId);
  return invoice ? renderInvoicePdf(invoice) : null;
}

export async function findInvoice(db: Db, rawId: number): Promise<(InvoiceForPdf & { clientId: number }) | null> {
  const id = asDbId(rawId);
  if (id === null) return null;
  const [row] = await db.select({
    clientId: invoices.clientId, number: invoices.number, issuedAt: invoices.issuedAt, amount: invoices.amount, vat: invoices.vat,
    document: invoiceDocuments.document,
  }).from(invoices)
    .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
    .where(eq(invoices.id, id));
  return row ?? null;
}

/**
 * The УПД of an invoice's order as its PDF is drawn (the invoice's document, the shipment's number and date, where the
 * order went and how); null when there is no such invoice or its order is not shipped.
 */
export async function findTransfer(db: Db, rawId: number): Promise<(TransferForPdf & { clientId: number }) | null> {
  const id = asDbId(rawId);
  if (id === null) return null;
  const [row] = await db.select({
    clientId: invoices.clientId, number: invoices.transferNumber, issuedAt: invoices.transferredAt, invoiceNumber: invoices.number,
    invoiceIssuedAt: invoices.issuedAt, paidAt: invoices.paidAt, document: invoiceDocuments.document,
    delivery: orders.delivery, trackingNumber: orders.trackingNumber,
  }).from(invoices)
    .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  if (!row || row.number === null || row.issuedAt === null) return null;
  const { delivery, trackingNumber, number, issuedAt, ...rest } = row;
  const shipment = [delivery?.name || delivery?.methodName, trackingNumber ? `трек-номер ${trackingNumber}` : '']
    .filter(Boolean).join(', ');
  return { ...rest, number, issuedAt, consigneeAddress: delivery?.address ?? '', shipment: shipment || '—' };
}

/** An order's invoice as its PDF is drawn, with when it was paid; null before the order is approved. */
export async function findOrderInvoice(db: Db, orderId: number): Promise<(InvoiceForPdf & { id: number; paidAt: Date | null }) | null> {
  const [row] = await db.select({
    id: invoices.id, number: invoices.number, issuedAt: invoices.issuedAt, amount: invoices.amount, vat: invoices.vat, paidAt: invoices.paidAt,
    document: invoiceDocuments.document,
  }).from(invoices)
    .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
    .where(eq(invoices.orderId, orderId));
  return row ?? null;
}

/** An order line as its files download names it, with the project version's upload (null: entered by hand). */
export interface OrderLineOfFiles { clientId: number; orderNumber: string; title: string; uploadId: string | null }

export async function findOrderLine(db: Db, rawOrderId: number, rawLineId: number): Promise<OrderLineOfFiles | null> {
  const orderId = asDbId(rawOrderId);
  const lineId = asDbId(rawLineId);
  if (orderId === null || lineId === null) return null;
  const [line] = await db.select({
    clientId: orders.clientId, orderNumber: orders.number, title: orderLines.title, uploadId: projectVersions.uploadId,
  })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(projectVersions, eq(projectVersions.id, orderLines.versionId))
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
  return line ?? null;
}

/** Names inside an archive must be unique; a repeated one gets ' (2)', ' (3)' before its extension. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let copy = 2; taken.has(candidate); copy += 1) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${copy})${name.slice(dot)}` : `${name} (${copy})`;
  }
  taken.add(candidate);
  return candidate;
}

/** fflate's asynchronous zip compresses in a worker thread: up to 100 MB must not hold the event loop. */
const zipAsync = (entries: AsyncZippable) => new Promise<Uint8Array>((resolve, reject) => {
  zip(entries, (error, data) => (error ? reject(error) : resolve(data)));
});

/**
 * The files of the project version an order line was made from, read from the file store and zipped; null when its
 * version had no files (a project entered by hand).
 */
export async function zipLineFiles(db: Db, store: FileStore, line: OrderLineOfFiles): Promise<Uint8Array | null> {
  if (!line.uploadId) return null;
  const files = await db.select({ name: boardUploadFiles.name, key: boardUploadFiles.storeKey }).from(boardUploadFiles)
    .where(eq(boardUploadFiles.uploadId, line.uploadId)).orderBy(asc(boardUploadFiles.fileId));
  if (files.length === 0) return null;
  const taken = new Set<string>();
  const entries: AsyncZippable = {};
  for (const file of files) {
    const content = file.key ? await store.get(file.key) : null;
    if (content) entries[uniqueName(file.name, taken)] = new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
  }
  if (Object.keys(entries).length === 0) return null;
  return zipAsync(entries);
}
