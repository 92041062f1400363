import { useState } from 'react';
import type { ProjectSet, ProjectSetItem } from '../../../contract/project-sets';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { projectSetPermissions } from '../../../services/project-sets';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { usePendingOf } from '../../data/pending';
import { useSetClients } from './api/get-set-clients';
import {
  SET_PROJECT_CHANGE, usePutSetProject, useRemoveSet, useRemoveSetProject, useRenameSet, useSetToCart,
} from './api/set-mutations';
import { DfmReviewDialog } from '../projects/dfm-review-dialog';
import { AddProjectModal } from './add-project-modal';
import { SetHeader } from './set-header';
import { SetNameModal } from './set-name-modal';
import { SetProjectLine } from './set-project-line';

type Dialog = 'add' | 'rename' | 'delete' | null;

/** A loaded folder or kit: its projects with their quantities and total, and what the user's role may do with it. */
export function SetContent({ set, onDeleted }: { set: ProjectSet; onDeleted: () => void }) {
  const t = useT();
  const { roleOf } = useSetClients();
  const permissions = projectSetPermissions(roleOf(set.clientId));
  const putProject = usePutSetProject();
  const removeProject = useRemoveSetProject();
  const rename = useRenameSet();
  const remove = useRemoveSet();
  const { mutation: toCart, refusal, closeRefusal } = useSetToCart();
  const busy = usePendingOf(SET_PROJECT_CHANGE, (change: { projectId: number }) => change.projectId);
  const [dialog, setDialog] = useState<Dialog>(null);

  const changeQuantity = (item: ProjectSetItem, quantity: number) => putProject.mutate({ set, projectId: item.projectId, quantity });
  const removeItem = (item: ProjectSetItem) => removeProject.mutate({ set, projectId: item.projectId, title: item.title });
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
              <Button busy={toCart.isPending} disabled={set.items.length === 0} onClick={() => toCart.mutate({ set })}>
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
                  busy={busy.has(item.projectId)} onQuantity={changeQuantity} onRemove={removeItem} />
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
        onAdd={(project) => putProject.mutateAsync({ set, projectId: project.id, quantity: project.quantity }).then(() => true, () => false)}
        onClose={() => setDialog(null)}
      />
      <SetNameModal
        open={dialog === 'rename'}
        kind={set.kind}
        initialName={set.name}
        onSave={async (name) => {
          await rename.mutateAsync({ set, name });
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
      <DfmReviewDialog
        kind="kit"
        refusal={refusal && { name: refusal.set.name, text: refusal.text }}
        busy={toCart.isPending}
        onReview={() => toCart.mutate({ set, dfmReview: true }, { onSettled: closeRefusal })}
        onCancel={closeRefusal}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        text={t(`projectSets.${set.kind}.confirmDelete`, { name: set.name })}
        okLabel={t('projectSets.item.delete')}
        onConfirm={() => {
          setDialog(null);
          remove.mutate(set, { onSuccess: onDeleted });
        }}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
