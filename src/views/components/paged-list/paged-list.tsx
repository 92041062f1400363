import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ListPagingMachine } from '../../../machines/list-paging/list-paging';
import type { ListPage, ListPhase } from '../../../machines/list-paging/list-paging-types';
import { PageFailed, PagePlaceholder, type PagePlaceholderLook } from '../ui/page-placeholder';
import { RetryNote } from '../ui/retry-note';
import { Skeleton } from '../ui/skeleton';

export type ListActor<Item extends { id: number }> = ActorRefFrom<ListPagingMachine<Item>>;

/** What a list shows once counted: its pages and the two things a page can ask of the machine. */
export interface ReadyPages<Item> {
  pages: readonly ListPage<Item>[];
  pageSize: number;
  total: number;
  /** Rows a page holds: a full page, or what is left of the count on the last one. */
  rowsOf: (page: ListPage<Item>) => number;
  pageVisible: (page: number) => void;
  retryPage: (page: number) => void;
}

interface PagedListProps<Item extends { id: number }> {
  /** Undefined while its owner has not started it (a popup's tab): shown as counting. */
  list: ListActor<Item> | undefined;
  counting: ReactNode;
  empty: ReactNode;
  /** What a failed count says (the product spec's error catalogue: the failure itself is only logged), with its retry. */
  failed: ReactNode;
  children: (ready: ReadyPages<Item>) => ReactNode;
}

const PHASES: readonly ListPhase[] = ['counting', 'empty', 'failed'];
const NO_PAGES: never[] = [];

/** The four looks of the product spec's list loading, by the paging region's tags; the list draws its pages itself. */
export function PagedList<Item extends { id: number }>({ list, counting, empty, failed, children }: PagedListProps<Item>) {
  const phase = useSelector(list, (s): ListPhase => (s ? PHASES.find((tag) => s.hasTag(tag)) ?? 'ready' : 'counting'));
  const pages = useSelector(list, (s) => s?.context.pages ?? NO_PAGES);
  const pageSize = useSelector(list, (s) => s?.context.pageSize ?? 0);
  const total = useSelector(list, (s) => s?.context.total ?? 0);

  if (phase === 'counting') return <>{counting}</>;
  if (phase === 'empty') return <>{empty}</>;
  if (phase === 'failed') return <>{failed}</>;
  return <>{children({
    pages,
    pageSize,
    total,
    rowsOf: (page) => Math.min(pageSize, total - (page.page - 1) * pageSize),
    pageVisible: (page) => list?.send({ type: 'list.pageVisible', page }),
    retryPage: (page) => list?.send({ type: 'list.retryPage', page }),
  })}</>;
}

/** The list's query as last asked (search applied, filters, sort): what the toolbar shows chosen. */
export const useListQuery = <Item extends { id: number }>(list: ListActor<Item>) => useSelector(list, (s) => s.context.query);

/** The search box as typed, ahead of the query while typing goes on. */
export const useSearchText = <Item extends { id: number }>(list: ListActor<Item>) => useSelector(list, (s) => s.context.searchText);

/** A page list's look while it counts: three skeleton items, the first announced to screen readers. */
export function CountingSkeletons({ className, rows, imageSize }: { className: string; rows: number; imageSize: number }) {
  return (
    <div className={className}>
      {[0, 1, 2].map((index) => <Skeleton key={index} rows={rows} imageSize={imageSize} announce={index === 0} />)}
    </div>
  );
}

/** A page list's failed count. The product spec's error catalogue: the failure itself is only logged; the page says plainly there is nothing to show. */
export function CountFailed<Item extends { id: number }>(
  { list, className, text, retryLabel }: { list: ListActor<Item>; className: string; text: string; retryLabel: string },
) {
  return <RetryNote text={text} retryLabel={retryLabel} onRetry={() => list.send({ type: 'list.reload' })} look="secondary" className={className} />;
}

interface LazyPagesProps<Item> {
  ready: ReadyPages<Item>;
  /** One loaded item, keyed by the caller. */
  renderItem: (item: Item) => ReactNode;
  /** A failed page's class and its two texts, already translated. */
  failed: { className: string; text: string; retry: string };
  placeholder: PagePlaceholderLook;
}

/** A lazy list's pages as list items: the loaded ones' rows, a failed one's 'try again', a placeholder for the rest. */
export function LazyPages<Item>({ ready, renderItem, failed, placeholder }: LazyPagesProps<Item>) {
  return ready.pages.map((page) => {
    if (page.status === 'loaded') return page.items.map(renderItem);
    if (page.status === 'failed') return <PageFailed key={`page-${page.page}`} {...failed} onRetry={() => ready.retryPage(page.page)} />;
    return (
      <PagePlaceholder
        key={`page-${page.page}`}
        page={page.page}
        rows={ready.rowsOf(page)}
        {...placeholder}
        onVisible={() => ready.pageVisible(page.page)}
      />
    );
  });
}
