import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { invoiceCounts, invoices } from './schema';

const rowOf = (clientId: number, paid: boolean) => and(eq(invoiceCounts.clientId, clientId), eq(invoiceCounts.paid, paid));

/**
 * Moves one invoice of `clientId` from one count to another in the caller's transaction (paid or not; null: issued /
 * gone). Rows that reach 0 are deleted, so the table always equals what `recountInvoices` would write.
 */
export async function moveInvoiceCount(tx: Db, clientId: number, from: boolean | null, to: boolean | null): Promise<void> {
  if (from === to) return;
  if (from !== null) {
    await tx.update(invoiceCounts).set({ invoices: sql`${invoiceCounts.invoices} - 1` }).where(rowOf(clientId, from));
    await tx.delete(invoiceCounts).where(and(rowOf(clientId, from), sql`${invoiceCounts.invoices} <= 0`));
  }
  if (to !== null) {
    await tx.insert(invoiceCounts).values({ clientId, paid: to, invoices: 1 })
      .onConflictDoUpdate({ target: [invoiceCounts.clientId, invoiceCounts.paid], set: { invoices: sql`${invoiceCounts.invoices} + 1` } });
  }
}

/** Recounts `invoice_counts` from `invoices` (after bulk inserts: the bench, long-list tests); one client or all. */
export async function recountInvoices(tx: Db, clientId?: number): Promise<void> {
  const only = clientId === undefined ? sql`true` : sql`${invoices.clientId} = ${clientId}`;
  await tx.delete(invoiceCounts).where(clientId === undefined ? undefined : eq(invoiceCounts.clientId, clientId));
  await tx.execute(sql`
    insert into ${invoiceCounts} (client_id, paid, invoices)
    select ${invoices.clientId}, ${invoices.paidAt} is not null, count(*)::int
    from ${invoices} where ${only}
    group by 1, 2`);
}
