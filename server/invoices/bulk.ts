import { count, eq, sql } from 'drizzle-orm';
import { VAT_PERCENT } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { invoices } from '../db/schema-business';
import { PAY_WITHIN_DAYS } from './issue';
import { SUPPLIER } from './supplier';

/** Bulk invoice numbers 'СБ-<client>-<7 digits>' cannot meet the real ones ('СЧ-<year>-…') nor another client's. */
export const BULK_INVOICE_PREFIX = 'СБ-';

/**
 * An invoice for every order of the client that has passed the engineering check and has none yet (bulk orders of
 * server/seed/bulk-orders.ts), in one set-based statement with the same document shape issueInvoice writes; paid
 * once the order went into production. For the bench and long-list tests, not for real orders. Answers how many
 * invoices the client has now.
 */
export async function seedBulkInvoices(db: Db, clientId: number): Promise<number> {
  const prefix = `${BULK_INVOICE_PREFIX}${clientId}-`;
  await db.execute(sql`
    insert into invoices (order_id, client_id, number, amount, vat, payer_name, payer_inn, document, issued_at, paid_at)
    select o.id, o.client_id,
      ${prefix} || lpad((row_number() over (order by o.created_at, o.id) + coalesce(
        (select max(substring(number from ${prefix.length + 1})::int) from invoices
          where client_id = ${clientId} and left(number, ${prefix.length}) = ${prefix}), 0))::text, 7, '0'),
      o.total, round(o.total * ${VAT_PERCENT} / ${100 + VAT_PERCENT}, 2), coalesce(o.payer->>'name', ''), coalesce(o.payer->>'inn', ''),
      jsonb_build_object(
        'supplier', ${JSON.stringify(SUPPLIER)}::jsonb,
        'payer', jsonb_build_object('name', o.payer->>'name', 'inn', o.payer->>'inn', 'kpp', o.payer->'kpp',
          'ogrn', o.payer->>'ogrn', 'address', o.payer->>'legalAddress', 'bik', o.payer->>'bik', 'bankName', o.payer->>'bankName',
          'settlementAccount', o.payer->>'settlementAccount', 'correspondentAccount', o.payer->>'correspondentAccount'),
        'orderNumber', o.number,
        'lines', coalesce((select jsonb_agg(jsonb_build_object('title', l.title, 'quantity', l.quantity, 'unit', 'шт.',
          'unitPrice', l.unit_price, 'total', l.total) order by l.id) from order_lines l where l.order_id = o.id), '[]'::jsonb),
        'vatPercent', ${VAT_PERCENT}::int, 'payWithinDays', ${PAY_WITHIN_DAYS}::int),
      o.created_at + interval '2 hours',
      case when o.status in ('in_progress', 'in_stock', 'shipped') then o.created_at + interval '26 hours' end
    from orders o
    where o.client_id = ${clientId} and o.status not in ('on_check', 'canceled')
      and not exists (select 1 from invoices i where i.order_id = o.id)`);
  await db.execute(sql`vacuum analyze invoices`);
  const [row] = await db.select({ count: count() }).from(invoices).where(eq(invoices.clientId, clientId));
  return row?.count ?? 0;
}
