import type { DeliveryKind, DeliverySetting } from '../../../../contract/delivery-settings';
import { dictionaryName } from '../../../../services/dictionaries';
import { t } from '../../../../services/i18n';
import type { DeliveryReference } from '../../../../services/ordering-data';
import { methodOf } from './delivery-model';

/** A kind by the name of its reference method; the portal's own name when the reference lacks it. */
export function kindName(reference: DeliveryReference, kind: DeliveryKind): string {
  const method = methodOf(reference.methods, kind);
  return method ? dictionaryName(method) : t(`account.delivery.kinds.${kind}`);
}

/** What a setting is called in the list: its own name, else its endpoint, else its address. */
export function settingTitle(reference: DeliveryReference, item: DeliverySetting): string {
  if (item.name) return item.name;
  const endpoint = reference.endpoints.find((candidate) => candidate.id === item.endpointId);
  if (endpoint) return dictionaryName(endpoint);
  return item.address || kindName(reference, item.kind);
}
