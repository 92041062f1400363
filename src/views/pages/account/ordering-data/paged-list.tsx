import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ListPagingMachine } from '../../../../machines/list-paging';
import type { ListPage } from '../../../../machines/list-paging-types';
import { useT } from '../../../../services/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** About one row's height, px: a placeholder keeps the scroll height of the page it stands for. */
const ROW_HEIGHT = 72;

interface PagedListProps<Item extends { id: number }> {
  list: ActorRefFrom<ListPagingMachine<Item>>;
  /** Locale section with list.label, list.failed, list.pageFailed, list.retry. */
  section: string;
  /** Shown when the count is 0. */
  empty: ReactNode;
  renderItem: (item: Item) => ReactNode;
}

/** Spec 4 list loading: skeleton while counting, then one placeholder per page, each filled when scrolled to. */
export function PagedList<Item extends { id: number }>({ list, section, empty, renderItem }: PagedListProps<Item>) {
  const t = useT();
  const phase = useSelector(list, (s) => (['counting', 'empty', 'failed'] as const).find((name) => s.matches(name)) ?? 'ready');
  const pages = useSelector(list, (s) => s.context.pages);
  const pageSize = useSelector(list, (s) => s.context.pageSize);
  const total = useSelector(list, (s) => s.context.total ?? 0);

  if (phase === 'counting') return <ListSkeleton />;
  if (phase === 'empty') return <>{empty}</>;
  if (phase === 'failed') {
    return (
      <div className="od-note" role="alert">
        <span>{t(`${section}.list.failed`)}</span>
        <button type="button" className="ui-button ui-button--link" onClick={() => list.send({ type: 'list.reload' })}>
          {t(`${section}.list.retry`)}
        </button>
      </div>
    );
  }

  const rowsOf = (page: ListPage<Item>) => Math.min(pageSize, total - (page.page - 1) * pageSize);
  return (
    <ul className="od-list" aria-label={t(`${section}.list.label`)}>
      {pages.map((page) => {
        if (page.status === 'loaded') return page.items.map((item) => <li key={item.id} className="od-row">{renderItem(item)}</li>);
        if (page.status === 'failed') {
          return (
            <li key={`page-${page.page}`} className="od-note">
              <span>{t(`${section}.list.pageFailed`)}</span>
              <button type="button" className="ui-button ui-button--link" onClick={() => list.send({ type: 'list.retryPage', page: page.page })}>
                {t(`${section}.list.retry`)}
              </button>
            </li>
          );
        }
        return (
          <PagePlaceholder key={`page-${page.page}`} page={page.page} rows={rowsOf(page)} itemHeight={ROW_HEIGHT}
            className="od-placeholder" imageSize={0} onVisible={() => list.send({ type: 'list.pageVisible', page: page.page })} />
        );
      })}
    </ul>
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
