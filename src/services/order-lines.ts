import { PRODUCT_TYPES, type ProductType } from '../contract/board';
import {
  ORDER_LINE_FILTER_CODES, ORDER_LINE_SORT_CODES, ORDER_LINE_STATUSES, orderLinesList, orderLinesListCount,
  type OrderLineListItem, type OrderLineStatus,
} from '../contract/orders';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging-types';
import { callApi } from './api';
import { narrowListQuery } from './list-query';
import { readListSort, writeListSort, type ListSort } from './list-sort-prefs';
import { listMachineOf, swappableGateway, type ListCalls } from './swappable-gateway';

/** The positions list calls (menu 'Позиции': order lines); tests replace them with `provideOrderLinesGateway`. */
export type OrderLinesGateway = ListCalls<OrderLineListItem>;

const lineQuery = narrowListQuery(ORDER_LINE_SORT_CODES, ORDER_LINE_FILTER_CODES);

const callGateway: OrderLinesGateway = {
  count: async (query, signal) => (await callApi(orderLinesListCount, { body: lineQuery(query), signal })).count,
  list: (input: FetchPageInput, signal) => callApi(orderLinesList, {
    body: { ...lineQuery(input.query), pagination: { page: input.page, itemsOnPage: input.itemsOnPage } }, signal,
  }),
};

const gatewaySlot = swappableGateway<OrderLinesGateway>(callGateway);
/** Swaps the calls (tests); returns the undo. */
export const provideOrderLinesGateway = gatewaySlot.provide;

export const orderLinesListMachine = listMachineOf<OrderLineListItem>('positions', gatewaySlot.current);

export type OrderLineSort = ListSort<(typeof ORDER_LINE_SORT_CODES)[number]>;
const LIST = 'positions';
export const DEFAULT_ORDER_LINE_SORT: OrderLineSort = { code: 'createdAt', orderBy: 'desc' };
export const readOrderLineSort = (): OrderLineSort => readListSort(LIST, ORDER_LINE_SORT_CODES, DEFAULT_ORDER_LINE_SORT);
export const writeOrderLineSort = (sort: OrderLineSort): void => writeListSort(LIST, sort);

export const lineStatusOf = (value: string): OrderLineStatus | null => ORDER_LINE_STATUSES.find((code) => code === value) ?? null;
export const productTypeOf = (value: string | null): ProductType | null => PRODUCT_TYPES.find((code) => code === value) ?? null;

/** A line status and a product type are both filter codes of the contract; the gateway ANDs the two groups. */
export function orderLineListQuery(
  status: OrderLineStatus | null, productType: ProductType | null, sort: OrderLineSort, search: string,
): ListFilterQuery {
  const filters = [...(status ? [status] : []), ...(productType ? [productType] : [])];
  return {
    sort: { code: sort.code, orderBy: sort.orderBy },
    ...(search ? { search } : {}),
    ...(filters.length ? { filters } : {}),
  };
}
