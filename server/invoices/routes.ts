import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '../../src/contract/invoices';
import { authenticate } from '../auth/sessions';
import type { NotFound } from '../client-access/check';
import { requireFileReader } from '../staff/file-access';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { findInvoice, findOrderLine, findTransfer, zipLineFiles } from './files';
import { countInvoices, listInvoices } from './list';
import { renderInvoicePdf } from './pdf';
import { renderTransferPdf } from './transfer-pdf';
import { invoicesExportQuery, ordersExportQuery } from '../../src/contract/exports';
import { ordersTable } from '../orders/export';
import { pickLang } from '../http/messages';
import { validateInput } from '../http/validation';
import { toCsv, toXlsx } from '../exports/table';
import { invoicesTable } from './export';

const PDF_FILE = /^(\d{1,10})\.pdf$/;
const ZIP_FILE = /^(\d{1,10})\.zip$/;
const EXPORT_FILE = /^(invoices|orders)\.(csv|xlsx)$/;
/** A file the caller may not see answers as one that does not exist. */
const NOT_FOUND: NotFound = { key: 'notFound' };
const notFound = () => new ApiError(404, 'notFound', {}, { code: 'not_found' });

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves but the RFC does not. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
/** Latin letters, digits and dashes only, for clients that ignore filename*. */
const asciiName = (value: string) => value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
/** Slashes, quotes and control characters have no place in a saved file's name. */
const safeName = (value: string) => value.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();

/**
 * The document is the customer's own business data: never cached anywhere, never sniffed into something else,
 * and named in Russian for the browser's save dialog with an ASCII fallback.
 */
function sendFile(reply: FastifyReply, type: string, ascii: string, russian: string, body: Uint8Array) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${rfc5987(russian)}`)
    .header('cache-control', 'private, no-store')
    .header('vary', 'Authorization')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/**
 * Invoices (issue 7): the list and its count over every client the user is a member of; the PDF of one invoice, its
 * УПД once shipped (issue 32) and the files of one order line under /files/ with the Authorization header, for
 * members of the client only.
 */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.invoicesListCount, async (input) =>
    ({ count: await countInvoices(ctx.db, signedIn(input).userId, input.body) }));

  registerCall(app, ctx, contract.invoicesList, async (input) => listInvoices(ctx.db, signedIn(input).userId, input.body));

  app.get<{ Params: { file: string } }>(`${contract.INVOICE_PDF_PATH}/:file`, async (request, reply) => {
    const id = PDF_FILE.exec(request.params.file)?.[1];
    const found = id === undefined ? null : await findInvoice(ctx.db, Number(id));
    const invoice = await requireFileReader(ctx, request.headers.authorization, found, NOT_FOUND);
    const pdf = await renderInvoicePdf(invoice);
    const number = invoice.number;
    return sendFile(reply, 'application/pdf', `invoice-${asciiName(number) || id}.pdf`, `Счёт ${safeName(number)}.pdf`, pdf);
  });

  // A list as a file (issue 32): the caller's invoices or orders with the list's search, filters and sort, in the
  // caller's language.
  app.get<{ Params: { file: string } }>('/files/exports/:file', async (request, reply) => {
    const auth = await authenticate(ctx, request.headers.authorization, 'user');
    const [, list, format] = EXPORT_FILE.exec(request.params.file) ?? [];
    if (format !== 'csv' && format !== 'xlsx') throw notFound();
    const raw = { ...(request.query as object) };
    const lang = pickLang(request.headers['accept-language']);
    const table = list === 'orders'
      ? await ordersTable(ctx.db, auth.userId, validateInput(raw, ordersExportQuery, 'query'), lang)
      : await invoicesTable(ctx.db, auth.userId, validateInput(raw, invoicesExportQuery, 'query'), lang);
    const body = format === 'csv' ? toCsv(table) : toXlsx(table);
    const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return sendFile(reply, type, `${list ?? 'export'}.${format}`, `${table.sheet}.${format}`, body);
  });

  // The УПД of a shipped order: the invoice's id, the same access as the invoice's PDF; 404 before the shipment.
  app.get<{ Params: { file: string } }>(`${contract.TRANSFER_PDF_PATH}/:file`, async (request, reply) => {
    const id = PDF_FILE.exec(request.params.file)?.[1];
    const found = id === undefined ? null : await findTransfer(ctx.db, Number(id));
    const transfer = await requireFileReader(ctx, request.headers.authorization, found, NOT_FOUND);
    const pdf = await renderTransferPdf(transfer);
    return sendFile(reply, 'application/pdf', `upd-${asciiName(transfer.number) || id}.pdf`, `УПД ${safeName(transfer.number)}.pdf`, pdf);
  });

  app.get<{ Params: { orderId: string; file: string } }>(`${contract.ORDER_FILES_PATH}/:orderId/lines/:file`, async (request, reply) => {
    const lineId = ZIP_FILE.exec(request.params.file)?.[1];
    const orderId = /^\d{1,10}$/.test(request.params.orderId) ? Number(request.params.orderId) : null;
    const found = lineId === undefined || orderId === null ? null : await findOrderLine(ctx.db, orderId, Number(lineId));
    const line = await requireFileReader(ctx, request.headers.authorization, found, NOT_FOUND);
    const zip = await zipLineFiles(ctx.db, ctx.files, line);
    if (!zip) throw notFound();
    const ascii = `order-${asciiName(line.orderNumber) || orderId}-line-${lineId}.zip`;
    return sendFile(reply, 'application/zip', ascii, `${safeName(`${line.orderNumber} ${line.title}`)}.zip`, zip);
  });
}
