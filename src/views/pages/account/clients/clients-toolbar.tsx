import { CLIENT_FILTER_CODES, CLIENT_SORT_CODES, type Client } from '../../../../contract/clients';
import { DEFAULT_CLIENT_SORT } from '../../../../services/clients';
import { useT } from '../../../../services/i18n';
import { ListToolbar, sortSelect } from '../../../components/list-toolbar/list-toolbar';
import { useListQuery, type ListActor } from '../../../components/paged-list/paged-list';

/** Newest first for the date; names and roles go A to Z first. */
const ASCENDING_FIRST = CLIENT_SORT_CODES.filter((code) => code !== 'createdAt');

/** Search, sort and filter chips of the clients list: each change is an event of its list machine. */
export function ClientsToolbar({ list }: { list: ListActor<Client> }) {
  const t = useT();
  const query = useListQuery(list);
  const filters = query.filters ?? [];
  const toggleFilter = (filter: string) => list.send({
    type: 'list.filter',
    filters: filters.includes(filter) ? filters.filter((item) => item !== filter) : [...filters, filter],
  });
  return (
    <ListToolbar
      list={list}
      className="clients-toolbar"
      search={{ label: t('account.clients.list.searchLabel'), placeholder: t('account.clients.list.searchPlaceholder') }}
      selects={[sortSelect(t('account.clients.list.sortLabel'), CLIENT_SORT_CODES, ASCENDING_FIRST, query.sort ?? DEFAULT_CLIENT_SORT,
        (sort) => list.send({ type: 'list.sort', sort }), (value) => t(`account.clients.sort.${value}`))]}
    >
      <div className="clients-chips" role="group" aria-label={t('account.clients.list.filtersLabel')}>
        {CLIENT_FILTER_CODES.map((filter) => (
          <button
            key={filter}
            type="button"
            className="clients-chip"
            aria-pressed={filters.includes(filter)}
            onClick={() => toggleFilter(filter)}
          >
            {t(`account.clients.filters.${filter}`)}
          </button>
        ))}
      </div>
    </ListToolbar>
  );
}
