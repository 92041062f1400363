import type { Db } from '../db/connect';

/** Issues the order's invoice (number, requisites and lines copied from the order) unless it has one. */
export async function issueInvoice(tx: Db, orderId: number, now: Date): Promise<void> {
  void tx; void orderId; void now;
  throw new Error('issueInvoice: not written yet (invoices helper)');
}

/** Marks the order's invoice paid at `now` (the operator's 'pay'). */
export async function markInvoicePaid(tx: Db, orderId: number, now: Date): Promise<void> {
  void tx; void orderId; void now;
  throw new Error('markInvoicePaid: not written yet (invoices helper)');
}
