import { CLIENT_FILTER_CODES, CLIENT_SORT_CODES } from '../../../../contract/clients';
import { sortDirections } from '../../../../contract/list';
import { useT } from '../../../../services/i18n';
import { FieldFrame } from '../../../components/form/field';
import { Icon } from '../../../components/ui/icon';
import type { ClientListControls, ClientSort } from './use-client-list';

const SORTS: ClientSort[] = CLIENT_SORT_CODES.flatMap((code) =>
  (code === 'createdAt' ? [...sortDirections].reverse() : sortDirections).map((orderBy) => ({ code, orderBy })));
const sortValue = (sort: ClientSort) => `${sort.code}-${sort.orderBy}`;

/** Search, filter chips and the sort of the clients list. */
export function ListToolbar({ controls }: { controls: ClientListControls }) {
  const t = useT();
  const { search, setSearch, filters, toggleFilter, sort, changeSort } = controls;
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
                onChange={(event) => setSearch(event.target.value)}
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
                if (next) changeSort(next);
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
