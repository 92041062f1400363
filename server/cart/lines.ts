import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { holdVersionUpload } from '../projects/version-upload';
import { memberClients } from '../client-access/membership';
import type { Db } from '../db/connect';
import { cartItems } from './schema';
import { projects } from '../projects/schema';
import { ApiError } from '../http/errors';
import type { ProjectRow } from '../projects/access';
import { quoteFor } from '../pricing/quote';

export interface LinePrice { price: number | null; unitPrice: number | null; days: number | null }

const UNPRICED: LinePrice = { price: null, unitPrice: null, days: null };

/** The line price of `quantity` pieces of the project at today's price table; null parts when it has no parameters. */
export function priceForQuantity(project: ProjectRow, quantity: number): LinePrice {
  if (project.params === null) return UNPRICED;
  try {
    const quote = quoteFor({ ...project.params, quantity });
    return { price: quote.total, unitPrice: quote.perUnit, days: quote.days };
  } catch (error) {
    // Parameters saved under older checks that the factory refuses today: the line waits for an estimate
    // ('Оценка') instead of failing the whole cart, reorder or kit.
    if (error instanceof ApiError && error.status === 400) return UNPRICED;
    throw error;
  }
}

/** One cart per user: every write to it and the checkout take this lock, so they never interleave. */
export async function lockCart(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cart_items'), ${userId})`);
}

/**
 * The user's lines that are shown: only lines of projects of clients the user is still a member of. Lines of a
 * client the user left stay in the table (they come back if the user is taken back) but are neither shown nor
 * counted, so the cart never names another client's projects.
 */
export function visibleLinesOf(userId: number): SQL {
  return and(
    eq(cartItems.userId, userId),
    sql`exists (select 1 from ${projects} where ${projects.id} = ${cartItems.projectId} and ${projects.clientId} in ${memberClients(userId)})`,
  ) ?? sql`false`;
}

/** Number of the lines the user sees (the cart widget's and the menu's count). */
export async function countCartLines(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(cartItems).where(visibleLinesOf(userId));
  return row?.count ?? 0;
}

/**
 * Puts `quantity` pieces of an orderable project into the user's cart (a line already there gets the quantity and
 * `dfmReview`, whether it goes for an engineer's review), under the cart's advisory lock; answers the number of
 * lines. Throws 409 projectNotReady unless status is actual, and 409 `dfm.running` while its files are processed
 * again (they are frozen once in the cart). The caller has judged the project's DFM.
 */
export async function putCartLine(
  db: Db, project: ProjectRow, userId: number, quantity: number, now: Date, dfmReview = false,
): Promise<number> {
  if (project.status !== 'actual' || project.quote === null) {
    throw new ApiError(409, 'projectNotReady', {}, { field: 'projectId', code: 'projectNotReady' });
  }
  const { price } = priceForQuantity(project, quantity);
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    if (await holdVersionUpload(tx, project.currentVersionId)) {
      throw new ApiError(409, 'dfmStillRunning', {}, { field: 'projectId', code: 'dfm.running' });
    }
    const mine = and(eq(cartItems.userId, userId), eq(cartItems.projectId, project.id));
    const [line] = await tx.select({ id: cartItems.id }).from(cartItems).where(mine);
    if (line) {
      await tx.update(cartItems).set({ quantity, price, dfmReview }).where(eq(cartItems.id, line.id));
    } else {
      await tx.insert(cartItems).values({ userId, projectId: project.id, quantity, price, dfmReview, createdAt: now });
    }
    return countCartLines(tx, userId);
  });
}
