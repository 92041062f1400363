import { PRODUCT_TYPES, type ProductType } from '../contract/board';
import {
  ORDER_LINE_FILTER_CODES, ORDER_LINE_SORT_CODES, ORDER_LINE_STATUSES, orderLinesList, orderLinesListCount,
  type OrderLineListItem, type OrderLineStatus,
} from '../contract/orders';
import { callApi } from './api';
import { narrowListQuery, pagedListCalls } from './list-query';
import { readListSort, type ListSort } from './list-sort-prefs';
import { listFlowFor, swappableCalls, type ListCalls } from './swappable-calls';

/** The positions list calls (menu 'Позиции': order lines); tests replace them with `provideOrderLinesCalls`. */
export type OrderLinesCalls = ListCalls<OrderLineListItem>;

const lineQuery = narrowListQuery(ORDER_LINE_SORT_CODES, ORDER_LINE_FILTER_CODES);

const realCalls: OrderLinesCalls = pagedListCalls(lineQuery, (body, signal) => callApi(orderLinesListCount, { body, signal }),
    (body, signal) => callApi(orderLinesList, { body, signal }));

const callsSlot = swappableCalls<OrderLinesCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideOrderLinesCalls = callsSlot.provide;

/** The list's name in the log and in its sort cookies. */
const LIST = 'positions';
export const orderLinesListFlow = listFlowFor<OrderLineListItem>(LIST, callsSlot.current);

export type OrderLineSort = ListSort<(typeof ORDER_LINE_SORT_CODES)[number]>;
export const DEFAULT_ORDER_LINE_SORT: OrderLineSort = { code: 'createdAt', orderBy: 'desc' };
export const readOrderLineSort = (): OrderLineSort => readListSort(LIST, ORDER_LINE_SORT_CODES, DEFAULT_ORDER_LINE_SORT);

export const lineStatusOf = (value: string): OrderLineStatus | null => ORDER_LINE_STATUSES.find((code) => code === value) ?? null;
export const productTypeOf = (value: string | null): ProductType | null => PRODUCT_TYPES.find((code) => code === value) ?? null;
