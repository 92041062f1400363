import { and, eq } from 'drizzle-orm';
import type { CartLine } from '../../src/contract/cart';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { cartItems } from './schema';
import { projects } from '../projects/schema';
import { ApiError } from '../http/errors';
import { countCartLines, lockCart, priceForQuantity, visibleLinesOf } from './lines';
import { getCartLine } from './view';

const lineNotFound = () => new ApiError(404, 'cartLineNotFound', {}, { field: 'lineId', code: 'not_found' });

/**
 * The caller's own visible line with its project, read under the cart lock. Another user's line, a hidden line
 * (a client the caller left) and a missing id answer the same 404.
 */
async function lockedLine(tx: Db, userId: number, rawId: number) {
  const id = asDbId(rawId);
  if (id === null) throw lineNotFound();
  await lockCart(tx, userId);
  const [found] = await tx.select({ line: cartItems, project: projects }).from(cartItems)
    .innerJoin(projects, eq(projects.id, cartItems.projectId))
    .where(and(visibleLinesOf(userId), eq(cartItems.id, id)));
  if (!found) throw lineNotFound();
  return found;
}

/** A new quantity is priced again at today's table: more pieces, a lower price per piece. */
export async function setCartQuantity(db: Db, userId: number, lineId: number, quantity: number): Promise<CartLine> {
  const id = await db.transaction(async (tx) => {
    const { line, project } = await lockedLine(tx, userId, lineId);
    const { price } = priceForQuantity(project, quantity);
    await tx.update(cartItems).set({ quantity, price }).where(eq(cartItems.id, line.id));
    return line.id;
  });
  const answer = await getCartLine(db, userId, id);
  if (!answer) throw lineNotFound();
  return answer;
}

/** Removes the caller's line; answers how many lines the cart has left. */
export async function removeCartLine(db: Db, userId: number, lineId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { line } = await lockedLine(tx, userId, lineId);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return countCartLines(tx, userId);
  });
}
