import type { ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { CountFailed, CountingSkeletons, PagedList, type ListActor } from '../../components/paged-list/paged-list';
import { WindowedPages } from '../../components/paged-list/windowed-pages';

interface WindowedListProps<Item extends { id: number }> {
  list: ListActor<Item>;
  /** Accessible name of the list. */
  label: string;
  /** About one line's height, px: a page not loaded yet keeps its place in the scroll. */
  itemHeight: number;
  /** One line's content; the list wraps it in its list item. */
  renderItem: (item: Item) => ReactNode;
  /** What an empty answer shows: 'nothing found' for a narrowed list, the list's own empty state otherwise. */
  empty: ReactNode;
  /** What a failed count says (the product spec's error catalogue: the failure itself is only logged). */
  failedText: string;
}

/** The menu lists' look of a paged list: skeletons while counting, the empty state, or the windowed pages. */
export function WindowedList<Item extends { id: number }>({ list, label, itemHeight, renderItem, empty, failedText }: WindowedListProps<Item>) {
  const t = useT();
  return (
    <PagedList
      list={list}
      counting={<CountingSkeletons className="lists-list__loading" rows={2} imageSize={0} />}
      empty={empty}
      failed={<CountFailed list={list} className="lists-list__failed" text={failedText} retryLabel={t('lists.retry')} />}
    >
      {({ pages, pageSize, total, pageVisible, retryPage }) => (
        <WindowedPages<Item>
          pages={pages}
          pageSize={pageSize}
          total={total}
          rowHeight={itemHeight}
          renderItem={(item) => renderItem(item)}
          onPageVisible={pageVisible}
          onRetryPage={retryPage}
          label={label}
          texts={{ pageFailed: t('lists.pageFailed'), retry: t('lists.retry') }}
          className="lists-list"
          rowClassName="lists-row"
          skeleton={{ rows: 2, imageSize: 0 }}
        />
      )}
    </PagedList>
  );
}
