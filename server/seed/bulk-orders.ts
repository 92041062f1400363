import { and, eq, sql } from 'drizzle-orm';
import { LINE_STATUS_OF_ORDER } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { orders } from '../orders/schema';
import { recountOrders } from '../orders/counts';

export interface BulkOrdersOptions {
  clientId: number;
  orders: number;
  linesPerOrder: number;
  /** The newest order is placed a little before this; the oldest about three years earlier. */
  now: Date;
}

/** Bulk numbers 'ББ-<client>-<7 digits>' cannot meet the real ones ('ПП-…') nor another client's. */
export const BULK_NUMBER_PREFIX = 'ББ-';
const SPAN_SECONDS = 3 * 365 * 24 * 3600;

/**
 * PostgreSQL's own integer hash of (g, salt) in 0…999: values spread well, yet the same on every run, so tests
 * and benches see one data set (random() would give another each time).
 */
const hash = (g: ReturnType<typeof sql>, salt: number) => sql`(abs(hashint8extended((${g})::bigint, ${salt}::bigint)) % 1000)`;

const TITLES = [
  'Контроллер шагового двигателя', 'Усилитель звуковой частоты', 'Блок питания 24 В', 'Датчик температуры',
  'Модуль Wi-Fi', 'Плата индикации', 'Драйвер светодиодов', 'Преобразователь RS-485', 'Материнская плата ЧПУ',
  'Зарядное устройство', 'Плата реле', 'Адаптер JTAG', 'Панель управления', 'Модуль GPS', 'Измеритель тока',
];
const TYPES = ['pcb', 'pcb', 'pcb', 'pcb', 'panel', 'stencil', 'mounting', 'module'];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * Status by age, as a real factory's history looks: nearly everything older than a few months is shipped (some
 * cancelled), the newest orders are still being checked, paid for, made or waiting in stock.
 */
const statusOf = (age: ReturnType<typeof sql>, h: ReturnType<typeof sql>) => sql`case
  when ${h} < 40 and ${age} > 0.02 then 'canceled'
  when ${age} < 0.004 then 'on_check'
  when ${age} < 0.010 then 'waiting_for_payment'
  when ${age} < 0.025 then 'in_progress'
  when ${age} < 0.032 then 'in_stock'
  else 'shipped' end`;

/** Lines follow their order: the contract's mapping, as SQL. */
const LINE_STATUS_SQL = sql`(case o.status ${sql.join(
  Object.entries(LINE_STATUS_OF_ORDER).map(([order, line]) => sql`when ${order}::text then ${line}::text`), sql` `)} end)`;

/** Unit price and quantity of line k of bulk order g; the order's total is their sum, computed the same way. */
const quantityOf = (g: ReturnType<typeof sql>, k: ReturnType<typeof sql>) => sql`(5 + ((${g}::bigint * 31 + ${k} * 17) % 96))::int`;
const unitPriceOf = (g: ReturnType<typeof sql>, k: ReturnType<typeof sql>) =>
  sql`round((120 + ((${g}::bigint * 7919 + ${k}::bigint * 104729) % 48000) / 100.0)::numeric, 2)`;

/**
 * Inserts `orders` orders with `linesPerOrder` lines each for one client in a few set-based statements (no row
 * travels through JavaScript), then recounts the client's order counts and refreshes the planner's statistics.
 * Made for the bench and the browser tests of long lists (the dev call SeedOrders), not for demo data.
 */
