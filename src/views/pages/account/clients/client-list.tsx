import type { Client } from '../../../../contract/clients';
import { useT } from '../../../../services/i18n';
import { EmptyState } from '../../../components/empty-state';
import { CountFailed, CountingSkeletons, LazyPages, PagedList, useListQuery, type ListActor } from '../../../components/paged-list/paged-list';
import { ClientRow } from './client-row';

interface ClientListProps {
  list: ListActor<Client>;
  selectedId: number | null;
  onSelect: (client: Client) => void;
  onCreate: () => void;
}

/** Skeletons while counting, the empty state, or the pages: loaded rows, placeholders that load as they show. */
export function ClientList({ list, selectedId, onSelect, onCreate }: ClientListProps) {
  const t = useT();
  const query = useListQuery(list);
  // A search or filter is on: an empty list then says "nothing found", not "no clients yet".
  const narrowed = query.search !== undefined || (query.filters?.length ?? 0) > 0;
  const emptyState = narrowed
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
  return (
    <PagedList
      list={list}
      counting={<CountingSkeletons className="clients-list__loading" rows={3} imageSize={0} />}
      empty={emptyState}
      failed={<CountFailed list={list} className="clients-list__failed" text={t('account.clients.list.failed')} retryLabel={t('account.clients.list.retry')} />}
    >
      {(ready) => (
        <ul className="clients-list" aria-label={t('account.clients.list.label')}>
          <LazyPages
            ready={ready}
            renderItem={(client) => <ClientRow key={client.id} client={client} selected={client.id === selectedId} onSelect={onSelect} />}
            failed={{ className: 'clients-list__page-failed', text: t('account.clients.list.pageFailed'), retry: t('account.clients.list.retry') }}
            placeholder={{ itemHeight: 64, className: 'notification-page-placeholder' }}
          />
        </ul>
      )}
    </PagedList>
  );
}
