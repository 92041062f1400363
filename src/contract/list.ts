import { array, enums, integer, number, object, optional, size, string, type Infer, type Struct } from 'superstruct';
import { defineCall, type CallAccess } from './call';
import { entityId, okResponse, text } from './fields';

/** The largest page any list asks for (the product spec's limit; 20 a page unless a list says otherwise, as the list machine does). */
export const MAX_PAGE_SIZE = 200;

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

const pageNumber = size(integer(), 1, 1_000_000);
const itemsOnPage = size(integer(), 1, MAX_PAGE_SIZE);

/**
 * The product spec's list form (pagination, sort, search, filters) for one list: its sort codes and filter codes are
 * enums, so the gateway answers 400 naming the field for a code it does not know.
 */
export function listQueryOf<SortCode extends string, FilterCode extends string>(
  sortCodes: readonly [SortCode, ...SortCode[]],
  filterCodes: readonly [FilterCode, ...FilterCode[]],
) {
  const shape = {
    sort: optional(object({ code: enums(sortCodes), orderBy: enums(sortDirections) })),
    search: optional(text(200)),
    filters: optional(size(array(enums(filterCodes)), 0, filterCodes.length)),
  };
  return {
    /** List: one page. */
    list: object({ pagination: object({ page: pageNumber, itemsOnPage }), ...shape }),
    /** ListCount: the same form; a page, when sent, is ignored. */
    count: object({ pagination: optional(object({ page: pageNumber, itemsOnPage })), ...shape }),
  };
}

/** The list form of a client's things (contacts, payers): every such list names the client. */
export function clientListQueryOf<SortCode extends string, FilterCode extends string>(
  sortCodes: readonly [SortCode, ...SortCode[]],
  filterCodes: readonly [FilterCode, ...FilterCode[]],
) {
  const form = listQueryOf(sortCodes, filterCodes);
  return {
    list: object({ clientId: entityId, ...form.list.schema }),
    count: object({ clientId: entityId, ...form.count.schema }),
  };
}

export const countResponse = object({ count: size(integer(), 0, Number.MAX_SAFE_INTEGER) });
export type CountResponse = Infer<typeof countResponse>;

/** A paged list's two calls below `base`: ListCount (how many match the form) and List (one page of items). */
export function pagedListCalls<ListBody, CountBody, Item>(
  base: string,
  access: CallAccess,
  query: { list: Struct<ListBody, unknown>; count: Struct<CountBody, unknown> },
  item: Struct<Item, unknown>,
) {
  return {
    count: defineCall({ method: 'POST', path: `${base}/ListCount`, access, body: query.count, response: countResponse }),
    list: defineCall({ method: 'POST', path: `${base}/List`, access, body: query.list, response: array(item) }),
  };
}

/** The form a list machine builds: the same for every list, narrowed by each list's struct at the gateway. */
export interface ListQuery {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: string; orderBy: SortDirection };
  search?: string;
  filters?: string[];
}

/** What `object()` takes: superstruct does not export the name. */
type Schema = Parameters<typeof object>[0];

/** A client's thing as the gateway answers it: its own fields between the id, the client's id and the timestamps. */
export function clientRecordOf<S extends Schema>(fields: S) {
  return object({ id: number(), clientId: number(), ...fields, createdAt: string(), updatedAt: string() });
}

/** Create (for a client), Update and Delete (by id) of a client's thing below `base`; the caller must be a member. */
export function clientRecordCalls<S extends Schema, Item>(base: string, fields: S, record: Struct<Item, unknown>) {
  return {
    create: defineCall({
      method: 'POST', path: `${base}/Create`, access: 'user', body: object({ clientId: entityId, ...fields }), response: record,
    }),
    update: defineCall({
      method: 'POST', path: `${base}/Update`, access: 'user', body: object({ id: entityId, ...fields }), response: record,
    }),
    remove: defineCall({
      method: 'DELETE', path: `${base}/Delete`, access: 'user', body: object({ id: entityId }), response: okResponse,
    }),
  };
}
