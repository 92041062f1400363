import { INVOICE_FILTER_CODES, INVOICE_SORT_CODES, invoicesList, invoicesListCount, type InvoiceSummary } from '../contract/invoices';
import type { ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { sendingBody } from './api';
import { listCallsOf, narrowListQuery, statusViewOfSearch } from './list-query';
import { readListSort, type ListSort } from './list-sort-prefs';
import { listServiceFor } from './swappable-calls';

/** The list's name in the log and in its sort cookies. */
const LIST = 'invoices';
/** The invoices list calls (menu 'Счета'); `provide` swaps them (tests) and returns the undo. */
export const { provide: provideInvoicesCalls, flow: invoicesListFlow } = listServiceFor<InvoiceSummary>(LIST, listCallsOf(
  narrowListQuery(INVOICE_SORT_CODES, INVOICE_FILTER_CODES), sendingBody(invoicesListCount), sendingBody(invoicesList)));

/** 'all' or one of the contract's filter codes, kept in `?status=` so a reload keeps it. */
export type InvoiceView = 'all' | (typeof INVOICE_FILTER_CODES)[number];
/** Unpaid before paid: what is still to pay is what the accountant looks for. */
export const INVOICE_VIEWS: readonly InvoiceView[] = ['all', 'unpaid', 'paid'];

/** The view a URL's `?status=` names; invoices have no favourites, so `?favorite=` leaves the list whole. */
export function invoiceViewOfSearch(search: string): InvoiceView {
  const view = statusViewOfSearch(search, INVOICE_FILTER_CODES);
  return view === 'favorite' ? 'all' : view;
}

/** The query string of a view: only `?status=` changes, other parameters of `search` kept. */
export function searchOfInvoiceView(view: InvoiceView, search = ''): string {
  const params = new URLSearchParams(search);
  if (view === 'all') params.delete('status');
  else params.set('status', view);
  return params.toString();
}

export type InvoiceSort = ListSort<(typeof INVOICE_SORT_CODES)[number]>;
/** The newest invoice first: the one the accountant is asked about. */
export const DEFAULT_INVOICE_SORT: InvoiceSort = { code: 'issuedAt', orderBy: 'desc' };
export const readInvoiceSort = (): InvoiceSort => readListSort(LIST, INVOICE_SORT_CODES, DEFAULT_INVOICE_SORT);

/** A view is one filter code of the contract; 'all' filters nothing. */
export const invoiceFiltersOf = (view: InvoiceView): string[] => (view === 'all' ? [] : [view]);

/** What the list asks the gateway first: the view and the remembered sort; the search starts empty. */
export function invoiceListQuery(view: InvoiceView, sort: InvoiceSort): ListFilterQuery {
  const filters = invoiceFiltersOf(view);
  return { sort: { code: sort.code, orderBy: sort.orderBy }, ...(filters.length ? { filters } : {}) };
}

/** The name a saved invoice gets: its number, with what a file system refuses replaced. */
export const invoiceFileName = (number: string): string => `${number.replace(/[\\/:*?"<>|\s]+/g, '_')}.pdf`;
