import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { PROJECT_SET_SORT_CODES, type ProjectSetSummary } from '../../../contract/project-sets';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import {
  clientsForNewSets, projectSetListQuery, projectSetPermissions, projectSetsListFlow, readProjectSetSort, setKindOfPath,
  setPath,
} from '../../../services/project-sets';
import { EmptyState } from '../../components/empty-state';
import { useListQuery } from '../../components/paged-list/paged-list';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { ListToolbar, sortSelect } from '../../components/list-toolbar/list-toolbar';
import { ProjectSetItem, type SetAction } from './project-set-item';
import { SetNameModal } from './set-name-modal';
import { WindowedList } from './windowed-list';
import { useSetClients } from './api/get-set-clients';
import { useCreateSet, useRemoveSet, useRenameSet } from './api/set-mutations';
import { ListsPageHeader } from './lists-page-header';
import './lists.css';

type Asking = { set: ProjectSetSummary; action: SetAction } | { set: null; action: 'create' } | null;

/** /folders and /kits (menu 'Папки', 'Комплекты'): one page, the path says which kind it lists. */
export default function ProjectSetsPage({ title }: { title: string; params: Record<string, string | undefined> }) {
  const t = useT();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const kind = setKindOfPath(location);
  // The kind is the path's: /folders and /kits are two visits of this page, each with its own list.
  const list = useActorRef(projectSetsListFlow, { input: { query: projectSetListQuery(kind, readProjectSetSort()) } });
  const query = useListQuery(list);
  const { clients, roleOf } = useSetClients();
  const createSet = useCreateSet();
  const renameSet = useRenameSet();
  const removeSet = useRemoveSet();
  const [asking, setAsking] = useState<Asking>(null);
  const creatable = clientsForNewSets(clients);

  const create = async (name: string, clientId: number | null) => {
    const chosen = clientId ?? creatable[0]?.id;
    if (chosen === undefined) return;
    const created = await createSet.mutateAsync({ clientId: chosen, kind, name });
    setAsking(null);
    navigate(localizePath(setPath(kind, created.id), locale));
  };
  const rename = async (set: ProjectSetSummary, name: string) => {
    const renamed = await renameSet.mutateAsync({ set, name });
    setAsking(null);
    list.send({ type: 'list.updateItem', id: set.id, changes: { name: renamed.name, updatedAt: renamed.updatedAt } });
  };
  const createButton = creatable.length > 0 ? (
    <Button onClick={() => setAsking({ set: null, action: 'create' })}>
      <Icon name="plus" size={18} />
      {t(`projectSets.${kind}.create`)}
    </Button>
  ) : null;

  return (
    <div className="lists-page">
      <ListsPageHeader title={title} lead={t(`projectSets.${kind}.lead`)}>
        {createButton}
      </ListsPageHeader>
      <section className="lists-page__list" aria-label={title}>
        <ListToolbar
          list={list}
          search={{ label: t(`projectSets.${kind}.searchLabel`), placeholder: t('projectSets.list.searchPlaceholder') }}
          selects={[
            sortSelect(
              t('lists.sortLabel'),
              PROJECT_SET_SORT_CODES,
              ['name'],
              query.sort,
              (sort) => list.send({ type: 'list.sort', sort }),
              (value) => t(`projectSets.sort.${value}`),
            ),
          ]}
        />
        <WindowedList<ProjectSetSummary>
          list={list}
          label={t(`projectSets.${kind}.label`)}
          itemHeight={72}
          renderItem={(set) => (
            <ProjectSetItem
              key={set.id}
              set={set}
              changeable={projectSetPermissions(roleOf(set.clientId)).change}
              onAction={(chosen, action) => setAsking({ set: chosen, action })}
            />
          )}
          failedText={t('projectSets.list.failed')}
          empty={
            query.search !== undefined ? (
              <EmptyState title={t('lists.nothingFound')} text={t('lists.nothingFoundText')} icon="search" />
            ) : (
              <EmptyState title={t(`projectSets.${kind}.empty`)} text={t(`projectSets.${kind}.emptyText`)} />
            )
          }
        />
      </section>
      <SetNameModal
        open={asking?.action === 'create' || asking?.action === 'rename'}
        kind={kind}
        clients={asking?.action === 'create' ? creatable : undefined}
        initialName={asking?.action === 'rename' ? asking.set.name : ''}
        onSave={(name, clientId) => (asking?.action === 'rename' ? rename(asking.set, name) : create(name, clientId))}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking?.action === 'delete'}
        text={asking?.action === 'delete' ? t(`projectSets.${kind}.confirmDelete`, { name: asking.set.name }) : undefined}
        okLabel={t('projectSets.item.delete')}
        onConfirm={() => {
          if (asking?.action === 'delete') {
            removeSet.mutate(asking.set, { onSuccess: () => list.send({ type: 'list.reload' }) });
          }
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
