import { PRODUCT_TYPES, type ProductType } from '../contract/board';
import {
  ORDER_LINE_FILTER_CODES, ORDER_LINE_SORT_CODES, ORDER_LINE_STATUSES, orderLinesList, orderLinesListCount,
  type OrderLineListItem, type OrderLineStatus,
} from '../contract/orders';
import { sendingBody } from './api';
import { narrowListQuery, listCallsOf } from './list-query';
import { readListSort, type ListSort } from './list-sort-prefs';
import { listServiceFor } from './swappable-calls';

/** The list's name in the log and in its sort cookies. */
const LIST = 'positions';
/** The positions list calls (menu 'Позиции': order lines); `provide` swaps them (tests) and returns the undo. */
export const { provide: provideOrderLinesCalls, flow: orderLinesListFlow } = listServiceFor<OrderLineListItem>(LIST, listCallsOf(
  narrowListQuery(ORDER_LINE_SORT_CODES, ORDER_LINE_FILTER_CODES), sendingBody(orderLinesListCount), sendingBody(orderLinesList)));

export type OrderLineSort = ListSort<(typeof ORDER_LINE_SORT_CODES)[number]>;
export const DEFAULT_ORDER_LINE_SORT: OrderLineSort = { code: 'createdAt', orderBy: 'desc' };
export const readOrderLineSort = (): OrderLineSort => readListSort(LIST, ORDER_LINE_SORT_CODES, DEFAULT_ORDER_LINE_SORT);

export const lineStatusOf = (value: string): OrderLineStatus | null => ORDER_LINE_STATUSES.find((code) => code === value) ?? null;
export const productTypeOf = (value: string | null): ProductType | null => PRODUCT_TYPES.find((code) => code === value) ?? null;
