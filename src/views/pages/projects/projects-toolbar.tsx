import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { PROJECT_SORT_CODES, type ProjectSummary } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { DEFAULT_PROJECT_SORT } from '../../../services/projects';
import { filterSelect, ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { useListQuery, type ListActor } from '../../components/paged-list/paged-list';

interface ProjectsToolbarProps {
  list: ListActor<ProjectSummary>;
  /** Kept in the address by the page, which hands it on to the list as a filter. */
  productType: ProductType | null;
  onProductType: (type: ProductType | null) => void;
}

/** Search, product type and sort of the projects list; search and sort are events of its list machine. */
export function ProjectsToolbar({ list, productType, onProductType }: ProjectsToolbarProps) {
  const t = useT();
  const sort = useListQuery(list).sort ?? DEFAULT_PROJECT_SORT;
  return (
    <ListToolbar
      list={list}
      search={{ label: t('projects.list.searchLabel'), placeholder: t('projects.list.searchPlaceholder') }}
      selects={[
        filterSelect(t('projects.list.typeLabel'), t('projects.list.allTypes'), PRODUCT_TYPES, productType, onProductType,
          (type) => t(`wizard.productTypes.${type}`)),
        sortSelect(t('projects.list.sortLabel'), PROJECT_SORT_CODES, ['title'], sort,
          (next) => list.send({ type: 'list.sort', sort: next }), (value) => t(`projects.sort.${value}`)),
      ]}
    />
  );
}
