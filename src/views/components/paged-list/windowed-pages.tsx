import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ListPage } from '../../../machines/list-paging/list-paging-types';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { createPageTracker } from './page-tracker';
import { pageHeights, pageWindow, type PageWindow } from './page-window';
import './paged-list.css';

export interface WindowedPagesProps<Item extends { id: number }> {
  /** The list machine's pages (`context.pages`), one per page of the count. */
  pages: readonly ListPage<Item>[];
  pageSize: number;
  /** The machine's count: the last page holds what is left of it. */
  total: number;
  /** About one row's height, px: placeholders use it until rendered pages are measured. */
  rowHeight: number;
  /** Pages that keep their rows either side of the visible ones; 1 by default. */
  overscan?: number;
  /** One row's content; the list wraps it in its `role="listitem"`. `index` counts from 0 over the whole list. */
  renderItem: (item: Item, index: number) => ReactNode;
  /** Keys a row (its list item); the item's id by default. */
  itemKey?: (item: Item) => string | number;
  /** A placeholder page scrolled into view: send `list.pageVisible`. */
  onPageVisible: (page: number) => void;
  /** 'Повторить' on a failed page: send `list.retryPage`. */
  onRetryPage: (page: number) => void;
  /** Accessible name of the list. */
  label: string;
  /** Already translated: a failed page's line and its button. */
  texts: { pageFailed: string; retry: string };
  className?: string;
  rowClassName?: string;
  /** The skeleton of a page being loaded. */
  skeleton?: { rows?: number; imageSize?: number };
}

const START: PageWindow = { first: 1, last: 1 };

/**
 * A lazy list that stays light however far it is scrolled (page 500 of 10 000 orders). Only pages near
 * the viewport (the visible ones ± `overscan`) render their rows; every other page is one empty block as tall as its
 * rows would be (measured once seen, else estimated), so the scroll height and the scrollbar stay right. A page
 * block scrolled into view asks for its page; a failed one offers 'Повторить'.
 */
export function WindowedPages<Item extends { id: number }>({
  pages, pageSize, total, rowHeight, overscan = 1, renderItem, itemKey = (item) => item.id, onPageVisible, onRetryPage,
  label, texts, className, rowClassName, skeleton,
}: WindowedPagesProps<Item>) {
  const [view, setView] = useState<{ visible: readonly number[]; anchor: PageWindow }>({ visible: [], anchor: START });
  const [tracker] = useState(() => createPageTracker((visible) => setView((current) => ({
    visible,
    // Nothing on screen (the list scrolled away above or below) keeps the last rows rendered.
    anchor: visible.length ? { first: visible[0] ?? 1, last: visible.at(-1) ?? 1 } : current.anchor,
  }))));
  const [measured, setMeasured] = useState<ReadonlyMap<number, number>>(new Map());
  const askPage = useRef(onPageVisible);
  useEffect(() => {
    askPage.current = onPageVisible;
  });

  useEffect(() => {
    tracker.start();
    return () => tracker.stop();
  }, [tracker]);

  const near = pageWindow(view.anchor, overscan, pages.length);
  const heights = pageHeights(pages, pageSize, total, rowHeight, measured);

  // A placeholder in view asks for its page; the machine ignores pages already asked for.
  useEffect(() => {
    for (const page of view.visible) {
      if (pages[page - 1]?.status === 'placeholder') askPage.current(page);
    }
  }, [view.visible, pages]);

  // Rendered pages are measured, so that they keep their height once they fall out of the window.
  useLayoutEffect(() => {
    let changes: Map<number, number> | null = null;
    for (const page of pages) {
      if (page.status !== 'loaded' || page.page < near.first || page.page > near.last) continue;
      const height = tracker.elementOf(page.page)?.getBoundingClientRect().height ?? 0;
      if (height > 0 && Math.abs(height - (measured.get(page.page) ?? 0)) > 0.5) {
        changes ??= new Map(measured);
        changes.set(page.page, height);
      }
    }
    if (changes) setMeasured(changes);
  }, [pages, near.first, near.last, tracker, measured]);

  return (
    <div role="list" aria-label={label} className={['windowed-pages', className].filter(Boolean).join(' ')}>
      {pages.map((page) => {
        const height = heights[page.page - 1] ?? 0;
        const inWindow = page.page >= near.first && page.page <= near.last;
        const common = { ref: tracker.refFor(page.page), 'data-page': page.page };
        if (!inWindow) {
          return <div key={page.page} {...common} className="windowed-pages__page windowed-pages__page--far" style={{ height }} aria-hidden="true" />;
        }
        if (page.status === 'loaded') {
          const offset = (page.page - 1) * pageSize;
          return (
            <div key={page.page} {...common} className="windowed-pages__page">
              {page.items.map((item, index) => (
                <div key={itemKey(item)} role="listitem" aria-posinset={offset + index + 1} aria-setsize={total} className={rowClassName}>
                  {renderItem(item, offset + index)}
                </div>
              ))}
            </div>
          );
        }
        if (page.status === 'failed') {
          return (
            <div key={page.page} {...common} className="windowed-pages__page windowed-pages__page--failed">
              <div role="listitem" className="windowed-pages__failed">
                <span>{texts.pageFailed}</span>
                <Button variant="link" onClick={() => onRetryPage(page.page)}>{texts.retry}</Button>
              </div>
            </div>
          );
        }
        return (
          <div key={page.page} {...common} className="windowed-pages__page windowed-pages__page--loading" style={{ height }}>
            <div role="listitem" aria-busy="true" className="windowed-pages__loading">
              <Skeleton rows={skeleton?.rows ?? 2} imageSize={skeleton?.imageSize ?? 24} announce={false} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
