import { useState } from 'react';
import type { ProjectStatus, ProjectSummary } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { projectPermissions, type ProjectView } from '../../../services/projects';
import { usePendingOf } from '../../data/pending';
import { EmptyState } from '../../components/empty-state';
import { favoriteToggle } from '../../components/paged-list/favorite-toggle';
import { CountFailed, CountingSkeletons, LazyPages, PagedList, useListQuery, type ListActor } from '../../components/paged-list/paged-list';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListItem, type ItemAction } from './list-item';
import { useProjectRoles } from './api/get-project-roles';
import { DfmReviewDialog } from './dfm-review-dialog';
import {
  PROJECT_LINE_CHANGE, projectOfChange, useAddProjectToCart, useDuplicateProject, useSetProjectFavorite, useSetProjectStatus,
} from './api/project-mutations';

type Asking = { project: ProjectSummary; kind: 'archive' | 'restore' } | null;

interface ProjectListProps {
  list: ListActor<ProjectSummary>;
  view: ProjectView;
  narrowedByType: boolean;
}

/** Skeletons while counting, the empty state, or the pages: loaded lines, placeholders that load as they show. */
export function ProjectList({ list, view, narrowedByType }: ProjectListProps) {
  const t = useT();
  // A search or product type is on: an empty list then says "nothing found", not "no projects yet".
  const narrowed = useListQuery(list).search !== undefined || narrowedByType;
  const roles = useProjectRoles();
  const setStatus = useSetProjectStatus();
  const setFavorite = useSetProjectFavorite();
  const duplicate = useDuplicateProject();
  const { mutation: addToCart, refusal, closeRefusal } = useAddProjectToCart();
  const [asking, setAsking] = useState<Asking>(null);
  const busy = usePendingOf(PROJECT_LINE_CHANGE, projectOfChange);
  // A line that leaves the view's status leaves the list: the list starts over; elsewhere the line just changes.
  const changeStatus = async (project: ProjectSummary, status: ProjectStatus) => {
    // Each line's own call (mutateAsync): lines clicked one after another each settle on their own answer.
    const saved = await setStatus.mutateAsync({ project, status }).catch(() => null);
    if (!saved) return;
    if (view !== 'all' && view !== 'favorite' && saved.status !== view) list.send({ type: 'list.reload' });
    else list.send({ type: 'list.updateItem', id: project.id, changes: { status: saved.status, updatedAt: saved.updatedAt } });
  };
  const toggleFavorite = favoriteToggle(list, (project, isFavorite) => setFavorite.mutateAsync({ project, isFavorite }));
  const act = (project: ProjectSummary, action: ItemAction) => {
    if (action === 'favorite') toggleFavorite(project);
    else if (action === 'archive' || action === 'restore') setAsking({ project, kind: action });
    else if (action === 'makeActual') void changeStatus(project, 'actual');
    else if (action === 'duplicate') duplicate.mutate(project);
    else addToCart.mutate({ project });
  };

  const offersCreation = view === 'all' || view === 'actual' || view === 'draft';
  const emptyState = narrowed
    ? <EmptyState title={t('projects.list.nothingFound')} text={t('projects.list.nothingFoundText')} icon="search" />
    : (
      <EmptyState
        title={t(`projects.list.empty.${view}`)}
        text={t(`projects.list.emptyText.${view}`)}
        icon="board"
        action={offersCreation ? { label: t('menu.newProject'), to: '/wizard-board', icon: 'plus' } : undefined}
      />
    );
  return (
    <>
      <PagedList
        list={list}
        counting={<CountingSkeletons className="projects-list__loading" rows={3} imageSize={56} />}
        empty={emptyState}
        failed={<CountFailed list={list} className="projects-list__failed" text={t('projects.list.failed')} retryLabel={t('projects.list.retry')} />}
      >
        {(ready) => (
          <ul className="projects-list" aria-label={t('projects.list.label')}>
            <LazyPages
              ready={ready}
              renderItem={(project) => (
                <ListItem
                  key={project.id}
                  project={project}
                  permissions={projectPermissions(project, roles.get(project.clientId) ?? null)}
                  busy={busy.has(project.id)}
                  onAction={act}
                />
              )}
              failed={{ className: 'projects-list__page-failed', text: t('projects.list.pageFailed'), retry: t('projects.list.retry') }}
              placeholder={{ itemHeight: 88, className: 'projects-list__placeholder', skeletonRows: 3, imageSize: 56, announce: false }}
            />
          </ul>
        )}
      </PagedList>
      <DfmReviewDialog
        refusal={refusal && { name: refusal.project.title, text: refusal.text }}
        busy={refusal !== null && busy.has(refusal.project.id)}
        onReview={() => {
          if (!refusal) return;
          const { project } = refusal;
          closeRefusal();
          addToCart.mutate({ project, dfmReview: true });
        }}
        onCancel={closeRefusal}
      />
      <ConfirmDialog
        open={asking !== null}
        text={asking ? t(`projects.confirm.${asking.kind}`, { title: asking.project.title }) : undefined}
        okLabel={asking ? t(`projects.actions.${asking.kind}`) : undefined}
        onConfirm={() => {
          if (asking) void changeStatus(asking.project, asking.kind === 'restore' ? 'draft' : 'archive');
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
