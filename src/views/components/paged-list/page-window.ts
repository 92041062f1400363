import type { ListPage } from '../../../machines/list-paging/list-paging-types';

/** The pages that render their rows: first and last, 1-based, inclusive. */
export interface PageWindow {
  first: number;
  last: number;
}

/** The visible pages widened by `overscan` either side, within the list. */
export function pageWindow(visible: PageWindow, overscan: number, pageCount: number): PageWindow {
  return { first: Math.max(1, visible.first - overscan), last: Math.min(pageCount, visible.last + overscan) };
}

/** How many rows a page holds: the page size, or what is left of the count on the last page. */
export function rowsOfPage(page: ListPage<unknown>, pageSize: number, total: number): number {
  if (page.status === 'loaded') return page.items.length;
  return Math.max(0, Math.min(pageSize, total - (page.page - 1) * pageSize));
}

/**
 * Each page's height, px: measured when it was rendered, else its rows times the mean row height of the pages
 * measured so far (or the estimate, before any was).
 */
export function pageHeights<Item>(
  pages: readonly ListPage<Item>[], pageSize: number, total: number, rowHeight: number, measured: ReadonlyMap<number, number>,
): number[] {
  let measuredHeight = 0;
  let measuredRows = 0;
  for (const page of pages) {
    const height = measured.get(page.page);
    if (height === undefined) continue;
    measuredHeight += height;
    measuredRows += rowsOfPage(page, pageSize, total);
  }
  const meanRow = measuredRows > 0 ? measuredHeight / measuredRows : rowHeight;
  return pages.map((page) => measured.get(page.page) ?? Math.round(rowsOfPage(page, pageSize, total) * meanRow));
}
