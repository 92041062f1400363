import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from '../db/columns';
import { users } from '../db/schema';

/** Uploaded images (avatars) served under /files/images/{id}; the id is random, so the URL is not guessable. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
}, (t) => [index('images_owner_idx').on(t.ownerUserId)]);
