import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import {
  PROJECT_VIEW_COUNTERS, PROJECT_VIEWS, projectFiltersOf, projectListQuery, projectsListFlow, projectViewOfSearch,
  readProjectSort, searchOfView, type ProjectView,
} from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { Icon } from '../../components/ui/icon';
import { Tabs } from '../../components/ui/tabs';
import { useListViews, useReplaceSearch } from '../../components/use-list-views';
import { ProjectsToolbar } from './projects-toolbar';
import { ProjectList } from './project-list';
import './projects.css';

/** `?type=pcb|panel|stencil|mounting|module` (the menu's sections under 'Проекты'); anything else is every type. */
const productTypeOfSearch = (search: string): ProductType | null =>
  PRODUCT_TYPES.find((type) => type === new URLSearchParams(search).get('type')) ?? null;

/**
 * /projects: all projects, or one view of the product spec's query filters named in the query (?status=… or ?favorite=true), and the product
 * type (?type=); both are replaced rather than pushed, so Back leaves the page and a reload keeps them. Search and sort
 * are the list machine's.
 */
export default function ProjectsPage({ title }: { title: string }) {
  const t = useT();
  const replaceSearch = useReplaceSearch();
  const currentSearch = useSearch();
  const view = projectViewOfSearch(currentSearch);
  const productType = productTypeOfSearch(currentSearch);
  const list = useActorRef(projectsListFlow, { input: { query: projectListQuery(view, productType, readProjectSort()) } });
  const { viewTitle, tabs } = useListViews(list, { views: PROJECT_VIEWS, view, counters: PROJECT_VIEW_COUNTERS, textKey: 'projects.views', title });
  useEffect(() => list.send({ type: 'list.filter', filters: projectFiltersOf(view, productType) }), [list, view, productType]);
  const changeView = (next: ProjectView) => {
    if (next !== view) replaceSearch(searchOfView(next, currentSearch));
  };
  const changeProductType = (next: ProductType | null) => {
    if (next === productType) return;
    const params = new URLSearchParams(currentSearch);
    if (next) params.set('type', next);
    else params.delete('type');
    replaceSearch(params.toString());
  };

  return (
    <div className="projects-page">
      <header className="projects-page__header">
        <h1 className="projects-page__title">{viewTitle}</h1>
        <LocalLink to="/wizard-board" className="ui-button ui-button--primary projects-page__create">
          <Icon name="plus" size={18} />
          {t('menu.newProject')}
        </LocalLink>
      </header>
      <Tabs tabs={tabs} value={view} onValueChange={changeView} label={t('projects.viewsLabel')} />
      <section className="projects-page__list" aria-label={viewTitle}>
        <ProjectsToolbar list={list} productType={productType} onProductType={changeProductType} />
        <ProjectList list={list} view={view} narrowedByType={productType !== null} />
      </section>
    </div>
  );
}
