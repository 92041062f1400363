import type { CountResponse, SortDirection } from '../../contract/list';

/** A list loads 20 items a page unless it says otherwise. */
export const DEFAULT_LIST_PAGE_SIZE = 20;
/** Pages that scroll into view within 500 ms are fetched together. */
export const SCROLL_DEBOUNCE_MS = 500;
/** Typing pauses this long before the list is asked again: a word typed is one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 400;

/** One sort of a list: a code its contract knows and a direction. */
export interface ListQuerySort {
  code: string;
  orderBy: SortDirection;
}

/** The list form of the product spec without its pagination: what a search, filter or sort changes. */
export interface ListFilterQuery {
  sort?: ListQuerySort;
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
  /** What the list was asked with: the search in it is the typed text once typing paused, trimmed. */
  query: ListFilterQuery;
  /** The search box as typed, ahead of the query while typing goes on. */
  searchText: string;
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
  | { type: 'list.search'; text: string }
  | { type: 'list.sort'; sort: ListQuerySort }
  | { type: 'list.filter'; filters: readonly string[] }
  | { type: 'list.pageVisible'; page: number }
  | { type: 'list.reload' }
  | { type: 'list.retryPage'; page: number }
  | { type: 'list.updateItem'; id: number; changes: Partial<Item> };

/** What a list shows, one tag per settled look of the paging region. */
export type ListPhase = 'counting' | 'empty' | 'failed' | 'ready';

/** The item shape of the registry's sample instance: an id and whatever fields a list carries. */
export interface AnyListItem {
  id: number;
  [field: string]: unknown;
}
