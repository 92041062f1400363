import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { PROJECT_SORT_CODES, type ProjectSummary } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { DEFAULT_PROJECT_SORT, type ProjectSort } from '../../../services/projects';
import { FieldFrame } from '../../components/form/field';
import { useListQuery, useSearchText, type ListActor } from '../../components/paged-list/paged-list';
import { Icon } from '../../components/ui/icon';

/** Newest or largest first reads best for dates and prices; names go A to Z first. */
const SORTS: ProjectSort[] = PROJECT_SORT_CODES.flatMap((code) =>
  (code === 'title' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((orderBy) => ({ code, orderBy })));
const sortValue = (sort: Pick<ProjectSort, 'orderBy'> & { code: string }) => `${sort.code}-${sort.orderBy}`;
const ALL_TYPES = '';

interface ListToolbarProps {
  list: ListActor<ProjectSummary>;
  /** Kept in the address by the page, which hands it on to the list as a filter. */
  productType: ProductType | null;
  onProductType: (type: ProductType | null) => void;
}

/** Search, product type and sort of the projects list; search and sort are events of its list machine. */
export function ListToolbar({ list, productType, onProductType }: ListToolbarProps) {
  const t = useT();
  const search = useSearchText(list);
  const sort = useListQuery(list).sort ?? DEFAULT_PROJECT_SORT;
  return (
    <div className="projects-toolbar">
      <FieldFrame label={t('projects.list.searchLabel')} className="projects-toolbar__search">
        {({ id }) => (
          <>
            <Icon name="search" size={18} className="projects-toolbar__search-icon" />
            <input
              id={id}
              type="search"
              className="field__input"
              value={search}
              placeholder={t('projects.list.searchPlaceholder')}
              maxLength={200}
              onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
            />
          </>
        )}
      </FieldFrame>
      <FieldFrame label={t('projects.list.typeLabel')} className="projects-toolbar__type">
        {({ id }) => (
          <select
            id={id}
            className="field__input projects-select"
            value={productType ?? ALL_TYPES}
            onChange={(event) => onProductType(PRODUCT_TYPES.find((type) => type === event.target.value) ?? null)}
          >
            <option value={ALL_TYPES}>{t('projects.list.allTypes')}</option>
            {PRODUCT_TYPES.map((type) => <option key={type} value={type}>{t(`wizard.productTypes.${type}`)}</option>)}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label={t('projects.list.sortLabel')} className="projects-toolbar__sort">
        {({ id }) => (
          <select
            id={id}
            className="field__input projects-select"
            value={sortValue(sort)}
            onChange={(event) => {
              const next = SORTS.find((option) => sortValue(option) === event.target.value);
              if (next) list.send({ type: 'list.sort', sort: next });
            }}
          >
            {SORTS.map((option) => (
              <option key={sortValue(option)} value={sortValue(option)}>{t(`projects.sort.${sortValue(option)}`)}</option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
