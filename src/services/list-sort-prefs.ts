import { sortDirections, type SortDirection } from '../contract/list';
import { PREFERENCE_COOKIE_MAX_AGE, readCookie, writeCookie } from './cookies';

export interface ListSort<Code extends string = string> {
  code: Code;
  orderBy: SortDirection;
}

const typeCookie = (list: string) => `sort-type-${list}`;
const orderCookie = (list: string) => `sort-order-${list}`;

/**
 * The sort the user last chose for a list ('projects', 'orders', 'clients'…), or `fallback` (the list's default
 * sort of the product spec). A code the list no longer offers (a cookie from an older build) falls back too, since the
 * gateway would answer it with 400.
 */
export function readListSort<Code extends string>(
  list: string,
  codes: readonly Code[],
  fallback: ListSort<Code>,
  cookies?: string,
): ListSort<Code> {
  const code = readCookie(typeCookie(list), cookies);
  const orderBy = readCookie(orderCookie(list), cookies);
  const knownCode = codes.find((candidate) => candidate === code);
  const knownOrder = sortDirections.find((candidate) => candidate === orderBy);
  return knownCode ? { code: knownCode, orderBy: knownOrder ?? fallback.orderBy } : fallback;
}

/** Remembers a list's sort in the `sort-type-{list}` and `sort-order-{list}` cookies. */
export function writeListSort(list: string, sort: ListSort): void {
  writeCookie(typeCookie(list), sort.code, PREFERENCE_COOKIE_MAX_AGE);
  writeCookie(orderCookie(list), sort.orderBy, PREFERENCE_COOKIE_MAX_AGE);
}
