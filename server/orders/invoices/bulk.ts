import { count, eq, sql } from 'drizzle-orm';
import { VAT_PERCENT } from '../../../src/contract/orders';
import type { Db } from '../../db/connect';
import { invoices } from './schema';
import { recountInvoices } from './counts';
import { PAY_WITHIN_DAYS } from './issue';
import { BATCH_UNIT } from './lines';
import { SUPPLIER } from '../../supplier/details';

/** Bulk invoice numbers 'СБ-<client>-<7 digits>' cannot meet the real ones ('СЧ-<year>-…') nor another client's. */
export const BULK_INVOICE_PREFIX = 'СБ-';

/**
 * An invoice for every order of the client that has passed the engineering check and has none yet (bulk orders of
 * server/seed/bulk-orders.ts): the rows and their documents (the same shape issueInvoice writes) in one set-based
 * statement, then the client's invoice counts recounted, in one transaction; paid once the order went into
 * production. For the bench and long-list tests, not for real orders. Answers how many invoices the client has now.
 */
export async function seedBulkInvoices(db: Db, clientId: number): Promise<number> {
  const prefix = `${BULK_INVOICE_PREFIX}${clientId}-`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with made as (
        insert into invoices (order_id, client_id, number, order_number, amount, vat, payer_name, payer_inn, issued_at, paid_at)
        select o.id, o.client_id,
          ${prefix} || lpad((row_number() over (order by o.created_at, o.id) + coalesce(
            (select max(substring(number from ${prefix.length + 1}::int)::int) from invoices
              where client_id = ${clientId} and left(number, ${prefix.length}) = ${prefix}), 0))::text, 7, '0'),
          o.number, o.total,
          coalesce((select sum(round(l.total * ${VAT_PERCENT} / ${100 + VAT_PERCENT}, 2)) from order_lines l where l.order_id = o.id), 0),
          coalesce(o.payer->>'name', ''), coalesce(o.payer->>'inn', ''),
          o.created_at + interval '2 hours',
          case when o.status in ('in_progress', 'in_stock', 'shipped') then o.created_at + interval '26 hours' end
        from orders o
        where o.client_id = ${clientId} and o.status not in ('on_check', 'canceled')
          and not exists (select 1 from invoices i where i.order_id = o.id)
        returning id, order_id)
      insert into invoice_documents (invoice_id, document)
      select m.id, jsonb_build_object(
        'supplier', ${JSON.stringify(SUPPLIER)}::jsonb,
        'payer', jsonb_build_object('name', o.payer->>'name', 'inn', o.payer->>'inn', 'kpp', o.payer->'kpp',
          'ogrn', o.payer->>'ogrn', 'address', o.payer->>'legalAddress', 'bik', o.payer->>'bik', 'bankName', o.payer->>'bankName',
          'settlementAccount', o.payer->>'settlementAccount', 'correspondentAccount', o.payer->>'correspondentAccount'),
        'orderNumber', o.number,
        'lines', coalesce((select jsonb_agg(jsonb_build_object('title', l.title || ', партия ' || l.quantity || ' шт.', 'quantity', 1,
          'unit', ${BATCH_UNIT}::text, 'unitPrice', l.total, 'total', l.total) order by l.id) from order_lines l where l.order_id = o.id), '[]'::jsonb),
        'vatPercent', ${VAT_PERCENT}::int, 'payWithinDays', ${PAY_WITHIN_DAYS}::int)
      from made m join orders o on o.id = m.order_id`);
    await recountInvoices(tx, clientId);
  });
  // Outside the transaction (vacuum cannot run in one): the planner must see the new rows to choose the indexes.
  await db.execute(sql`vacuum analyze invoices`);
  await db.execute(sql`vacuum analyze invoice_documents`);
  const [row] = await db.select({ count: count() }).from(invoices).where(eq(invoices.clientId, clientId));
  return row?.count ?? 0;
}
