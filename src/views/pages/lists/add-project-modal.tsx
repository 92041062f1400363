import { useState } from 'react';
import { PROJECT_SET_MAX_ITEMS, type ProjectSet } from '../../../contract/project-sets';
import type { ProjectSummary } from '../../../contract/projects';
import { formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { PICKER_PAGE_SIZE } from '../../../services/project-sets';
import { FieldFrame } from '../../components/form/field';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { Modal } from '../../components/ui/modal';
import { Skeleton } from '../../components/ui/skeleton';
import { SEARCH_DEBOUNCE_MS } from '../../../machines/list-paging/list-paging-types';
import { useDebounced } from '../../components/ui/use-debounced';
import { StatusBadge } from '../projects/status-badge';
import { usePickerProjects } from './api/get-picker-projects';
import '../../components/list-toolbar/list-toolbar.css';

interface AddProjectModalProps {
  open: boolean;
  set: ProjectSet;
  /** Puts the project into the set; resolves to whether it went in. */
  onAdd: (project: ProjectSummary) => Promise<boolean>;
  onClose: () => void;
}

/** 'Добавить проект': the set's client's projects (ready or drafts), searched; stays open to add several. */
export function AddProjectModal({ open, set, onAdd, onClose }: AddProjectModalProps) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('projectSets.picker.title')} width={640}>
      {open ? <ProjectPicker set={set} onAdd={onAdd} /> : null}
    </Modal>
  );
}

function ProjectPicker({ set, onAdd }: Pick<AddProjectModalProps, 'set' | 'onAdd'>) {
  const t = useT();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = usePickerProjects(set.clientId, settled);
  const projects = found.data;
  const [adding, setAdding] = useState<number | null>(null);

  const inSet = new Set(set.items.map((item) => item.projectId));
  const full = set.items.length >= PROJECT_SET_MAX_ITEMS;
  const add = async (project: ProjectSummary) => {
    setAdding(project.id);
    await onAdd(project);
    setAdding(null);
  };

  return (
    <div className="set-picker">
      <FieldFrame label={t('projectSets.picker.searchLabel')} className="set-picker__search">
        {({ id }) => (
          <>
            <Icon name="search" size={18} className="list-toolbar__search-icon" />
            <input id={id} type="search" className="field__input" value={search} maxLength={200}
              placeholder={t('projectSets.picker.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
          </>
        )}
      </FieldFrame>
      {full ? <p className="set-picker__note" role="status">{t('projectSets.picker.full', { max: PROJECT_SET_MAX_ITEMS })}</p> : null}
      {found.isPending ? <Skeleton rows={3} imageSize={0} /> : null}
      {found.isError ? (
        <div className="lists-list__failed">
          <p>{t('projectSets.picker.failed')}</p>
          <Button variant="secondary" onClick={() => void found.refetch()}>{t('lists.retry')}</Button>
        </div>
      ) : null}
      {projects && projects.length >= PICKER_PAGE_SIZE ? (
        <p className="set-picker__note">{t('projectSets.picker.more', { count: projects.length })}</p>
      ) : null}
      {projects?.length === 0 ? <p className="set-picker__note">{t('projectSets.picker.none')}</p> : null}
      {projects && projects.length > 0 ? (
        <ul className="set-picker__list" aria-label={t('projectSets.picker.listLabel')}>
          {projects.map((project) => (
            <li key={project.id} className="set-picker__item" data-project-id={project.id}>
              <div className="list-line__main">
                <div className="list-line__head">
                  <span className="list-line__title">{project.title}</span>
                  <StatusBadge status={project.status} />
                </div>
                <div className="list-line__meta">
                  <span>{t(`wizard.productTypes.${project.productType}`)}</span>
                  <span>{t('projectSets.page.quantity', { count: project.quantity })}</span>
                  <span>{formatPrice(project.price)}</span>
                </div>
              </div>
              {inSet.has(project.id) ? (
                <span className="list-badge list-badge--muted">{t('projectSets.picker.inSet')}</span>
              ) : (
                <Button variant="secondary" busy={adding === project.id} disabled={full || (adding !== null && adding !== project.id)}
                  aria-label={t('projectSets.picker.addLabel', { title: project.title })} onClick={() => void add(project)}>
                  {t('projectSets.picker.add')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
