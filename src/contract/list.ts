import { array, enums, integer, object, optional, size, type Infer } from 'superstruct';
import { text } from './fields';

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

export const countResponse = object({ count: size(integer(), 0, Number.MAX_SAFE_INTEGER) });
export type CountResponse = Infer<typeof countResponse>;

/** The form a list machine builds: the same for every list, narrowed by each list's struct at the gateway. */
export interface ListQuery {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: string; orderBy: SortDirection };
  search?: string;
  filters?: string[];
}
