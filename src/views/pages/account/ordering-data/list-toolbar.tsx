import { useId } from 'react';
import { isOneOf } from '../../../../contract/fields';
import { sortDirections } from '../../../../contract/list';
import { useT } from '../../../../services/i18n';
import type { ListSort } from '../../../../services/list-sort-prefs';
import { Icon } from '../../../components/ui/icon';

interface ListToolbarProps<Sort extends string> {
  /** Locale section with list.search, list.filtersLabel, list.filters.*, list.sortLabel, list.sorts.* */
  section: string;
  search: string;
  onSearchChange: (value: string) => void;
  filterCodes: readonly string[];
  filters: readonly string[];
  onFilterToggle: (code: string, on: boolean) => void;
  sortCodes: readonly Sort[];
  sort: ListSort<Sort>;
  onSortChange: (sort: ListSort<Sort>) => void;
}

const isDirection = isOneOf(sortDirections);

/** Search box, filter switches and one sort select whose options pair a field with a direction. */
export function ListToolbar<Sort extends string>(props: ListToolbarProps<Sort>) {
  const t = useT();
  const id = useId();
  const { section } = props;
  const chooseSort = (value: string) => {
    const [code, orderBy = ''] = value.split(':');
    const known = props.sortCodes.find((candidate) => candidate === code);
    if (known && isDirection(orderBy)) props.onSortChange({ code: known, orderBy });
  };
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
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
        />
      </div>
      <fieldset className="od-toolbar__filters">
        <legend className="visually-hidden">{t(`${section}.list.filtersLabel`)}</legend>
        {props.filterCodes.map((code) => (
          <label key={code} className="od-chip">
            <input type="checkbox" checked={props.filters.includes(code)} onChange={(event) => props.onFilterToggle(code, event.target.checked)} />
            <span>{t(`${section}.list.filters.${code}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="od-toolbar__sort">
        <label htmlFor={`${id}-sort`}>{t(`${section}.list.sortLabel`)}</label>
        <select id={`${id}-sort`} className="od-toolbar__select" value={`${props.sort.code}:${props.sort.orderBy}`} onChange={(event) => chooseSort(event.target.value)}>
          {props.sortCodes.flatMap((code) => sortDirections.map((orderBy) => (
            <option key={`${code}:${orderBy}`} value={`${code}:${orderBy}`}>{t(`${section}.list.sorts.${code}.${orderBy}`)}</option>
          )))}
        </select>
      </div>
    </div>
  );
}
