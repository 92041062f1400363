import { useSelector } from '@xstate/react';
import type { Client } from '../../../../contract/clients';
import type { ListPage } from '../../../../machines/list-paging-types';
import { useT } from '../../../../services/i18n';
import { EmptyState } from '../../../components/empty-state';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ClientRow } from './client-row';
import type { ClientListControls } from './use-client-list';

const NO_PAGES: ListPage<Client>[] = [];

interface ClientListProps {
  controls: ClientListControls;
  selectedId: number | null;
  onSelect: (client: Client) => void;
  onCreate: () => void;
}

/** Skeletons while counting, the empty state, or the pages: loaded rows, placeholders that load as they show. */
export function ClientList({ controls, selectedId, onSelect, onCreate }: ClientListProps) {
  const t = useT();
  const { list, narrowed } = controls;
  const phase = useSelector(list, (s) => (['counting', 'empty', 'failed'] as const).find((name) => s.matches(name)) ?? 'ready');
  const pages = useSelector(list, (s) => s.context.pages ?? NO_PAGES);
  const pageSize = useSelector(list, (s) => s.context.pageSize);
  const total = useSelector(list, (s) => s.context.total ?? 0);

  if (phase === 'counting') {
    return (
      <div className="clients-list__loading">
        {[0, 1, 2].map((index) => <Skeleton key={index} rows={3} imageSize={0} announce={index === 0} />)}
      </div>
    );
  }
  if (phase === 'empty') {
    return narrowed
      ? <EmptyState title={t('account.clients.list.nothingFound')} text={t('account.clients.list.nothingFoundText')} icon="search" headingLevel={3} />
      : (
        <EmptyState
          title={t('account.clients.list.emptyTitle')}
          text={t('account.clients.list.emptyText')}
          icon="client"
          headingLevel={3}
          action={{ label: t('account.clients.actions.create'), onClick: onCreate, icon: 'plus' }}
        />
      );
  }
  if (phase === 'failed') {
    // Spec 8: the failure itself is only logged; the page says plainly that there is nothing to show.
    return (
      <div className="clients-list__failed">
        <p>{t('account.clients.list.failed')}</p>
        <Button variant="secondary" onClick={() => list.send({ type: 'list.reload' })}>{t('account.clients.list.retry')}</Button>
      </div>
    );
  }

  const rowsOf = (page: ListPage<Client>) => Math.min(pageSize, total - (page.page - 1) * pageSize);
  return (
    <ul className="clients-list" aria-label={t('account.clients.list.label')}>
      {pages.map((page) => {
        if (page.status === 'loaded') {
          return page.items.map((client) => (
            <ClientRow key={client.id} client={client} selected={client.id === selectedId} onSelect={onSelect} />
          ));
        }
        if (page.status === 'failed') {
          return (
            <li key={`page-${page.page}`} className="clients-list__page-failed">
              <span>{t('account.clients.list.pageFailed')}</span>
              <Button variant="link" onClick={() => list.send({ type: 'list.retryPage', page: page.page })}>{t('account.clients.list.retry')}</Button>
            </li>
          );
        }
        return (
          <PagePlaceholder key={`page-${page.page}`} page={page.page} rows={rowsOf(page)} itemHeight={64} className="notification-page-placeholder" onVisible={() => list.send({ type: 'list.pageVisible', page: page.page })} />
        );
      })}
    </ul>
  );
}
