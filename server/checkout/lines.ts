import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { cartItems } from '../cart/schema';
import { projects } from '../projects/schema';
import { ApiError } from '../http/errors';
import type { ProjectRow } from '../projects/access';
import { lockCart, priceForQuantity, visibleLinesOf } from '../cart/lines';

export interface OrderableLine {
  lineId: number;
  project: ProjectRow;
  quantity: number;
  price: number;
  days: number;
  /** Added for an engineer's review of its DFM errors. */
  dfmReview: boolean;
}

interface Repriced { lineId: number; quantity: number; price: number | null }

/**
 * The customer reviewed prices that are no longer today's (the project was edited, or the price table replaced).
 * Nothing is ordered; the lines get today's prices once the checkout has rolled back, so the reloaded cart shows
 * what the next attempt will charge.
 */
export class CartPricesChanged extends ApiError {
  constructor(title: string, readonly repriced: readonly Repriced[]) {
    super(409, 'cartPricesChanged', { title }, { field: 'lineIds', code: 'cartChanged' });
  }
}

const kopecks = (value: number) => Math.round(value * 100);
const samePrice = (a: number | null, b: number | null) => (a === null || b === null ? a === b : kopecks(a) === kopecks(b));

/**
 * The caller's lines named by the checkout, in cart order, each checked: a line that is gone (removed, ordered
 * already, or never the caller's) is 409 cartChanged; a line of another client, of a project not available for
 * ordering or without a price is 400 lineNotOrderable naming the project; a stale price is CartPricesChanged.
 */
export async function orderableLines(tx: Db, userId: number, clientId: number, lineIds: readonly number[]): Promise<OrderableLine[]> {
  const ids = [...new Set(lineIds.map(asDbId).filter((id): id is number => id !== null))];
  const rows = ids.length === 0 ? [] : await tx.select({ line: cartItems, project: projects }).from(cartItems)
    .innerJoin(projects, eq(projects.id, cartItems.projectId))
    .where(and(visibleLinesOf(userId), inArray(cartItems.id, ids)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (rows.length !== new Set(lineIds).size) {
    throw new ApiError(409, 'cartChanged', {}, { field: 'lineIds', code: 'cartChanged' });
  }
  const repriced: Repriced[] = [];
  const lines: OrderableLine[] = [];
  for (const { line, project } of rows) {
    const fields = { field: 'lineIds', code: 'lineNotOrderable' };
    if (project.clientId !== clientId) throw new ApiError(400, 'lineOfOtherClient', { title: project.title }, fields);
    if (project.status !== 'actual' || project.quote === null || line.price === null) {
      throw new ApiError(400, 'lineNotOrderable', { title: project.title }, fields);
    }
    const today = priceForQuantity(project, line.quantity);
    if (!samePrice(today.price, line.price)) repriced.push({ lineId: line.id, quantity: line.quantity, price: today.price });
    lines.push({ lineId: line.id, project, quantity: line.quantity, price: line.price, days: project.quote.days, dfmReview: line.dfmReview });
  }
  const first = repriced[0];
  if (first) throw new CartPricesChanged(lines.find((one) => one.lineId === first.lineId)?.project.title ?? '', repriced);
  return lines;
}

/** Writes today's prices into the lines a refused checkout found stale, unless their quantity changed meanwhile. */
export async function applyRepricing(db: Db, userId: number, repriced: readonly Repriced[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, userId);
    for (const line of repriced) {
      await tx.update(cartItems).set({ price: line.price })
        .where(and(eq(cartItems.id, line.lineId), eq(cartItems.userId, userId), eq(cartItems.quantity, line.quantity)));
    }
  });
}
