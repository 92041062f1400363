// @vitest-environment jsdom
import './dom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListPage, ListPageStatus } from '../../src/machines/list-paging/list-paging-types';
import { WindowedPages } from '../../src/views/components/paged-list/windowed-pages';
import { scrollableViewport } from './windowed-pages-harness';

interface Row {
  id: number;
  name: string;
}

const PAGE_SIZE = 20;
const ROW_HEIGHT = 90;

/** `total` rows in pages of 20; every page loaded unless `statuses` says otherwise. */
function pagesOf(total: number, statuses: Record<number, ListPageStatus> = {}): ListPage<Row>[] {
  return Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, index) => {
    const page = index + 1;
    const status = statuses[page] ?? 'loaded';
    const first = index * PAGE_SIZE;
    const items = status === 'loaded'
      ? Array.from({ length: Math.min(PAGE_SIZE, total - first) }, (_, row) => ({ id: first + row + 1, name: `Заказ ${first + row + 1}` }))
      : [];
    return { page, status, items };
  });
}

let viewport: ReturnType<typeof scrollableViewport> | null = null;
afterEach(() => {
  cleanup();
  viewport?.restore();
  viewport = null;
  vi.restoreAllMocks();
});

function renderList(pages: ListPage<Row>[], total: number) {
  viewport = scrollableViewport();
  const asked: number[] = [];
  const retried: number[] = [];
  const props = {
    pageSize: PAGE_SIZE,
    total,
    rowHeight: ROW_HEIGHT,
    label: 'Заказы',
    texts: { pageFailed: 'Не загрузилось', retry: 'Повторить' },
    renderItem: (row: Row) => <span>{row.name}</span>,
    onPageVisible: (page: number) => asked.push(page),
    onRetryPage: (page: number) => retried.push(page),
  };
  const view = render(<WindowedPages pages={pages} {...props} />);
  return { ...view, asked, retried, rerenderWith: (next: ListPage<Row>[]) => view.rerender(<WindowedPages pages={next} {...props} />) };
}

const rows = () => screen.queryAllByRole('listitem');
const heightOf = (page: number) => (document.querySelector(`[data-page="${page}"]`) as HTMLElement).style.height;

describe('windowed pages', () => {
  it('keeps the rendered rows bounded when 10 000 rows are scrolled to page 500, with every page keeping its height', () => {
    const total = 9_990;
    renderList(pagesOf(total), total);
    // Before anything reports visible, the top of the list renders: page 1 and the one after it.
    expect(rows()).toHaveLength(40);
    expect(screen.getByRole('list', { name: 'Заказы' })).toBeTruthy();
    expect(viewport?.watched()).toBe(500);

    act(() => viewport?.show(1));
    act(() => {
      viewport?.hide(1);
      viewport?.show(250, 251);
    });
    // Visible 250–251 plus one page either side: 80 rows of 10 000.
    expect(rows()).toHaveLength(80);
    expect(screen.getByText('Заказ 4981')).toBeTruthy();
    expect(screen.queryByText('Заказ 1')).toBeNull();

    act(() => {
      viewport?.hide(250, 251);
      viewport?.show(500);
    });
    expect(rows().length).toBeLessThanOrEqual(100);
    expect(rows()).toHaveLength(30);
    expect(screen.getByText('Заказ 9990')).toBeTruthy();
    // Each row knows where it stands in the whole list, for screen readers.
    const last = rows().at(-1);
    expect(last?.getAttribute('aria-posinset')).toBe('9990');
    expect(last?.getAttribute('aria-setsize')).toBe('9990');
    // Pages far away are single blocks as tall as their rows; the last one holds what is left (10 rows).
    expect(heightOf(1)).toBe(`${PAGE_SIZE * ROW_HEIGHT}px`);
    expect(heightOf(250)).toBe(`${PAGE_SIZE * ROW_HEIGHT}px`);
    expect(document.querySelectorAll('.windowed-pages__page--far')).toHaveLength(498);
    expect(document.querySelector('[data-page="1"]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the last rows rendered when the list scrolls out of view altogether', () => {
    const list = renderList(pagesOf(200), 200);
    act(() => viewport?.show(6));
    expect(screen.getByText('Заказ 101')).toBeTruthy();
    act(() => viewport?.hide(6));
    expect(screen.getByText('Заказ 101')).toBeTruthy();
    expect(rows()).toHaveLength(60);
    list.unmount();
  });

  it('uses the measured height of rendered pages for the pages far away', () => {
    // Rendered pages measure 50 px a row, not the 90 px estimate.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function measure(this: HTMLElement) {
      const count = this.querySelectorAll('[role="listitem"]').length;
      return { height: count * 50, width: 800, top: 0, left: 0, right: 800, bottom: count * 50, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    renderList(pagesOf(400), 400);
    // Pages 1–2 rendered and measured; page 3 onwards is estimated from them.
    expect(heightOf(5)).toBe('1000px');
    act(() => viewport?.show(10));
    expect(heightOf(1)).toBe('1000px');
  });

  it('asks for a placeholder page when it scrolls into view, shows a loading block as tall as the page, and retries a failed one', async () => {
    const user = userEvent.setup();
    const list = renderList(pagesOf(200, { 5: 'placeholder', 6: 'placeholder', 8: 'failed' }), 200);
    expect(list.asked).toEqual([]);
    act(() => viewport?.show(5));
    expect(list.asked).toEqual([5]);
    const loading = document.querySelector('[data-page="5"]') as HTMLElement;
    expect(loading.classList.contains('windowed-pages__page--loading')).toBe(true);
    expect(loading.style.height).toBe(`${PAGE_SIZE * ROW_HEIGHT}px`);
    // Page 6 is rendered as loading next to it but is not in view, so it is not asked for yet.
    expect(list.asked).not.toContain(6);

    // The page loads: its rows replace the block.
    list.rerenderWith(pagesOf(200, { 6: 'placeholder', 8: 'failed' }));
    expect(screen.getByText('Заказ 81')).toBeTruthy();

    act(() => {
      viewport?.hide(5);
      viewport?.show(8);
    });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(list.retried).toEqual([8]);
    expect(screen.getByText('Не загрузилось')).toBeTruthy();
  });
});
