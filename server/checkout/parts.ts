import { and, eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import type { CheckoutDelivery } from '../../src/contract/cart';
import { legalFormOf } from '../../src/contract/payers';
import { needsEndpoint } from '../../src/contract/delivery-settings';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { contacts, payers, deliverySettings } from '../ordering-data/schema';
import type { OrderContact, OrderDeliverySnapshot, OrderPayer } from '../orders/schema';
import { deliveryEndpoints, deliveryMethods } from '../db/reference/schema';
import { ApiError } from '../http/errors';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';

/**
 * The parts of a checkout other than the cart lines, each read in the checkout's transaction and copied into the
 * order, so a later edit of the client's records does not rewrite what was ordered.
 */

/** Checking out for a client needs roles 1, 2, 3 or 5: a non-member gets 404, an engineer 403. */
export async function requireCheckoutRole(tx: Db, userId: number, clientId: number): Promise<void> {
  await requireClientAccess(tx, { clientId }, userId, { may: editsOrderingData, forbidden: 'checkoutForbidden' }, CLIENT_NOT_FOUND);
}

/** Every requisite of the payer, as the invoice will need them. */
export async function payerOf(tx: Db, clientId: number, rawId: number): Promise<OrderPayer> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : await tx.select().from(payers)
    .where(and(eq(payers.id, id), eq(payers.clientId, clientId)));
  if (!row) throw new ApiError(404, 'payerNotFound', {}, { field: 'payerId', code: 'not_found' });
  return {
    payerId: row.id, legalForm: legalFormOf(row.legalForm), name: row.name, inn: row.inn, kpp: row.kpp, ogrn: row.ogrn, legalAddress: row.legalAddress,
    bik: row.bik, bankName: row.bankName, settlementAccount: row.settlementAccount, correspondentAccount: row.correspondentAccount,
  };
}

/** The contact person by full name (last, first, middle), as Russian documents write it. */
export async function contactOf(tx: Db, clientId: number, rawId: number): Promise<OrderContact> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : await tx.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.clientId, clientId)));
  if (!row) throw new ApiError(404, 'contactNotFound', {}, { field: 'contactId', code: 'not_found' });
  const name = [row.lastName, row.firstName, row.middleName].filter((part) => part.trim() !== '').join(' ');
  return { contactId: row.id, name, phone: row.phone, email: row.email };
}

/** A pickup point or warehouse of the reference list whose method is the chosen kind. */
async function endpointDelivery(tx: Db, delivery: CheckoutDelivery): Promise<OrderDeliverySnapshot> {
  const id = delivery.endpointId === null ? null : asDbId(delivery.endpointId);
  const [row] = id === null ? [] : await tx.select({ endpoint: deliveryEndpoints, methodName: deliveryMethods.name })
    .from(deliveryEndpoints).innerJoin(deliveryMethods, eq(deliveryMethods.id, deliveryEndpoints.methodId))
    .where(and(eq(deliveryEndpoints.id, id), eq(deliveryMethods.code, delivery.kind)));
  if (!row) throw new ApiError(400, 'deliveryEndpointInvalid', {}, { field: 'delivery.endpointId', code: 'deliveryInvalid' });
  return {
    kind: delivery.kind, methodName: row.methodName, pointName: row.endpoint.name, address: row.endpoint.address,
    endpointId: row.endpoint.id, deliverySettingId: null, name: row.endpoint.name, nameEn: row.endpoint.nameEn, recipient: '',
  };
}

/** A courier or the post goes to one of the client's saved addresses of that kind. */
async function addressDelivery(tx: Db, clientId: number, delivery: CheckoutDelivery): Promise<OrderDeliverySnapshot> {
  const id = delivery.deliverySettingId === null ? null : asDbId(delivery.deliverySettingId);
  const [row] = id === null ? [] : await tx.select({ setting: deliverySettings, methodName: deliveryMethods.name })
    .from(deliverySettings).innerJoin(deliveryMethods, eq(deliveryMethods.id, deliverySettings.methodId))
    .where(and(eq(deliverySettings.id, id), eq(deliverySettings.clientId, clientId), eq(deliverySettings.kind, delivery.kind)));
  if (!row) throw new ApiError(400, 'deliverySettingInvalid', {}, { field: 'delivery.deliverySettingId', code: 'deliveryInvalid' });
  const { setting } = row;
  return {
    kind: delivery.kind, methodName: row.methodName,
    pointName: setting.recipientName.trim() !== '' ? setting.recipientName : setting.name,
    // Russian addresses start with the postal code.
    address: [setting.postalCode, setting.address].filter((part) => part.trim() !== '').join(', '),
    endpointId: null, deliverySettingId: setting.id,
    // The client's own name for the address is one text in both languages.
    name: setting.name, nameEn: setting.name, recipient: setting.recipientName,
  };
}

export function deliveryOf(tx: Db, clientId: number, delivery: CheckoutDelivery): Promise<OrderDeliverySnapshot> {
  return needsEndpoint(delivery.kind) ? endpointDelivery(tx, delivery) : addressDelivery(tx, clientId, delivery);
}
