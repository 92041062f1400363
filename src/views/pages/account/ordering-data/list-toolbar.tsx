import { useId } from 'react';
import { isOneOf } from '../../../../contract/fields';
import { sortDirections } from '../../../../contract/list';
import { useT } from '../../../../services/i18n';
import { useListQuery, useSearchText, type ListActor } from '../../../components/paged-list/paged-list';
import { Icon } from '../../../components/ui/icon';

interface ListToolbarProps<Item extends { id: number }> {
  list: ListActor<Item>;
  /** Locale section with list.search, list.filtersLabel, list.filters.*, list.sortLabel, list.sorts.* */
  section: string;
  filterCodes: readonly string[];
  sortCodes: readonly string[];
}

const isDirection = isOneOf(sortDirections);

/** Search box, filter switches and one sort select whose options pair a field with a direction; each an event of the list. */
export function ListToolbar<Item extends { id: number }>(props: ListToolbarProps<Item>) {
  const t = useT();
  const id = useId();
  const { section, list } = props;
  const search = useSearchText(list);
  const { sort, filters = [] } = useListQuery(list);
  const chooseSort = (value: string) => {
    const [code, orderBy = ''] = value.split(':');
    const known = props.sortCodes.find((candidate) => candidate === code);
    if (known && isDirection(orderBy)) list.send({ type: 'list.sort', sort: { code: known, orderBy } });
  };
  const toggleFilter = (code: string, on: boolean) => list.send({
    type: 'list.filter',
    filters: on ? [...filters.filter((item) => item !== code), code] : filters.filter((item) => item !== code),
  });
  return (
    <div className="od-toolbar">
      <div className="od-toolbar__search" role="search">
        <label htmlFor={`${id}-search`} className="visually-hidden">{t(`${section}.list.search`)}</label>
        <Icon name="search" size={20} />
        <input
          id={`${id}-search`}
          type="search"
          className="od-toolbar__input"
          placeholder={t(`${section}.list.search`)}
          value={search}
          onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
        />
      </div>
      <fieldset className="od-toolbar__filters">
        <legend className="visually-hidden">{t(`${section}.list.filtersLabel`)}</legend>
        {props.filterCodes.map((code) => (
          <label key={code} className="od-chip">
            <input type="checkbox" checked={filters.includes(code)} onChange={(event) => toggleFilter(code, event.target.checked)} />
            <span>{t(`${section}.list.filters.${code}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="od-toolbar__sort">
        <label htmlFor={`${id}-sort`}>{t(`${section}.list.sortLabel`)}</label>
        <select id={`${id}-sort`} className="od-toolbar__select" value={sort ? `${sort.code}:${sort.orderBy}` : ''} onChange={(event) => chooseSort(event.target.value)}>
          {props.sortCodes.flatMap((code) => sortDirections.map((orderBy) => (
            <option key={`${code}:${orderBy}`} value={`${code}:${orderBy}`}>{t(`${section}.list.sorts.${code}.${orderBy}`)}</option>
          )))}
        </select>
      </div>
    </div>
  );
}
