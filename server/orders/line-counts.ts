import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { orderLineCounts, orderLines } from './schema';

/**
 * Recounts `order_line_counts` from `order_lines`; one client or all. The triggers of migration 0006 keep it with
 * every write, this repairs it (`npm run ops -- recount`). Rows the triggers left at 0 go as well.
 */
export async function recountOrderLines(tx: Db, clientId?: number): Promise<void> {
  const only = clientId === undefined ? sql`true` : sql`${orderLines.clientId} = ${clientId}`;
  await tx.delete(orderLineCounts).where(clientId === undefined ? undefined : eq(orderLineCounts.clientId, clientId));
  await tx.execute(sql`
    insert into ${orderLineCounts} (client_id, status, product_type, lines)
    select ${orderLines.clientId}, ${orderLines.status}, ${orderLines.productType}, count(*)::int
    from ${orderLines} where ${only}
    group by 1, 2, 3`);
}
