import { and, asc, eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { countCartLines, putCartLine } from '../cart/lines';
import type { Db } from '../db/connect';
import { clientUsers } from '../db/schema';
import { orderLines } from './schema';
import { projects } from '../projects/schema';
import { ApiError } from '../http/errors';

export interface ReorderResult { cartTotal: number; added: number; skipped: number }

/**
 * Puts the order's projects back into the user's cart with the ordered quantities at today's prices. A line is
 * skipped when its project is gone, is not available for ordering (draft, archive, no price) or belongs to a
 * client the user may no longer order for; the others are added one by one, each under the cart's lock.
 */
export async function reorder(db: Db, orderId: number, userId: number, now: Date): Promise<ReorderResult> {
  const lines = await db.select({ quantity: orderLines.quantity, dfmReview: orderLines.dfmReview, project: projects, role: clientUsers.role })
    .from(orderLines)
    .leftJoin(projects, eq(projects.id, orderLines.projectId))
    .leftJoin(clientUsers, and(eq(clientUsers.clientId, projects.clientId), eq(clientUsers.userId, userId)))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  let added = 0;
  let cartTotal: number | null = null;
  for (const { quantity, dfmReview, project, role } of lines) {
    if (!project || role === null || !editsOrderingData(role) || project.status !== 'actual' || project.quote === null) continue;
    try {
      // A line ordered for an engineer's review goes back as one; the checkout judges the project again either way.
      cartTotal = await putCartLine(db, project, userId, quantity, now, dfmReview);
      added += 1;
    } catch (error) {
      // The project changed between the read and the put (archived, its quote dropped): skipped like the others.
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
  return { cartTotal: cartTotal ?? await countCartLines(db, userId), added, skipped: lines.length - added };
}
