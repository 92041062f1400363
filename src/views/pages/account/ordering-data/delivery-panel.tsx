import { useState } from 'react';
import type { Client } from '../../../../contract/clients';
import { DELIVERY_KINDS, type DeliverySetting } from '../../../../contract/delivery-settings';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { EmptyState } from '../../../components/empty-state';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useDeliverySettings } from './api/get-delivery-settings';
import { useMakeDefaultDelivery, useRemoveDeliverySetting } from './api/ordering-data-mutations';
import { ListSkeleton } from './area-list';
import { DeliveryForm } from './delivery-form';
import { DeliveryItem, type DeliveryItemCallbacks } from './delivery-item';
import { kindName, settingTitle } from './delivery-texts';
import { RemoveDialog } from './remove-dialog';

const S = 'account.delivery';

/** One client's delivery settings, grouped by kind; few enough to load at once. */
export function DeliveryPanel({ client, editable }: { client: Client; editable: boolean }) {
  const t = useT();
  const settings = useDeliverySettings(client.id);
  const makeDefaultOf = useMakeDefaultDelivery(client.id);
  const removeSetting = useRemoveDeliverySetting(client.id);
  const [editing, setEditing] = useState<{ item?: DeliverySetting } | null>(null);
  const [removing, setRemoving] = useState<DeliverySetting | null>(null);

  if (settings.isPending) return <ListSkeleton />;
  if (!settings.data) {
    return (
      <div className="od-note" role="alert">
        <span>{t(`${S}.list.failed`)}</span>
        <button type="button" className="ui-button ui-button--link" onClick={() => void settings.refetch()}>{t(`${S}.list.retry`)}</button>
      </div>
    );
  }
  // A save or delete reads the list again; the rows shown stay meanwhile.
  const { items, reference } = settings.data;
  const titleOf = (item: DeliverySetting) => settingTitle(reference, item);

  const saved = (item: DeliverySetting) => {
    showToast({ kind: 'success', text: t(`${S}.toasts.${editing?.item ? 'updated' : 'created'}`, { name: titleOf(item) }) });
    setEditing(null);
  };
  const makeDefault = (item: DeliverySetting) => makeDefaultOf.mutate(item, {
    onSuccess: (updated) => showToast({ kind: 'success', text: t(`${S}.toasts.madeDefault`, { name: titleOf(updated) }) }),
  });
  const remove = () => {
    if (!removing) return;
    setRemoving(null);
    removeSetting.mutate({ id: removing.id, name: titleOf(removing) });
  };

  const callbacks: DeliveryItemCallbacks | null = editable
    ? { onEdit: (item) => setEditing({ item }), onDelete: setRemoving, onMakeDefault: makeDefault }
    : null;
  // Within a group the gateway's order stays: the default first, then the newest.
  const groups = DELIVERY_KINDS.map((kind) => ({ kind, items: items.filter((item) => item.kind === kind) })).filter((group) => group.items.length > 0);
  const add = editable ? { label: t(`${S}.add`), onClick: () => setEditing({}), icon: 'plus' as const } : undefined;

  return (
    <section className="od-panel" aria-label={t(`${S}.list.label`)}>
      {add && items.length > 0 ? <div className="od-panel__head"><span /><Button onClick={add.onClick}>{add.label}</Button></div> : null}
      {groups.length === 0 ? (
        <EmptyState icon="delivery" title={t(`${S}.list.emptyTitle`)} text={t(`${S}.list.emptyText`)} action={add} />
      ) : (
        groups.map((group) => (
          <section key={group.kind} className="od-group" aria-labelledby={`delivery-${group.kind}`}>
            <h2 id={`delivery-${group.kind}`} className="od-group__title">{kindName(reference, group.kind)}</h2>
            <ul className="od-list">
              {group.items.map((item) => (
                <li key={item.id} className={item.isDefault ? 'od-row od-row--default' : 'od-row'}>
                  <DeliveryItem item={item} reference={reference} callbacks={callbacks} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={t(editing?.item ? `${S}.form.editTitle` : `${S}.form.createTitle`)}
        width={640}
      >
        {editing ? (
          <DeliveryForm clientId={client.id} reference={reference} item={editing.item} isFirst={items.length === 0}
            onDone={saved} onCancel={() => setEditing(null)} />
        ) : null}
      </Modal>
      <RemoveDialog section={S} name={removing ? titleOf(removing) : null} onConfirm={remove} onCancel={() => setRemoving(null)} />
    </section>
  );
}
