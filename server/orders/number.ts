import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { settings } from '../db/schema';
import { orders } from './schema';

/** Moscow has kept UTC+3 all year since 2014: the factory's year decides which series a number belongs to. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

export const orderYearOf = (now: Date): number => new Date(now.getTime() + MOSCOW_OFFSET_MS).getUTCFullYear();

export const formatOrderNumber = (year: number, sequence: number): string =>
  `ПП-${year}-${String(sequence).padStart(5, '0')}`;

/**
 * The next number of the year's series ('ПП-2026-00001'), from a counter row in `settings` taken atomically in
 * the caller's transaction, so two checkouts never get the same number and a rolled-back one gives its number
 * back. The first number of a year follows any order already numbered in it (seeded or imported orders), so the
 * counter cannot run into them.
 */
export async function nextOrderNumber(tx: Db, now: Date): Promise<string> {
  const year = orderYearOf(now);
  const key = `order-number-${year}`;
  const next = sql`(${settings.value}::int + 1)::text`;
  const [bumped] = await tx.update(settings).set({ value: next }).where(eq(settings.key, key)).returning({ value: settings.value });
  let value = bumped?.value;
  if (value === undefined) {
    const prefix = `ПП-${year}-`;
    const [last] = await tx.select({ max: sql`coalesce(max(substr(${orders.number}, ${prefix.length + 1})::int), 0)`.mapWith(Number) })
      .from(orders).where(sql`${orders.number} ~ ${`^${prefix}[0-9]+$`}`);
    // A twin checkout may start the year at the same moment: the conflict makes it take the next number.
    const [started] = await tx.insert(settings).values({ key, value: String((last?.max ?? 0) + 1) })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } }).returning({ value: settings.value });
    value = started?.value;
  }
  const sequence = Number(value);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error(`order number counter ${key} holds ${String(value)}`);
  return formatOrderNumber(year, sequence);
}
