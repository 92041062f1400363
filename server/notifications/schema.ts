import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';
import { users } from '../db/schema';

/**
 * Notifications, per user. `content` holds the per-type fields as the product spec names them, checked against the
 * contract when a notification is created (server/notifications/create.ts). Both indexes follow the list order
 * (PostgreSQL's default DESC, NULLS FIRST, so a backward scan serves ascending order too): a page and the unread
 * count read only the user's own rows.
 */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  readAt: at('read_at'),
}, (t) => [
  index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('notifications_user_unread_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.readAt} is null`),
]);
