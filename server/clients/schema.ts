import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CLIENT_TYPES } from '../../src/contract/clients';
import { clients } from '../db/schema';
import { countries, regions } from '../db/reference/schema';

/** Clients of the previous cabinet ("old LK") and their orders: what client restoration finds by e-mail or order. */
export const legacyClients = pgTable('legacy_clients', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  clientType: text('client_type', { enum: CLIENT_TYPES }).notNull(),
  inn: text('inn'),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  countryId: integer('country_id').references(() => countries.id),
  regionId: integer('region_id').references(() => regions.id),
  /** Set once restored, so one old client becomes at most one client. */
  restoredClientId: integer('restored_client_id').references(() => clients.id, { onDelete: 'set null' }),
}, (t) => [index('legacy_clients_email_idx').on(t.email)]);

export const legacyOrders = pgTable('legacy_orders', {
  number: text('number').primaryKey(),
  legacyClientId: integer('legacy_client_id').notNull().references(() => legacyClients.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
});
