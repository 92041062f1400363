import { useState } from 'react';
import type { Project, ProjectStatus } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import type { ProjectPermissions } from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { useAddProjectToCart, useDuplicateProject, useSetProjectStatus } from './api/project-mutations';
import { DfmReviewDialog } from './dfm-review-dialog';

/**
 * What the user's role allows with this project in its status; archiving and restoring ask first. A project whose order
 * meets an engineer's review (`review`) is not offered as 'ready to order'. A changed status
 * shows on the page by itself (the mutation keeps the page's copy).
 */
export function ProjectActions({ project, permissions, review = false }: { project: Project; permissions: ProjectPermissions; review?: boolean }) {
  const t = useT();
  const setStatus = useSetProjectStatus();
  const duplicate = useDuplicateProject();
  const { mutation: addToCart, refusal, closeRefusal } = useAddProjectToCart();
  const [asking, setAsking] = useState<'archive' | 'restore' | null>(null);
  const running = setStatus.isPending || duplicate.isPending || addToCart.isPending;
  const statusGoingTo = setStatus.isPending ? setStatus.variables.status : null;
  const changeStatus = (status: ProjectStatus) => setStatus.mutate({ project, status });
  const { edit, change, order, makeActual } = permissions;
  if (!edit && !change && !order) return null;

  return (
    <div className="project-actions" role="group" aria-label={t('project.actionsLabel')}>
      {edit ? (
        <LocalLink to={`/wizard-board?projectId=${project.id}`} className="ui-button ui-button--primary">
          {t('projects.actions.edit')}
        </LocalLink>
      ) : null}
      {makeActual ? (
        <Button variant="secondary" busy={statusGoingTo === 'actual'} disabled={running} onClick={() => changeStatus('actual')}>
          {t(review ? 'projects.actions.makeActualReview' : 'projects.actions.makeActual')}
        </Button>
      ) : null}
      {order ? (
        <Button busy={addToCart.isPending} disabled={running} onClick={() => addToCart.mutate({ project })}>
          <Icon name="cart" size={18} />
          {t('projects.actions.addToCart')}
        </Button>
      ) : null}
      {change ? (
        <Button variant="secondary" busy={duplicate.isPending} disabled={running} onClick={() => duplicate.mutate(project)}>
          {t('projects.actions.duplicate')}
        </Button>
      ) : null}
      {change ? (
        <Button
          variant="secondary"
          className={project.status === 'archive' ? undefined : 'project-actions__archive'}
          busy={statusGoingTo === 'archive' || statusGoingTo === 'draft'}
          disabled={running}
          onClick={() => setAsking(project.status === 'archive' ? 'restore' : 'archive')}
        >
          {t(project.status === 'archive' ? 'projects.actions.restore' : 'projects.actions.archive')}
        </Button>
      ) : null}
      <DfmReviewDialog
        refusal={refusal && { name: refusal.project.title, text: refusal.text }}
        busy={addToCart.isPending}
        onReview={() => addToCart.mutate({ project, dfmReview: true }, { onSettled: closeRefusal })}
        onCancel={closeRefusal}
      />
      <ConfirmDialog
        open={asking !== null}
        text={asking ? t(`projects.confirm.${asking}`, { title: project.title }) : undefined}
        okLabel={asking ? t(`projects.actions.${asking}`) : undefined}
        onConfirm={() => {
          if (asking) changeStatus(asking === 'restore' ? 'draft' : 'archive');
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
