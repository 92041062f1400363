import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../db/columns';
import { clientRecord, users } from '../db/schema';
import { projects } from '../projects/schema';

/** Named folders and kits of a client's projects (menu 'Папки', 'Комплекты'). */
export const projectSets = pgTable('project_sets', {
  ...clientRecord(),
  kind: text('kind', { enum: ['folder', 'kit'] }).notNull(),
  name: text('name').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
}, (t) => [index('project_sets_client_idx').on(t.clientId, t.kind, t.updatedAt)]);

export const projectSetItems = pgTable('project_set_items', {
  setId: integer('set_id').notNull().references(() => projectSets.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(1),
  addedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.setId, t.projectId] })]);
