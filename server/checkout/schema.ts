import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../db/schema';
import { orders } from '../orders/schema';

/** One placed checkout per idempotency key: a repeated request finds its order here. */
export const orderCheckouts = pgTable('order_checkouts', {
  key: text('key').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
