import { array, boolean, enums, nullable, number, object, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { clientIdQuery } from './clients';
import { entityId, phone, text } from './fields';
import { clientRecordCalls, clientRecordOf } from './list';

/**
 * The product spec's delivery kinds. What each needs: pickup_point and warehouse an endpoint of their method (reference
 * GetDeliveryEndpoints); express_post and russian_post an address (russian_post also a 6-digit postal code);
 * a division (GetDivisionEndpoints) is optional for every kind: the manufacturer's office that ships.
 */
export const DELIVERY_KINDS = ['express_post', 'pickup_point', 'russian_post', 'warehouse'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const deliveryKind = enums(DELIVERY_KINDS);
export const KINDS_WITH_ENDPOINT: readonly DeliveryKind[] = ['pickup_point', 'warehouse'];
/** Pickup points and warehouses are the manufacturer's endpoints; a courier or the post goes to an address of the client. */
export const needsEndpoint = (kind: DeliveryKind): boolean => KINDS_WITH_ENDPOINT.includes(kind);

export const deliverySettingFields = object({
  kind: deliveryKind,
  name: text(200),
  endpointId: nullable(entityId),
  divisionId: nullable(entityId),
  address: text(500),
  postalCode: text(6),
  recipientName: text(300),
  recipientPhone: nullable(phone),
  comment: text(1000),
  isDefault: boolean(),
});
export type DeliverySettingFields = Infer<typeof deliverySettingFields>;

export const deliverySetting = clientRecordOf({
  kind: deliveryKind,
  methodId: number(),
  name: string(),
  endpointId: nullable(number()),
  divisionId: nullable(number()),
  address: string(),
  postalCode: string(),
  recipientName: string(),
  recipientPhone: nullable(string()),
  comment: string(),
  isDefault: boolean(),
});
export type DeliverySetting = Infer<typeof deliverySetting>;

export const getDeliverySettings = defineCall({
  method: 'GET', path: '/account/Delivery/List', access: 'user', query: clientIdQuery, response: array(deliverySetting),
});
/** The method is the reference delivery method whose code equals the kind. One default per client. */
export const { create: createDeliverySetting, update: updateDeliverySetting, remove: deleteDeliverySetting } =
  clientRecordCalls('/account/Delivery', deliverySettingFields.schema, deliverySetting);
