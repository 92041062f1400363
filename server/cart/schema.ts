import { boolean, index, integer, numeric, pgTable, serial } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../db/schema';
import { projects } from '../projects/schema';

/** `price` is the price of the whole line; null until the line has been estimated. */
export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
  /** Added with DFM errors acknowledged, for an engineer's review; the order is placed held for it. */
  dfmReview: boolean('dfm_review').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('cart_items_user_idx').on(t.userId)]);
