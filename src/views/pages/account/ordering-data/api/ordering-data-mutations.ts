import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactFields } from '../../../../../contract/contacts';
import type { Payer, PayerFields } from '../../../../../contract/payers';
import type { DeliverySetting, DeliverySettingFields } from '../../../../../contract/delivery-settings';
import { ApiError } from '../../../../../services/api';
import { t } from '../../../../../services/i18n';
import { orderingDataCalls } from '../../../../../services/ordering-data';
import { showToast } from '../../../../../services/toasts';
import { defaultBody } from '../delivery-model';
import { deliverySettingsKey } from './get-delivery-settings';

// Create, edit and delete a client's payers, contacts and delivery settings. A save rejects, so its form puts the
// gateway's words on the field they name; a delete says how it went in a toast.

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : t('errors.generic'));

/** A new item of the client, or the changes of `item`. */
function useSave<Item, Fields>(calls: () => { create(clientId: number, fields: Fields): Promise<Item>; update(id: number, fields: Fields): Promise<Item> },
  clientId: number, item: { id: number } | undefined, onSaved?: () => void) {
  return useMutation({
    mutationFn: (fields: Fields) => (item ? calls().update(item.id, fields) : calls().create(clientId, fields)),
    onSuccess: onSaved,
  });
}

export const useSavePayer = (clientId: number, item?: Payer) =>
  useSave<Payer, PayerFields>(() => orderingDataCalls().payers, clientId, item);

export const useSaveContact = (clientId: number, item?: Contact) =>
  useSave<Contact, ContactFields>(() => orderingDataCalls().contacts, clientId, item);

export function useSaveDeliverySetting(clientId: number, item?: DeliverySetting) {
  const client = useQueryClient();
  return useSave<DeliverySetting, DeliverySettingFields>(() => orderingDataCalls().delivery, clientId, item,
    () => void client.invalidateQueries({ queryKey: deliverySettingsKey(clientId) }));
}

/** What a delete is asked with: the item and the name its toast gives it. */
export interface Removal {
  id: number;
  name: string;
}

/** Deletes with a toast either way (remove.done / remove.failed of the section). */
function useRemove(section: string, remove: (id: number) => Promise<void>, onRemoved?: () => void) {
  return useMutation({
    mutationFn: ({ id }: Removal) => remove(id),
    onSuccess: (_answer, { name }) => {
      showToast({ kind: 'success', text: t(`${section}.remove.done`, { name }) });
      onRemoved?.();
    },
    onError: (error) => showToast({ kind: 'error', text: t(`${section}.remove.failed`, { error: failureOf(error) }) }),
  });
}

export const useRemovePayer = () => useRemove('account.payers', (id) => orderingDataCalls().payers.remove(id));
export const useRemoveContact = () => useRemove('account.contacts', (id) => orderingDataCalls().contacts.remove(id));

export function useRemoveDeliverySetting(clientId: number) {
  const client = useQueryClient();
  return useRemove('account.delivery', (id) => orderingDataCalls().delivery.remove(id),
    () => void client.invalidateQueries({ queryKey: deliverySettingsKey(clientId) }));
}

/** One setting becomes the client's default; the others stop being it, so the list is read again. */
export function useMakeDefaultDelivery(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: DeliverySetting) => orderingDataCalls().delivery.update(item.id, defaultBody(item)),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliverySettingsKey(clientId) }),
    onError: (error) => showToast({ kind: 'error', text: failureOf(error) }),
  });
}
