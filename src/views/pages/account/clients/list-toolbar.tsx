import { CLIENT_FILTER_CODES, CLIENT_SORT_CODES, type Client } from '../../../../contract/clients';
import { sortDirections } from '../../../../contract/list';
import { DEFAULT_CLIENT_SORT, type ClientSort } from '../../../../services/clients';
import { useT } from '../../../../services/i18n';
import { FieldFrame } from '../../../components/form/field';
import { useListQuery, useSearchText, type ListActor } from '../../../components/paged-list/paged-list';
import { Icon } from '../../../components/ui/icon';

const SORTS: ClientSort[] = CLIENT_SORT_CODES.flatMap((code) =>
  (code === 'createdAt' ? [...sortDirections].reverse() : sortDirections).map((orderBy) => ({ code, orderBy })));
const sortValue = (sort: Pick<ClientSort, 'orderBy'> & { code: string }) => `${sort.code}-${sort.orderBy}`;

/** Search, filter chips and the sort of the clients list: each change is an event of its list machine. */
export function ListToolbar({ list }: { list: ListActor<Client> }) {
  const t = useT();
  const search = useSearchText(list);
  const query = useListQuery(list);
  const sort = query.sort ?? DEFAULT_CLIENT_SORT;
  const filters = query.filters ?? [];
  const toggleFilter = (filter: string) => list.send({
    type: 'list.filter',
    filters: filters.includes(filter) ? filters.filter((item) => item !== filter) : [...filters, filter],
  });
  return (
    <div className="clients-toolbar">
      <div className="clients-toolbar__row">
        <FieldFrame label={t('account.clients.list.searchLabel')} className="clients-toolbar__search">
          {({ id }) => (
            <>
              <Icon name="search" size={18} className="clients-toolbar__search-icon" />
              <input
                id={id}
                type="search"
                className="field__input"
                value={search}
                placeholder={t('account.clients.list.searchPlaceholder')}
                maxLength={200}
                onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
              />
            </>
          )}
        </FieldFrame>
        <FieldFrame label={t('account.clients.list.sortLabel')} className="clients-toolbar__sort">
          {({ id }) => (
            <select
              id={id}
              className="field__input clients-select"
              value={sortValue(sort)}
              onChange={(event) => {
                const next = SORTS.find((option) => sortValue(option) === event.target.value);
                if (next) list.send({ type: 'list.sort', sort: next });
              }}
            >
              {SORTS.map((option) => (
                <option key={sortValue(option)} value={sortValue(option)}>{t(`account.clients.sort.${sortValue(option)}`)}</option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
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
    </div>
  );
}
