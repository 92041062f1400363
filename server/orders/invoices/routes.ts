import type { FastifyInstance } from 'fastify';
import * as contract from '../../../src/contract/invoices';
import type { NotFound } from '../../client-access/check';
import { requireFileReader } from '../../client-access/file-access';
import type { GatewayContext } from '../../context';
import { ApiError } from '../../http/errors';
import { asciiName, safeName, sendFile } from '../../http/private-file';
import { registerCall, signedIn } from '../../http/register-call';
import { findInvoice, findOrderLine, findTransfer, zipLineFiles } from './files';
import { countInvoices, listInvoices } from './list';
import { renderInvoicePdf } from './pdf';
import { renderTransferPdf } from './transfer-pdf';

const PDF_FILE = /^(\d{1,10})\.pdf$/;
const ZIP_FILE = /^(\d{1,10})\.zip$/;
/** A file the caller may not see answers as one that does not exist. */
const NOT_FOUND: NotFound = { key: 'notFound' };
const notFound = () => new ApiError(404, 'notFound', {}, { code: 'not_found' });

/**
 * Invoices: the list and its count over every client the user is a member of; the PDF of one invoice, its
 * УПД once shipped and the files of one order line under /files/ with the Authorization header, for
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
