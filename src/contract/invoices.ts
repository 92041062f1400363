import { integer, nullable, number, object, string, type Infer } from 'superstruct';
import { isoDateTime } from './fields';
import { listQueryOf, pagedListCalls } from './list';

/** An invoice ('Счёт на оплату'), issued when the engineering check approves the order (docs/decisions.md). */
export const invoiceSummary = object({
  id: integer(),
  number: string(),
  orderId: integer(),
  orderNumber: string(),
  clientId: integer(),
  clientName: string(),
  payerName: string(),
  payerInn: string(),
  amount: number(),
  vat: number(),
  issuedAt: isoDateTime,
  paidAt: nullable(isoDateTime),
  /** `/files/invoices/{id}.pdf`, served with the Authorization header to members of the client only. */
  pdfUrl: string(),
  /** The УПД issued at shipment: `/files/transfers/{id}.pdf` (the invoice's id), as the invoice's; null before. */
  transferPdfUrl: nullable(string()),
});
export type InvoiceSummary = Infer<typeof invoiceSummary>;

export const INVOICE_SORT_CODES = ['issuedAt', 'number', 'amount'] as const;
export const INVOICE_FILTER_CODES = ['paid', 'unpaid'] as const;
export const invoiceListQuery = listQueryOf(INVOICE_SORT_CODES, INVOICE_FILTER_CODES);

const INVOICES = '/catalog-viewer/v2/invoices';
export const { count: invoicesListCount, list: invoicesList } =
  pagedListCalls(INVOICES, 'user', invoiceListQuery, invoiceSummary);

export const INVOICE_PDF_PATH = '/files/invoices';
export const invoicePdfUrl = (id: number): string => `${INVOICE_PDF_PATH}/${id}.pdf`;
/** The УПД (универсальный передаточный документ) of an invoice's order, once shipped. */
export const TRANSFER_PDF_PATH = '/files/transfers';
export const transferPdfUrl = (invoiceId: number): string => `${TRANSFER_PDF_PATH}/${invoiceId}.pdf`;
export const ORDER_FILES_PATH = '/files/orders';
export const orderLineFilesUrl = (orderId: number, lineId: number): string => `${ORDER_FILES_PATH}/${orderId}/lines/${lineId}.zip`;
