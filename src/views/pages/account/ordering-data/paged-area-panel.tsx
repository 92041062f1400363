import type { UseMutationResult } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ListPagingMachine } from '../../../../machines/list-paging/list-paging';
import { useT } from '../../../../services/i18n';
import { readListSort, type ListSort } from '../../../../services/list-sort-prefs';
import { showToast } from '../../../../services/toasts';
import { EmptyState } from '../../../components/empty-state';
import { Button } from '../../../components/ui/button';
import type { IconName } from '../../../components/ui/icon';
import { Modal } from '../../../components/ui/modal';
import { useListQuery } from '../../../components/paged-list/paged-list';
import { AreaList } from './area-list';
import { OrderingDataToolbar } from './ordering-data-toolbar';
import type { Removal } from './api/ordering-data-mutations';
import { RemoveDialog } from './remove-dialog';

export interface RowCallbacks<Item> {
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}

export interface FormCallbacks<Item> {
  onDone: (saved: Item) => void;
  onCancel: () => void;
}

interface PagedAreaPanelProps<Item extends { id: number }, Sort extends string> {
  /** Locale section: add, list.*, form.createTitle, form.editTitle, toasts.*, remove.* */
  section: string;
  /** The list's name in the sort cookies. */
  listName: string;
  /** The client's list machine; the panel is remounted for another client, so it is read once. */
  machine: ListPagingMachine<Item>;
  sortCodes: readonly Sort[];
  filterCodes: readonly string[];
  defaultSort: ListSort<Sort>;
  icon: IconName;
  editable: boolean;
  titleOf: (item: Item) => string;
  /** The area's delete (api/ordering-data-mutations.ts), which says in a toast how it went. */
  remove: UseMutationResult<unknown, Error, Removal>;
  renderRow: (item: Item, callbacks: RowCallbacks<Item> | null) => ReactNode;
  renderForm: (item: Item | undefined, callbacks: FormCallbacks<Item>) => ReactNode;
}

/** A paged list of one client's things with search, filters and sort, and create, edit and delete for editors. */
export function PagedAreaPanel<Item extends { id: number }, Sort extends string>(props: PagedAreaPanelProps<Item, Sort>) {
  const t = useT();
  const { section } = props;
  const list = useActorRef(props.machine, { input: { query: { sort: readListSort(props.listName, props.sortCodes, props.defaultSort) } } });
  const query = useListQuery(list);
  const [editing, setEditing] = useState<{ item?: Item } | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);

  const saved = (item: Item) => {
    const changed = Boolean(editing?.item);
    // An edit keeps the row where it is; a new item may belong anywhere in the sort, so the list starts over.
    list.send(changed ? { type: 'list.updateItem', id: item.id, changes: item } : { type: 'list.reload' });
    showToast({ kind: 'success', text: t(`${section}.toasts.${changed ? 'updated' : 'created'}`, { name: props.titleOf(item) }) });
    setEditing(null);
  };
  const remove = () => {
    if (!removing) return;
    const { id } = removing;
    setRemoving(null);
    props.remove.mutate({ id, name: props.titleOf(removing) }, { onSuccess: () => list.send({ type: 'list.reload' }) });
  };

  const add = props.editable ? { label: t(`${section}.add`), onClick: () => setEditing({}), icon: 'plus' as const } : undefined;
  const rowCallbacks: RowCallbacks<Item> | null = props.editable ? { onEdit: (item) => setEditing({ item }), onDelete: setRemoving } : null;
  return (
    <section className="od-panel" aria-label={t(`${section}.list.label`)}>
      <div className="od-panel__head">
        <OrderingDataToolbar list={list} section={section} filterCodes={props.filterCodes} sortCodes={props.sortCodes} />
        {add ? <Button onClick={add.onClick}>{add.label}</Button> : null}
      </div>
      <AreaList
        list={list}
        section={section}
        // Search or filters narrow the list: an empty answer means "nothing found", not "nothing yet".
        empty={query.search !== undefined || (query.filters?.length ?? 0) > 0
          ? <EmptyState icon="search" title={t(`${section}.list.notFound`)} text={t(`${section}.list.notFoundText`)} />
          : <EmptyState icon={props.icon} title={t(`${section}.list.emptyTitle`)} text={t(`${section}.list.emptyText`)} action={add} />}
        renderItem={(item) => props.renderRow(item, rowCallbacks)}
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={t(editing?.item ? `${section}.form.editTitle` : `${section}.form.createTitle`)}
        width={640}
      >
        {editing ? props.renderForm(editing.item, { onDone: saved, onCancel: () => setEditing(null) }) : null}
      </Modal>
      <RemoveDialog section={section} name={removing ? props.titleOf(removing) : null} onConfirm={remove} onCancel={() => setRemoving(null)} />
    </section>
  );
}
