import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';
import { clients, users } from '../db/schema';
import { projects } from '../projects/schema';

/** Named groups and kits of a client's projects (menu 'Группы', 'Комплекты'). */
export const projectSets = pgTable('project_sets', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['group', 'kit'] }).notNull(),
  name: text('name').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('project_sets_client_idx').on(t.clientId, t.kind, t.updatedAt)]);

export const projectSetItems = pgTable('project_set_items', {
  setId: integer('set_id').notNull().references(() => projectSets.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(1),
  addedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.setId, t.projectId] })]);
