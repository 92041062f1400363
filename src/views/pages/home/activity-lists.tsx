import type { OrderSummary } from '../../../contract/orders';
import type { ProjectSummary } from '../../../contract/projects';
import type { ListFilterQuery } from '../../../machines/list-paging/list-paging-types';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { ordersListFlow } from '../../../services/orders';
import { projectsListFlow } from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { PreviewList } from './preview-list';
import { useListPreview } from './use-list-preview';

const SHOWN = 5;
/** What was worked on last, as the projects list sorts by default. */
const RECENT_PROJECTS: ListFilterQuery = { sort: { code: 'activity', orderBy: 'desc' } };
/** Every order not yet shipped or cancelled, the latest change first: what the customer waits for. */
const ORDERS_IN_PROGRESS: ListFilterQuery = {
  sort: { code: 'statusChangedAt', orderBy: 'desc' }, filters: ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock'],
};

function ProjectLine({ project }: { project: ProjectSummary }) {
  const t = useT();
  return (
    <div className="home-preview__item">
      <LocalLink to={`/project/${project.id}`} className="home-preview__title">{project.title}</LocalLink>
      <span className="home-preview__meta">
        {[t(`projects.statuses.${project.status}`), project.clientName, t('pages.home.changed', { date: formatDate(project.updatedAt) })].join(' · ')}
      </span>
    </div>
  );
}

function OrderLine({ order }: { order: OrderSummary }) {
  const t = useT();
  return (
    <div className="home-preview__item home-preview__item--order">
      <div>
        <LocalLink to={`/orders/${order.id}`} className="home-preview__title">{t('orders.item.number', { number: order.number })}</LocalLink>
        <span className="home-preview__meta">
          {[t(`orderStatusOne.${order.status}`), order.firstLineTitle, order.clientName].join(' · ')}
        </span>
      </div>
      <span className="home-preview__amount">{formatPrice(order.total)}</span>
    </div>
  );
}

/** The dashboard once there is activity: the projects worked on last and the orders on their way. */
export function ActivityLists() {
  const projects = useListPreview(projectsListFlow, RECENT_PROJECTS, SHOWN);
  const orders = useListPreview(ordersListFlow, ORDERS_IN_PROGRESS, SHOWN);
  return (
    <div className="home-activity">
      <PreviewList<ProjectSummary> kind="projects" {...projects} renderItem={(project) => <ProjectLine project={project} />} />
      <PreviewList<OrderSummary> kind="orders" {...orders} renderItem={(order) => <OrderLine order={order} />} />
    </div>
  );
}
