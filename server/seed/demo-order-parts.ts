import { and, asc, eq, inArray } from 'drizzle-orm';
import { legalFormOf } from '../../src/contract/payers';
import { personName } from '../client-access/people';
import type { Db } from '../db/connect';
import { clients, users } from '../db/schema';
import { contacts, payers, deliverySettings } from '../ordering-data/schema';
import type { OrderContact, OrderDeliverySnapshot, OrderPayer } from '../orders/schema';
import { DEMO_CLIENTS, DEMO_USERS } from './demo-data';
import { DELIVERY_ENDPOINTS, DELIVERY_METHODS } from './reference-data';

/** Payer, contact and delivery of the demo orders, copied the way a checkout copies them (server/checkout/parts.ts). */

export type ClientKey = (typeof DEMO_CLIENTS)[number]['key'];
/** A pickup point or warehouse of the reference list by name, or one of the client's delivery settings by name. */
export type Delivery = { endpoint: string } | { setting: string };

/** «НИИ Радиоприборов» keeps no payer records in the demo, so its orders carry its own requisites. */
const NII_PAYER: OrderPayer = {
  payerId: null, name: 'АО «НИИ Радиоприборов»', inn: '7802164736', kpp: '780201001', ogrn: '1027800519372',
  legalAddress: '194021, г. Санкт-Петербург, ул. Политехническая, д. 22', bik: '044030653',
  bankName: 'Северо-Западный банк ПАО Сбербанк', settlementAccount: '40702810055000001234', correspondentAccount: '30101810500000000653',
};

export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`demo orders: ${what} is missing`);
  return value;
}

export interface Ids { clients: Map<ClientKey, number>; users: Map<string, number> }

export async function idsOf(db: Db): Promise<Ids | null> {
  const clientRows = await db.select({ id: clients.id, name: clients.name }).from(clients)
    .where(inArray(clients.name, DEMO_CLIENTS.map((client) => client.name)));
  const userRows = await db.select({ id: users.id, email: users.email }).from(users)
    .where(inArray(users.email, DEMO_USERS.map((user) => user.email)));
  const ids: Ids = { clients: new Map(), users: new Map() };
  for (const client of DEMO_CLIENTS) {
    const row = clientRows.find((one) => one.name === client.name);
    if (row) ids.clients.set(client.key, row.id);
  }
  for (const user of DEMO_USERS) {
    const row = userRows.find((one) => one.email === user.email);
    if (row) ids.users.set(user.key, row.id);
  }
  return ids.clients.size === DEMO_CLIENTS.length && ids.users.size === DEMO_USERS.length ? ids : null;
}

export async function payerOf(tx: Db, clientId: number, key: ClientKey): Promise<OrderPayer> {
  if (key === 'nii') return NII_PAYER;
  const [row] = await tx.select().from(payers).where(eq(payers.clientId, clientId))
    .orderBy(asc(payers.createdAt), asc(payers.id)).limit(1);
  const payer = need(row, `a payer of client ${key}`);
  return {
    payerId: payer.id,
    legalForm: legalFormOf(payer.legalForm),
    name: payer.name,
    inn: payer.inn,
    kpp: payer.kpp,
    ogrn: payer.ogrn,
    legalAddress: payer.legalAddress,
    bik: payer.bik,
    bankName: payer.bankName,
    settlementAccount: payer.settlementAccount,
    correspondentAccount: payer.correspondentAccount,
  };
}

/** The client's first contact person, or else the member who placed the order. */
export async function contactOf(tx: Db, clientId: number, userId: number): Promise<OrderContact> {
  const [row] = await tx.select().from(contacts).where(eq(contacts.clientId, clientId)).orderBy(asc(contacts.createdAt), asc(contacts.id)).limit(1);
  if (row) {
    return { contactId: row.id, name: [row.lastName, row.firstName, row.middleName].filter(Boolean).join(' '), phone: row.phone, email: row.email };
  }
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  const placer = need(user, 'the placing user');
  return { contactId: null, name: personName(placer), phone: placer.phone, email: placer.email };
}

export async function deliveryOf(tx: Db, clientId: number, delivery: Delivery): Promise<OrderDeliverySnapshot> {
  if ('endpoint' in delivery) {
    const endpoint = need(DELIVERY_ENDPOINTS.find((one) => one.name === delivery.endpoint), delivery.endpoint);
    const method = need(DELIVERY_METHODS.find((one) => one.id === endpoint.methodId), 'the endpoint method');
    return {
      kind: method.code as OrderDeliverySnapshot['kind'], methodName: method.name, pointName: endpoint.name, address: endpoint.address,
      endpointId: endpoint.id, deliverySettingId: null, name: endpoint.name, nameEn: endpoint.nameEn, recipient: '',
    };
  }
  const [row] = await tx.select().from(deliverySettings).where(and(eq(deliverySettings.clientId, clientId), eq(deliverySettings.name, delivery.setting)));
  const setting = need(row, delivery.setting);
  const method = need(DELIVERY_METHODS.find((one) => one.id === setting.methodId), 'the setting method');
  return {
    kind: setting.kind, methodName: method.name, pointName: setting.recipientName || setting.name,
    address: [setting.postalCode, setting.address].filter(Boolean).join(', '), endpointId: null, deliverySettingId: setting.id,
    name: setting.name, nameEn: setting.name, recipient: setting.recipientName,
  };
}
