import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { DELIVERY_KINDS } from '../../src/contract/delivery-settings';
import { timestamps } from '../db/columns';
import { clientRecord } from '../db/schema';
import { deliveryEndpoints, deliveryMethods, divisionEndpoints } from '../db/reference/schema';

/** Payers (spec "payers") of a client, with Russian requisites checked by src/contract/requisites.ts. */
export const payers = pgTable('payers', {
  ...clientRecord(),
  legalForm: text('legal_form').notNull(),
  name: text('name').notNull(),
  inn: text('inn').notNull(),
  kpp: text('kpp'),
  ogrn: text('ogrn').notNull(),
  legalAddress: text('legal_address').notNull().default(''),
  bik: text('bik').notNull(),
  bankName: text('bank_name').notNull().default(''),
  settlementAccount: text('settlement_account').notNull(),
  correspondentAccount: text('correspondent_account').notNull(),
  ...timestamps(),
}, (t) => [index('payers_client_idx').on(t.clientId, t.createdAt)]);

export const contacts = pgTable('contacts', {
  ...clientRecord(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  middleName: text('middle_name').notNull().default(''),
  position: text('position').notNull().default(''),
  phone: text('phone'),
  email: text('email'),
  comment: text('comment').notNull().default(''),
  ...timestamps(),
}, (t) => [index('contacts_client_idx').on(t.clientId, t.createdAt)]);

/** Delivery settings: one kind, its method, and an endpoint, a division or an address by kind. */
export const deliverySettings = pgTable('delivery_settings', {
  ...clientRecord(),
  kind: text('kind', { enum: DELIVERY_KINDS }).notNull(),
  methodId: integer('method_id').notNull().references(() => deliveryMethods.id),
  endpointId: integer('endpoint_id').references(() => deliveryEndpoints.id),
  divisionId: integer('division_id').references(() => divisionEndpoints.id),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  recipientName: text('recipient_name').notNull().default(''),
  recipientPhone: text('recipient_phone'),
  comment: text('comment').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  ...timestamps(),
}, (t) => [index('delivery_settings_client_idx').on(t.clientId, t.createdAt)]);
