import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The reference lists (served by server/dicts): clients, projects, orders and delivery settings refer to them, so
 * they sit beside the tables every area shares rather than in an area of their own. They keep the ids of the seed,
 * so ids are plain integers rather than sequences.
 */
const named = () => ({
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});
// Fresh builders per table: a shared builder would give every table the same constraint name.
const coded = () => ({ ...named(), code: text('code').notNull().unique() });

export const countries = pgTable('countries', named());

export const regions = pgTable('regions', {
  ...named(),
  countryId: integer('country_id').notNull().references(() => countries.id),
});

export const clientActivities = pgTable('client_activities', named());

export const offices = pgTable('offices', {
  ...named(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
});

export const taxcodeTypes = pgTable('taxcode_types', named());

export const organizations = pgTable('organizations', named());

export const projectStatuses = pgTable('project_statuses', coded());

export const orderStatuses = pgTable('order_statuses', coded());

export const orderLineStatuses = pgTable('order_line_statuses', coded());

export const deliveryMethods = pgTable('delivery_methods', coded());

export const deliveryEndpoints = pgTable('delivery_endpoints', {
  ...named(),
  methodId: integer('method_id').notNull().references(() => deliveryMethods.id),
  address: text('address').notNull(),
});

export const divisionEndpoints = pgTable('division_endpoints', {
  ...named(),
  officeId: integer('office_id').references(() => offices.id),
  address: text('address').notNull(),
});
