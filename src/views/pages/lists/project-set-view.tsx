import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { ProjectSet, ProjectSetItem, ProjectSetKind } from '../../../contract/project-sets';
import { formatPrice } from '../../../services/format';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { projectSetPermissions, SET_PATHS, setPath } from '../../../services/project-sets';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../projects/use-document-title';
import { AddProjectModal } from './add-project-modal';
import { SetHeader } from './set-header';
import { SetNameModal } from './set-name-modal';
import { SetProjectLine } from './set-project-line';
import { useProjectSet } from './use-project-set';
import { useSetClients } from './use-set-clients';
import { useSetCommands } from './use-set-commands';
import '../projects/projects.css';
import './lists.css';

type Dialog = 'add' | 'rename' | 'delete' | null;

export function ProjectSetView({ id, kind }: { id: number; kind: ProjectSetKind }) {
  const t = useT();
  const locale = useLocale();
  const { loaded, reload, replace } = useProjectSet(id);
  const [, navigate] = useLocation();
  useDocumentTitle(loaded.set?.name ?? t(`pages.${kind}.title`, { id }));

  if (loaded.status === 'loading') {
    return <div className="lists-page"><Skeleton rows={4} imageSize={56} /></div>;
  }
  if (loaded.status === 'notFound' || loaded.status === 'failed') {
    return (
      <div className="lists-page">
        <EmptyState
          icon={loaded.status === 'notFound' ? 'search' : 'failure'}
          headingLevel={2}
          title={t(loaded.status === 'notFound' ? `projectSets.${kind}.notFound` : 'projectSets.page.failed')}
          action={loaded.status === 'notFound'
            ? { label: t(`projectSets.${kind}.all`), to: SET_PATHS[kind] }
            : { label: t('lists.retry'), onClick: reload }}
        />
      </div>
    );
  }
  const set = loaded.set;
  if (set.kind !== kind) return <Redirect to={localizePath(setPath(set.kind, set.id), locale)} replace />;
  return <SetContent set={set} replace={replace} onDeleted={() => navigate(localizePath(SET_PATHS[kind], locale))} />;
}

function SetContent({ set, replace, onDeleted }: { set: ProjectSet; replace: (set: ProjectSet) => void; onDeleted: () => void }) {
  const t = useT();
  const { roleOf } = useSetClients();
  const permissions = projectSetPermissions(roleOf(set.clientId));
  const commands = useSetCommands();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [ordering, setOrdering] = useState(false);

  const whileBusy = async (projectId: number, run: () => Promise<ProjectSet | null>) => {
    setBusy((current) => new Set(current).add(projectId));
    const changed = await run();
    if (changed) replace(changed);
    setBusy((current) => new Set([...current].filter((other) => other !== projectId)));
  };
  const changeQuantity = (item: ProjectSetItem, quantity: number) => void whileBusy(item.projectId, () => commands.putProject(set, item.projectId, quantity));
  const remove = (item: ProjectSetItem) => void whileBusy(item.projectId, () => commands.removeProject(set, item));
  const toCart = async () => {
    setOrdering(true);
    await commands.addToCart(set);
    setOrdering(false);
  };
  const addButton = permissions.change ? (
    <Button variant="secondary" onClick={() => setDialog('add')}>
      <Icon name="plus" size={18} />
      {t('projectSets.page.addProject')}
    </Button>
  ) : null;

  return (
    <div className="lists-page set-page">
      <SetHeader
        set={set}
        permissions={permissions}
        actions={(
          <>
            {addButton}
            {set.kind === 'kit' && permissions.order ? (
              <Button busy={ordering} disabled={set.items.length === 0} onClick={() => void toCart()}>
                <Icon name="cart" size={18} />
                {t('projectSets.page.toCart')}
              </Button>
            ) : null}
          </>
        )}
        onRename={() => setDialog('rename')}
        onDelete={() => setDialog('delete')}
      />
      <section className="lists-page__list" aria-label={t(`projectSets.${set.kind}.itemsLabel`)}>
        {set.items.length === 0 ? (
          <EmptyState
            icon="board"
            title={t(`projectSets.${set.kind}.noProjects`)}
            text={t(`projectSets.${set.kind}.noProjectsText`)}
            action={permissions.change ? { label: t('projectSets.page.addProject'), onClick: () => setDialog('add'), icon: 'plus' } : undefined}
          />
        ) : (
          <>
            <ul className="lists-list" aria-label={t(`projectSets.${set.kind}.itemsLabel`)}>
              {set.items.map((item) => (
                <SetProjectLine key={item.projectId} item={item} kind={set.kind} changeable={permissions.change}
                  busy={busy.has(item.projectId)} onQuantity={changeQuantity} onRemove={remove} />
              ))}
            </ul>
            <p className="set-page__total">
              <span>{t('projectSets.page.total')}</span>
              <strong data-testid="set-total">{formatPrice(set.total)}</strong>
            </p>
          </>
        )}
      </section>
      <AddProjectModal
        open={dialog === 'add'}
        set={set}
        onAdd={async (project) => {
          const changed = await commands.putProject(set, project.id, project.quantity);
          if (changed) replace(changed);
          return changed !== null;
        }}
        onClose={() => setDialog(null)}
      />
      <SetNameModal
        open={dialog === 'rename'}
        kind={set.kind}
        initialName={set.name}
        onSave={async (name) => {
          replace(await commands.rename(set, name));
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        text={t(`projectSets.${set.kind}.confirmDelete`, { name: set.name })}
        okLabel={t('projectSets.item.delete')}
        onConfirm={() => {
          setDialog(null);
          void commands.remove(set).then((removed) => removed && onDeleted());
        }}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
