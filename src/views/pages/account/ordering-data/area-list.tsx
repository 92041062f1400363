import type { ReactNode } from 'react';
import { useT } from '../../../../services/i18n';
import { LazyPages, PagedList, type ListActor } from '../../../components/paged-list/paged-list';
import { Skeleton } from '../../../components/ui/skeleton';

/** About one row's height, px: a placeholder keeps the scroll height of the page it stands for. */
const ROW_HEIGHT = 72;

interface AreaListProps<Item extends { id: number }> {
  list: ListActor<Item>;
  /** Locale section with list.label, list.failed, list.pageFailed, list.retry. */
  section: string;
  /** Shown when the count is 0. */
  empty: ReactNode;
  renderItem: (item: Item) => ReactNode;
}

/** The product spec's list loading: skeleton while counting, then one placeholder per page, each filled when scrolled to. */
export function AreaList<Item extends { id: number }>({ list, section, empty, renderItem }: AreaListProps<Item>) {
  const t = useT();
  return (
    <PagedList
      list={list}
      counting={<ListSkeleton />}
      empty={empty}
      failed={(
        <div className="od-note" role="alert">
          <span>{t(`${section}.list.failed`)}</span>
          <button type="button" className="ui-button ui-button--link" onClick={() => list.send({ type: 'list.reload' })}>
            {t(`${section}.list.retry`)}
          </button>
        </div>
      )}
    >
      {(ready) => (
        <ul className="od-list" aria-label={t(`${section}.list.label`)}>
          <LazyPages
            ready={ready}
            renderItem={(item) => <li key={item.id} className="od-row">{renderItem(item)}</li>}
            failed={{ className: 'od-note', text: t(`${section}.list.pageFailed`), retry: t(`${section}.list.retry`) }}
            placeholder={{ itemHeight: ROW_HEIGHT, className: 'od-placeholder', imageSize: 0 }}
          />
        </ul>
      )}
    </PagedList>
  );
}

export function ListSkeleton() {
  return (
    <div className="od-skeleton">
      <Skeleton rows={2} imageSize={0} />
      <Skeleton rows={2} imageSize={0} announce={false} />
      <Skeleton rows={2} imageSize={0} announce={false} />
    </div>
  );
}
