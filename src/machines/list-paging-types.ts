import type { CountResponse, SortDirection } from '../contract/list';

/** Spec 9: a list loads 20 items a page unless it says otherwise. */
export const DEFAULT_LIST_PAGE_SIZE = 20;
/** Spec 9: pages that scroll into view within 500 ms are fetched together. */
export const SCROLL_DEBOUNCE_MS = 500;

/** The list form of spec 3 without its pagination: what a search, filter or sort changes. */
export interface ListFilterQuery {
  sort?: { code: string; orderBy: SortDirection };
  search?: string;
  filters?: string[];
}

export interface ListPagingInput {
  pageSize?: number;
  query?: ListFilterQuery;
}

/** A placeholder until the page is asked for; `loading` also covers a page waiting in the current batch. */
export type ListPageStatus = 'placeholder' | 'loading' | 'loaded' | 'failed';

export interface ListPage<Item> {
  /** 1-based, as the gateway counts. */
  page: number;
  status: ListPageStatus;
  items: Item[];
}

export interface ListPagingContext<Item> {
  query: ListFilterQuery;
  pageSize: number;
  /** Null until the count answered. */
  total: number | null;
  /** One per page: ceil(total / pageSize). */
  pages: ListPage<Item>[];
  /** Pages scrolled into view and waiting for the debounce to end. */
  requested: number[];
  /** The page the fetchPage call in flight asks for. */
  fetching: number | null;
}

export interface FetchPageInput {
  query: ListFilterQuery;
  page: number;
  itemsOnPage: number;
}

export type FetchCountOutput = CountResponse;

export type ListPagingEvent<Item> =
  | { type: 'list.setQuery'; query: ListFilterQuery }
  | { type: 'list.pageVisible'; page: number }
  | { type: 'list.reload' }
  | { type: 'list.retryPage'; page: number }
  | { type: 'list.updateItem'; id: number; changes: Partial<Item> };

/** The item shape of the registry's sample instance: an id and whatever fields a list carries. */
export interface AnyListItem {
  id: number;
  [field: string]: unknown;
}
