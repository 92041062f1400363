import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { useHeaderInfo } from '../../../services/header-info';
import {
  PROJECT_VIEW_COUNTERS, PROJECT_VIEWS, projectFiltersOf, projectListQuery, projectsListFlow, projectViewOfSearch,
  readProjectSort, searchOfView, type ProjectView,
} from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { useSession } from '../../components/session-context';
import { Icon } from '../../components/ui/icon';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useFreshCounters } from '../../components/use-fresh-counters';
import { ProjectsToolbar } from './projects-toolbar';
import { ProjectList } from './project-list';
import { useDocumentTitle } from './use-document-title';
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
  const [location, navigate] = useLocation();
  const currentSearch = useSearch();
  const view = projectViewOfSearch(currentSearch);
  const productType = productTypeOfSearch(currentSearch);
  const list = useActorRef(projectsListFlow, { input: { query: projectListQuery(view, productType, readProjectSort()) } });
  useFreshCounters(list, PROJECT_VIEW_COUNTERS);
  useEffect(() => list.send({ type: 'list.filter', filters: projectFiltersOf(view, productType) }), [list, view, productType]);
  const counters = useSession((s) => s.context.counters);
  const viewTitle = view === 'all' ? title : t(`projects.views.${view}`);
  useHeaderInfo(null, view === 'all' ? null : viewTitle);
  useDocumentTitle(viewTitle);
  const tabs: TabItem<ProjectView>[] = PROJECT_VIEWS.map((id) => ({
    id, name: t(`projects.views.${id}`), total: counters ? PROJECT_VIEW_COUNTERS[id]?.(counters) : undefined,
  }));
  const replaceSearch = (params: URLSearchParams) => {
    const next = params.toString();
    navigate(next ? `${location}?${next}` : location, { replace: true });
  };
  const changeView = (next: ProjectView) => {
    if (next !== view) replaceSearch(new URLSearchParams(searchOfView(next, currentSearch)));
  };
  const changeProductType = (next: ProductType | null) => {
    if (next === productType) return;
    const params = new URLSearchParams(currentSearch);
    if (next) params.set('type', next);
    else params.delete('type');
    replaceSearch(params);
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