export async function seedBulkOrders(db: Db, options: BulkOrdersOptions): Promise<{ orders: number; lines: number }> {
  const { clientId, orders: count, linesPerOrder } = options;
  if (count <= 0) return { orders: 0, lines: 0 };
  const prefix = `${BULK_NUMBER_PREFIX}${clientId}-`;
  const nowIso = options.now.toISOString();
  await db.transaction(async (tx) => {
    // The rows are made consistent by construction, so a superuser (PGlite always) skips the per-row foreign-key
    // checks, which would take most of the time of a million lines; elsewhere they run as usual.
    const [role] = await tx.select({ superuser: sql<boolean>`rolsuper` }).from(sql`pg_roles`).where(sql`rolname = current_user`);
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    // Numbers go on after the client's previous bulk orders, so the call may be repeated.
    const [last] = await tx.select({ start: sql<number>`coalesce(max(substring(number from ${prefix.length + 1}::int)::int), 0)` })
      .from(orders).where(and(eq(orders.clientId, clientId), sql`left(${orders.number}, ${prefix.length}) = ${prefix}`));
    const start = last?.start ?? 0;
    const g = sql`g`;
    const age = sql`((${count}::float8 - (g - ${start})) / ${count}::float8)`;
    // Whole milliseconds, as JavaScript dates hold them, so tests can compare with what they read back.
    const createdAt = sql`date_trunc('milliseconds', ${nowIso}::timestamptz - make_interval(secs => a.age * ${SPAN_SECONDS} + 60))`;
    const lineTotals = sql`(select sum(${quantityOf(g, sql`k`)} * ${unitPriceOf(g, sql`k`)}) from generate_series(1, ${linesPerOrder}) k)`;
    await tx.execute(sql`
      insert into orders (client_id, number, status, is_favorite, comment, total, line_count, first_line_title,
        hold_reason, tracking_number, created_at, status_changed_at, payer, contact, delivery)
      select ${clientId}, ${prefix} || lpad(g::text, 7, '0'), s.status, ${hash(g, 1)} < 30, '',
        coalesce(${lineTotals}, 0), ${linesPerOrder},
        case when ${linesPerOrder} > 0 then (${textArray(TITLES)})[1 + ${hash(g, 2)} % ${TITLES.length}] || ' rev.' || (1 + g % 9) else '' end,
        case when s.status in ('on_check', 'in_progress') and ${hash(g, 3)} < 150 then 'Ждём ответа инженера по файлам' end,
        case when s.status = 'shipped' then 'RB' || lpad(g::text, 9, '0') || 'RU' end,
        s.created_at, s.created_at + make_interval(hours => (case when s.status = 'on_check' then 0 else 24 + ${hash(g, 4)} % 400 end)::int),
        jsonb_build_object('payerId', null, 'name', 'ООО «Тестовый плательщик»', 'inn', '7700000000', 'kpp', null,
          'ogrn', '', 'legalAddress', '', 'bik', '', 'bankName', '', 'settlementAccount', '', 'correspondentAccount', ''),
        jsonb_build_object('contactId', null, 'name', 'Иван Петров', 'phone', null, 'email', null),
        jsonb_build_object('kind', 'warehouse', 'methodName', 'Самовывоз', 'pointName', 'Склад', 'address', '',
          'endpointId', null, 'deliverySettingId', null, 'name', 'Склад', 'nameEn', 'Warehouse', 'recipient', '')
      from generate_series(${start + 1}::int, ${start + count}::int) g
      cross join lateral (select ${age} as age) a
      cross join lateral (select ${statusOf(sql`a.age`, hash(g, 5))} as status, ${createdAt} as created_at) s
      order by g`);
    if (linesPerOrder > 0) {
      const og = sql`o.g`;
      await tx.execute(sql`
        insert into order_lines (order_id, client_id, title, product_type, quantity, unit_price, total, days, status, created_at)
        select o.id, ${clientId},
          case when k = 1 then o.first_line_title
            else (${textArray(TITLES)})[1 + ${hash(sql`(${og} * 13 + k)`, 2)} % ${TITLES.length}] || ' rev.' || (1 + (${og} + k) % 9) end,
          (${textArray(TYPES)})[1 + ${hash(sql`(${og} + k)`, 6)} % ${TYPES.length}],
          ${quantityOf(og, sql`k`)}, ${unitPriceOf(og, sql`k`)}, ${quantityOf(og, sql`k`)} * ${unitPriceOf(og, sql`k`)},
          3 + ${hash(sql`(${og} + k)`, 7)} % 20, ${LINE_STATUS_SQL}, o.created_at
        from (select id, status, first_line_title, created_at, substring(number from ${prefix.length + 1}::int)::int as g
              from orders where client_id = ${clientId} and left(number, ${prefix.length}) = ${prefix}
                and substring(number from ${prefix.length + 1}::int)::int > ${start}) o
        cross join generate_series(1, ${linesPerOrder}) k
        order by o.id, k`);
    }
    await recountOrders(tx, clientId);
  });
  // Fresh statistics let the planner pick the indexes at once; the visibility map lets it skip the table on counts.
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_lines`);
  return { orders: count, lines: count * linesPerOrder };
}
