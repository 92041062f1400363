import { and, desc, eq, ne } from 'drizzle-orm';
import { KINDS_WITH_ENDPOINT, type DeliverySetting, type DeliverySettingFields } from '../../src/contract/delivery-settings';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { deliverySettings } from './schema';
import { deliveryEndpoints, deliveryMethods, divisionEndpoints } from '../db/reference/schema';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';
import { lockClientList } from './access';

export type DeliverySettingRow = typeof deliverySettings.$inferSelect;
export type DeliveryValues = Omit<DeliverySettingFields, 'isDefault'> & { methodId: number };

export const deliverySettingToWire = (row: DeliverySettingRow): DeliverySetting => ({
  id: row.id,
  clientId: row.clientId,
  kind: row.kind,
  methodId: row.methodId,
  name: row.name,
  endpointId: row.endpointId,
  divisionId: row.divisionId,
  address: row.address,
  postalCode: row.postalCode,
  recipientName: row.recipientName,
  recipientPhone: row.recipientPhone,
  comment: row.comment,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The default first, then the newest. */
export async function listDeliverySettings(db: Db, clientId: number): Promise<DeliverySetting[]> {
  const rows = await db.select().from(deliverySettings).where(eq(deliverySettings.clientId, clientId))
    .orderBy(desc(deliverySettings.isDefault), desc(deliverySettings.createdAt), desc(deliverySettings.id));
  return rows.map(deliverySettingToWire);
}

const refused = (field: string, key: MessageKey, params: Record<string, string> = {}) =>
  new ApiError(400, key, params, { field, code: 'invalid_delivery' });

const exists = async (query: Promise<Array<{ id: number }>>): Promise<boolean> => (await query).length > 0;

/**
 * What each kind needs, checked in form order. A kind with an endpoint (pickup point, warehouse) takes the
 * endpoint's address, so an address and postal code sent with it are not stored; a kind with an address has no
 * endpoint. The method is the reference delivery method whose code is the kind.
 */
export async function validDeliverySetting(db: Db, fields: DeliverySettingFields): Promise<DeliveryValues> {
  const [method] = await db.select({ id: deliveryMethods.id }).from(deliveryMethods).where(eq(deliveryMethods.code, fields.kind));
  if (!method) throw refused('kind', 'deliveryMethodMissing');
  const withEndpoint = KINDS_WITH_ENDPOINT.includes(fields.kind);
  const values: DeliveryValues = {
    kind: fields.kind,
    methodId: method.id,
    name: fields.name.trim(),
    endpointId: withEndpoint ? fields.endpointId : null,
    divisionId: fields.divisionId,
    address: withEndpoint ? '' : fields.address.trim(),
    postalCode: withEndpoint ? '' : fields.postalCode.trim(),
    recipientName: fields.recipientName.trim(),
    recipientPhone: fields.recipientPhone,
    comment: fields.comment.trim(),
  };
  if (withEndpoint) {
    const endpointId = values.endpointId === null ? null : asDbId(values.endpointId);
    const found = endpointId !== null && await exists(db.select({ id: deliveryEndpoints.id }).from(deliveryEndpoints)
      .where(and(eq(deliveryEndpoints.id, endpointId), eq(deliveryEndpoints.methodId, method.id))));
    if (!found) throw refused('endpointId', 'deliveryEndpointRequired', { kind: fields.kind });
  }
  if (values.divisionId !== null) {
    const divisionId = asDbId(values.divisionId);
    const found = divisionId !== null && await exists(db.select({ id: divisionEndpoints.id }).from(divisionEndpoints)
      .where(eq(divisionEndpoints.id, divisionId)));
    if (!found) throw refused('divisionId', 'deliveryDivisionUnknown');
  }
  if (!withEndpoint) {
    if (values.address === '') throw refused('address', 'deliveryAddressRequired');
    // Russian Post needs the index; a courier does not, but one given must still be an index.
    if ((fields.kind === 'russian_post' || values.postalCode !== '') && !/^\d{6}$/.test(values.postalCode)) {
      throw refused('postalCode', 'deliveryPostalCodeWrong');
    }
    if (values.recipientName === '') throw refused('recipientName', 'deliveryRecipientRequired');
  }
  return values;
}

/** Clears the client's other defaults; called inside the transaction that holds the client's list lock. */
async function clearOtherDefaults(db: Db, clientId: number, keepId: number): Promise<void> {
  await db.update(deliverySettings).set({ isDefault: false })
    .where(and(eq(deliverySettings.clientId, clientId), eq(deliverySettings.isDefault, true), ne(deliverySettings.id, keepId)));
}

/** The client's first setting becomes the default whatever was asked, so a client with settings always has one. */
export function createDeliverySettingRow(db: Db, clientId: number, values: DeliveryValues, isDefault: boolean, now: Date) {
  return db.transaction(async (tx) => {
    await lockClientList(tx, 'delivery_settings', clientId);
    const [any] = await tx.select({ id: deliverySettings.id }).from(deliverySettings).where(eq(deliverySettings.clientId, clientId)).limit(1);
    const [row] = await tx.insert(deliverySettings)
      .values({ ...values, clientId, isDefault: isDefault || !any, createdAt: now, updatedAt: now }).returning();
    if (!row) throw new Error('delivery setting not created');
    if (row.isDefault) await clearOtherDefaults(tx, clientId, row.id);
    return row;
  });
}

/**
 * Marking a setting default takes the mark from the others. Unmarking the default is ignored: the default moves
 * only by marking another setting, so the client never stays without one.
 */
export function updateDeliverySettingRow(db: Db, existing: DeliverySettingRow, values: DeliveryValues, isDefault: boolean, now: Date) {
  return db.transaction(async (tx) => {
    await lockClientList(tx, 'delivery_settings', existing.clientId);
    const [current] = await tx.select({ isDefault: deliverySettings.isDefault }).from(deliverySettings).where(eq(deliverySettings.id, existing.id));
    const [row] = await tx.update(deliverySettings)
      .set({ ...values, isDefault: isDefault || (current?.isDefault ?? false), updatedAt: now })
      .where(eq(deliverySettings.id, existing.id)).returning();
    if (!row) throw new Error('delivery setting vanished during the update');
    if (row.isDefault) await clearOtherDefaults(tx, existing.clientId, row.id);
    return row;
  });
}

/** Deleting the default hands the mark to the newest remaining setting. */
export function deleteDeliverySettingRow(db: Db, existing: DeliverySettingRow) {
  return db.transaction(async (tx) => {
    await lockClientList(tx, 'delivery_settings', existing.clientId);
    const [removed] = await tx.delete(deliverySettings).where(eq(deliverySettings.id, existing.id)).returning();
    if (!removed?.isDefault) return;
    const [newest] = await tx.select({ id: deliverySettings.id }).from(deliverySettings)
      .where(eq(deliverySettings.clientId, existing.clientId))
      .orderBy(desc(deliverySettings.createdAt), desc(deliverySettings.id)).limit(1);
    if (newest) await tx.update(deliverySettings).set({ isDefault: true }).where(eq(deliverySettings.id, newest.id));
  });
}
