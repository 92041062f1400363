import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { WindowedPages } from '../../components/paged-list/windowed-pages';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { PagedListActor } from './use-paged-list';

interface PagedListProps<Item extends { id: number }> {
  list: PagedListActor<Item>;
  /** Accessible name of the list. */
  label: string;
  /** About one line's height, px: a page not loaded yet keeps its place in the scroll. */
  itemHeight: number;
  /** One line's content; the list wraps it in its list item. */
  renderItem: (item: Item) => ReactNode;
  /** What an empty answer shows: 'nothing found' for a narrowed list, the list's own empty state otherwise. */
  empty: ReactNode;
  /** What a failed count says (spec 8: the failure itself is only logged). */
  failedText: string;
}

/** Skeletons while counting, the empty state, or the windowed pages: loaded lines, placeholders that load as they show. */
export function PagedList<Item extends { id: number }>({ list, label, itemHeight, renderItem, empty, failedText }: PagedListProps<Item>) {
  const t = useT();
  const phase = useSelector(list, (s) => (['counting', 'empty', 'failed'] as const).find((name) => s.matches(name)) ?? 'ready');
  const pages = useSelector(list, (s) => s.context.pages);
  const pageSize = useSelector(list, (s) => s.context.pageSize);
  const total = useSelector(list, (s) => s.context.total ?? 0);

  if (phase === 'counting') {
    return (
      <div className="lists-list__loading">
        {[0, 1, 2].map((index) => <Skeleton key={index} rows={2} imageSize={0} announce={index === 0} />)}
      </div>
    );
  }
  if (phase === 'empty') return <>{empty}</>;
  if (phase === 'failed') {
    return (
      <div className="lists-list__failed">
        <p>{failedText}</p>
        <Button variant="secondary" onClick={() => list.send({ type: 'list.reload' })}>{t('lists.retry')}</Button>
      </div>
    );
  }
  return (
    <WindowedPages<Item>
      pages={pages}
      pageSize={pageSize}
      total={total}
      rowHeight={itemHeight}
      renderItem={(item) => renderItem(item)}
      onPageVisible={(page) => list.send({ type: 'list.pageVisible', page })}
      onRetryPage={(page) => list.send({ type: 'list.retryPage', page })}
      label={label}
      texts={{ pageFailed: t('lists.pageFailed'), retry: t('lists.retry') }}
      className="lists-list"
      rowClassName="lists-row"
      skeleton={{ rows: 2, imageSize: 0 }}
    />
  );
}
