import { useT } from '../../../../services/i18n';
import { ListToolbar, sortSelect } from '../../../components/list-toolbar/list-toolbar';
import { useListQuery, type ListActor } from '../../../components/paged-list/paged-list';

interface OrderingDataToolbarProps<Item extends { id: number }, Sort extends string> {
  list: ListActor<Item>;
  /** Locale section with list.search, list.filtersLabel, list.filters.*, list.sortLabel, list.sorts.* */
  section: string;
  filterCodes: readonly string[];
  sortCodes: readonly Sort[];
}

/** Search box, sort and filter switches of a payers', contacts' or addresses' list; each an event of the list. */
export function OrderingDataToolbar<Item extends { id: number }, Sort extends string>(props: OrderingDataToolbarProps<Item, Sort>) {
  const t = useT();
  const { section, list } = props;
  const { sort, filters = [] } = useListQuery(list);
  const toggleFilter = (code: string, on: boolean) => list.send({
    type: 'list.filter',
    filters: on ? [...filters.filter((item) => item !== code), code] : filters.filter((item) => item !== code),
  });
  return (
    <ListToolbar
      list={list}
      className="od-toolbar"
      search={{ label: t(`${section}.list.search`), placeholder: t(`${section}.list.search`) }}
      selects={[sortSelect(t(`${section}.list.sortLabel`), props.sortCodes, props.sortCodes, sort,
        (next) => list.send({ type: 'list.sort', sort: next }), (_, option) => t(`${section}.list.sorts.${option.code}.${option.orderBy}`))]}
    >
      <fieldset className="od-toolbar__filters">
        <legend className="visually-hidden">{t(`${section}.list.filtersLabel`)}</legend>
        {props.filterCodes.map((code) => (
          <label key={code} className="od-chip">
            <input type="checkbox" checked={filters.includes(code)} onChange={(event) => toggleFilter(code, event.target.checked)} />
            <span>{t(`${section}.list.filters.${code}`)}</span>
          </label>
        ))}
      </fieldset>
    </ListToolbar>
  );
}
