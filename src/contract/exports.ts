import { array, enums, object, optional, size, type Infer } from 'superstruct';
import { union } from './union';
import { text } from './fields';
import { INVOICE_FILTER_CODES, INVOICE_SORT_CODES } from './invoices';
import { sortDirections } from './list';
import { ORDER_FILTER_CODES, ORDER_SORT_CODES } from './orders';

/** Exports of a list: the rows the list shows with its search, tab and sort, as CSV or XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most rows one export carries: the deepest a list pages (server/lists/paging.ts). */
export const EXPORT_MAX_ROWS = 100_000;

/** GET /files/exports/invoices.<format>?search=&filter=&sort=&orderBy=, with the Authorization header. */
export const INVOICES_EXPORT_PATH = '/files/exports/invoices';
export const invoicesExportQuery = object({
  search: optional(text(200)),
  filter: optional(enums(INVOICE_FILTER_CODES)),
  sort: optional(enums(INVOICE_SORT_CODES)),
  orderBy: optional(enums(sortDirections)),
});
export type InvoicesExportQuery = Infer<typeof invoicesExportQuery>;

/** The address of an export: only the parts of the list's form that are set. */
export function invoicesExportUrl(format: ExportFormat, query: InvoicesExportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${INVOICES_EXPORT_PATH}.${format}${search ? `?${search}` : ''}`;
}

/** GET /files/exports/orders.<format>?search=&filter=…&filter=…&sort=&orderBy=: the orders list's form, filters repeated. */
export const ORDERS_EXPORT_PATH = '/files/exports/orders';
export const ordersExportQuery = object({
  search: optional(text(200)),
  filter: optional(union([enums(ORDER_FILTER_CODES), size(array(enums(ORDER_FILTER_CODES)), 0, ORDER_FILTER_CODES.length)])),
  sort: optional(enums(ORDER_SORT_CODES)),
  orderBy: optional(enums(sortDirections)),
});
export type OrdersExportQuery = Infer<typeof ordersExportQuery>;

export function ordersExportUrl(format: ExportFormat, query: OrdersExportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== '') params.append(key, String(one));
  }
  const search = params.toString();
  return `${ORDERS_EXPORT_PATH}.${format}${search ? `?${search}` : ''}`;
}
