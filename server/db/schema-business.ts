import {
  boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './schema';
import {
  clientActivities, countries, offices, orderStatuses, projectStatuses, regions,
} from './schema-reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Client organisations (spec "clients"); the menu counters are computed from what they own. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  clientType: text('client_type', { enum: ['corporate', 'entrepreneur', 'individual', 'selfemployed'] }).notNull(),
  isLegal: boolean('is_legal').notNull(),
  countryId: integer('country_id').references(() => countries.id),
  regionId: integer('region_id').references(() => regions.id),
  activityId: integer('activity_id').references(() => clientActivities.id),
  officeId: integer('office_id').references(() => offices.id),
  createdAt: createdAt(),
});

/** Role ids of spec section 6: 1 owner, 2 admin, 3 universal, 4 engineer, 5 buyer. */
export const clientUsers = pgTable('client_users', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: integer('role').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_users_user_idx').on(t.userId)]);

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  ownerUserId: integer('owner_user_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  status: text('status').notNull().references(() => projectStatuses.code),
  productType: text('product_type', { enum: ['pcb', 'assembly', 'stencil'] }).notNull(),
  isFavorite: boolean('is_favorite').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('projects_client_idx').on(t.clientId)]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  status: text('status').notNull().references(() => orderStatuses.code),
  isFavorite: boolean('is_favorite').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('orders_client_idx').on(t.clientId)]);

/** `price` is the price of the whole line; null until the line has been estimated. */
export const basketItems = pgTable('basket_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [index('basket_items_user_idx').on(t.userId)]);
