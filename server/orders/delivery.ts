import type { OrderDelivery } from '../../src/contract/orders';
import type { OrderDeliverySnapshot } from './schema';

/**
 * The delivery as the order page shows it. The method's name is not sent: the kind says it in the reader's language.
 * An older order keeps one name only, the point's or (for a saved address) the recipient's.
 */
export function deliveryOf(snapshot: OrderDeliverySnapshot | null): OrderDelivery {
  if (!snapshot) return { kind: 'warehouse', name: '', nameEn: '', recipient: '', address: '' };
  const { kind, address } = snapshot;
  if (snapshot.name !== undefined) {
    return { kind, name: snapshot.name, nameEn: snapshot.nameEn ?? snapshot.name, recipient: snapshot.recipient ?? '', address };
  }
  const isPoint = snapshot.endpointId !== null;
  return { kind, name: isPoint ? snapshot.pointName : '', nameEn: isPoint ? snapshot.pointName : '', recipient: isPoint ? '' : snapshot.pointName, address };
}
