import { eq } from 'drizzle-orm';
import type { OrderReview, Rating } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { orderReviews } from './schema';
import { ApiError, uniqueViolation } from '../http/errors';
import { isReceived, type OrderRow } from './access';
import { reviewsOf } from './view';

export const notReceived = (field: string) => new ApiError(409, 'orderNotReceived', {}, { field, code: 'orderNotReceived' });
const reviewExists = () => new ApiError(409, 'orderReviewExists', {}, { field: 'orderId', code: 'reviewExists' });

/** One review per user and order, once the boards are in stock or shipped; the unique index settles a race. */
export async function addReview(
  db: Db, order: OrderRow, values: { userId: number; rating: Rating; text: string; now: Date },
): Promise<OrderReview> {
  if (!isReceived(order.status)) throw notReceived('orderId');
  let id: number;
  try {
    const [row] = await db.insert(orderReviews).values({
      orderId: order.id, userId: values.userId, rating: values.rating, text: values.text.trim(), createdAt: values.now,
    }).returning({ id: orderReviews.id });
    if (!row) throw new Error('review not stored');
    id = row.id;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw reviewExists();
    throw error;
  }
  const [review] = await reviewsOf(db, eq(orderReviews.id, id));
  if (!review) throw new Error('review vanished');
  return review;
}
