import { useT } from '../../../services/i18n';
import { useHeaderInfo } from '../../../services/header-info';
import { PROJECT_VIEW_COUNTERS, PROJECT_VIEWS, type ProjectView } from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { useSession } from '../../components/session-context';
import { Icon } from '../../components/ui/icon';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { ListToolbar } from './list-toolbar';
import { ProjectList } from './project-list';
import { useDocumentTitle } from './use-document-title';
import { useProjectList } from './use-project-list';
import './projects.css';

/** /projects: all projects, or one view of spec 2.3 named in the query (?status=… or ?favorite=true). */
export default function ProjectsPage({ title }: { title: string }) {
  const t = useT();
  const controls = useProjectList();
  const { view, changeView } = controls;
  const counters = useSession((s) => s.context.counters);
  const viewTitle = view === 'all' ? title : t(`projects.views.${view}`);
  useHeaderInfo(null, view === 'all' ? null : viewTitle);
  useDocumentTitle(viewTitle);
  const tabs: TabItem<ProjectView>[] = PROJECT_VIEWS.map((id) => ({
    id, name: t(`projects.views.${id}`), total: counters ? PROJECT_VIEW_COUNTERS[id]?.(counters) : undefined,
  }));

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
        <ListToolbar controls={controls} />
        <ProjectList controls={controls} />
      </section>
    </div>
  );
}
