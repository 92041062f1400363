import {
  acceptEngineerCorrection, addOrderComplaint, addOrderReview, answerEngineerRequest, cancelOrder, cancelOrderComplaint, getOrder,
  ORDER_FILTER_CODES, ORDER_FILTER_STATUSES, ORDER_SORT_CODES, ordersList, ordersListCount, reorder, setOrderFavorite,
  type Order, type OrderComplaint, type OrderReview, type OrderSummary, type Rating,
} from '../contract/orders';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging/list-paging-types';
import type { ViewCounters } from './list-counters';
import { ApiError, callApi, sendingBody } from './api';
import { notifyCallFailure } from './call-failure';
import { t } from './i18n';
import { fetchSignedInFile, SignedInFileError, saveFile } from './invoice-files';
import { narrowListQuery, listCallsOf, searchOfStatusView, statusViewOfSearch } from './list-query';
import { readListSort, type ListSort } from './list-sort-prefs';
import { listFlowFor, swappableCalls } from './swappable-calls';

export interface ReorderResult {
  cartTotal: number;
  added: number;
  skipped: number;
}

/** Every orders call the pages make; tests replace them with `provideOrdersCalls`. */
export interface OrdersCalls {
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<OrderSummary[]>;
  get(id: number, signal?: AbortSignal): Promise<Order>;
  setFavorite(id: number, isFavorite: boolean): Promise<unknown>;
  cancel(id: number, reason: string): Promise<Order>;
  reorder(id: number): Promise<ReorderResult>;
  addReview(orderId: number, rating: Rating, text: string): Promise<OrderReview>;
  addComplaint(orderId: number, lineId: number | null, text: string): Promise<OrderComplaint>;
  cancelComplaint(id: number): Promise<OrderComplaint>;
  /** The customer's answer to an engineer's 'decision' request; the answer is the order as it is then. */
  answerRequest(orderId: number, requestId: number, answer: string): Promise<Order>;
  /** The customer accepts or declines an engineer's corrected parameters; the answer is the order then. */
  acceptCorrection(orderId: number, requestId: number, accept: boolean): Promise<Order>;
  /** Uploads one line's files to an order awaiting them and attaches them. */
  attachFiles(order: Pick<Order, 'id' | 'clientId'>, lineId: number, items: readonly unknown[]): Promise<Order>;
  /** Saves a members-only file (a line's files zip, the invoice PDF) under `fileName`. */
  download(url: string, fileName: string): Promise<void>;
}

const orderQuery = narrowListQuery(ORDER_SORT_CODES, ORDER_FILTER_CODES);

/** A members-only file (a line's zip, the invoice PDF) saved under `fileName`; a refusal becomes the page's words. */
async function downloadSignedIn(url: string, fileName: string): Promise<void> {
  try {
    saveFile(await fetchSignedInFile(url), fileName);
  } catch (error) {
    if (!(error instanceof SignedInFileError)) throw error;
    throw new ApiError(error.status, t(error.status === 404 ? 'orders.download.notFound' : 'orders.download.failed'));
  }
}

const realCalls: OrdersCalls = {
  ...listCallsOf(orderQuery, sendingBody(ordersListCount), sendingBody(ordersList)),
  get: (id, signal) => callApi(getOrder, { query: { id: String(id) }, signal }),
  setFavorite: (id, isFavorite) => callApi(setOrderFavorite, { body: { id, isFavorite } }),
  cancel: (id, reason) => callApi(cancelOrder, { body: { id, reason } }),
  reorder: (id) => callApi(reorder, { body: { id } }),
  addReview: (orderId, rating, text) => callApi(addOrderReview, { body: { orderId, rating, text } }),
  addComplaint: (orderId, lineId, text) => callApi(addOrderComplaint, { body: { orderId, lineId, text } }),
  cancelComplaint: (id) => callApi(cancelOrderComplaint, { body: { id } }),
  answerRequest: (orderId, requestId, answer) => callApi(answerEngineerRequest, { body: { orderId, requestId, answer } }),
  acceptCorrection: (orderId, requestId, accept) => callApi(acceptEngineerCorrection, { body: { orderId, requestId, accept } }),
  // The upload's parts (zip packing, the DFM watch) load with the first upload, not with every list of orders.
  attachFiles: (order, lineId, items) => import('./order-files').then((files) => files.uploadOrderFiles(order, lineId, items)),
  download: downloadSignedIn,
};

const callsSlot = swappableCalls<OrdersCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideOrdersCalls = callsSlot.provide;
export const ordersCalls = callsSlot.current;

/** The list's name in the log and in its sort cookies. */
const LIST = 'orders';
export const ordersListFlow = listFlowFor<OrderSummary>(LIST, callsSlot.current);

/**
 * Whether a fresh copy of the order shown differs in what the menu counters count (status, hold, favourite): then a
 * change was made elsewhere and the counters are stale. Another order (the page moved on) is not a change.
 */
export const isCountedChange = (shown: OrderSummary | null, fresh: OrderSummary): boolean =>
  shown !== null && shown.id === fresh.id
  && (shown.status !== fresh.status || (shown.holdReason === null) !== (fresh.holdReason === null) || shown.isFavorite !== fresh.isFavorite);

/** The order page asks again this often while its tab is visible, so the manufacturer's changes show by themselves. */
export const ORDER_REFRESH_MS = 15_000;

// The views of /orders: the product spec's query filters (statuses and favourites), plus the cancelled ones (ours), named in the query.

export const ORDER_VIEWS = ['all', ...ORDER_FILTER_STATUSES, 'favorite', 'canceled'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
const STATUS_VIEWS: readonly OrderView[] = [...ORDER_FILTER_STATUSES, 'canceled'];

/** The views a menu counter counts too: their tabs show it, and a list count that differs refreshes it. */
export const ORDER_VIEW_COUNTERS: ViewCounters = {
  all: (counters) => counters.orders.total,
  waiting_for_payment: (counters) => counters.orders.waitingForPayment,
  favorite: (counters) => counters.favorite.totalOrder,
};

export const orderViewOfSearch = (search: string): OrderView => statusViewOfSearch(search, STATUS_VIEWS);
export const searchOfOrderView = (view: OrderView, search = ''): string => searchOfStatusView(view, search);

type SortCode = (typeof ORDER_SORT_CODES)[number];
export type OrderSort = ListSort<SortCode>;

/** A view is one filter code of the contract; 'all' filters nothing. */
export const orderFiltersOf = (view: OrderView): string[] => (view === 'all' ? [] : [view]);

/** What the list asks the gateway first: the view and the remembered sort; the search starts empty. */
export function orderListQuery(view: OrderView, sort: OrderSort): ListFilterQuery {
  const filters = orderFiltersOf(view);
  return { sort: { code: sort.code, orderBy: sort.orderBy }, ...(filters.length ? { filters } : {}) };
}

// Sorts (cookies sort-type-orders / sort-order-orders); the product spec's default: creation, oldest first.

export const DEFAULT_ORDER_SORT: OrderSort = { code: 'createdAt', orderBy: 'asc' };
export const readOrderSort = (): OrderSort => readListSort(LIST, ORDER_SORT_CODES, DEFAULT_ORDER_SORT);

/** A file name a line's zip is saved under: the order number and the line's title, without path characters. */
export function lineFilesName(orderNumber: string, title: string): string {
  return `${orderNumber} ${title}`.replace(/[\\/:*?"<>|]+/g, '_').trim().concat('.zip');
}

export const notifyOrderFailure = (error: unknown): void => notifyCallFailure('orders', error);
