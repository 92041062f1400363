import { useState } from 'react';
import type { Project, ProjectStatus } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import type { ProjectPermissions } from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import type { ProjectCommands } from './use-project-commands';

type Running = 'makeActual' | 'archive' | 'restore' | 'duplicate' | 'addToCart' | null;

interface ProjectActionsProps {
  project: Project;
  permissions: ProjectPermissions;
  commands: ProjectCommands;
  onChanged: (project: Project) => void;
}

/** What the user's role allows with this project in its status; archiving and restoring ask first. */
export function ProjectActions({ project, permissions, commands, onChanged }: ProjectActionsProps) {
  const t = useT();
  const [running, setRunning] = useState<Running>(null);
  const [asking, setAsking] = useState<'archive' | 'restore' | null>(null);
  const run = async (what: Exclude<Running, null>, action: () => Promise<unknown>) => {
    setRunning(what);
    await action();
    setRunning(null);
  };
  const changeStatus = (what: 'makeActual' | 'archive' | 'restore', status: ProjectStatus) => run(what, async () => {
    const saved = await commands.setStatus(project, status);
    if (saved) onChanged(saved);
  });
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
        <Button variant="secondary" busy={running === 'makeActual'} disabled={running !== null} onClick={() => void changeStatus('makeActual', 'actual')}>
          {t('projects.actions.makeActual')}
        </Button>
      ) : null}
      {order ? (
        <Button busy={running === 'addToCart'} disabled={running !== null} onClick={() => void run('addToCart', () => commands.addToCart(project))}>
          <Icon name="cart" size={18} />
          {t('projects.actions.addToCart')}
        </Button>
      ) : null}
      {change ? (
        <Button variant="secondary" busy={running === 'duplicate'} disabled={running !== null} onClick={() => void run('duplicate', () => commands.duplicate(project))}>
          {t('projects.actions.duplicate')}
        </Button>
      ) : null}
      {change ? (
        <Button
          variant="secondary"
          className={project.status === 'archive' ? undefined : 'project-actions__archive'}
          busy={running === 'archive' || running === 'restore'}
          disabled={running !== null}
          onClick={() => setAsking(project.status === 'archive' ? 'restore' : 'archive')}
        >
          {t(project.status === 'archive' ? 'projects.actions.restore' : 'projects.actions.archive')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        text={asking ? t(`projects.confirm.${asking}`, { title: project.title }) : undefined}
        okLabel={asking ? t(`projects.actions.${asking}`) : undefined}
        onConfirm={() => {
          if (asking) void changeStatus(asking, asking === 'restore' ? 'draft' : 'archive');
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
