import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationListQuery } from '../../src/contract/notifications';
import type { Db } from '../db/connect';
import { notifications } from './schema';
import type { NotificationRow } from './create';

type Conditions = Pick<NotificationListQuery, 'search' | 'filters'>;

/**
 * Only the user's own notifications. The search looks, case-insensitively, for the text inside any string value
 * of the content (names of people and clients); numbers and flags are not text a user reads, so they are skipped.
 * strpos instead of LIKE: the user's '%' and '_' are plain characters.
 */
function whereOf(userId: number, query: Conditions) {
  const search = query.search?.trim() ?? '';
  return and(
    eq(notifications.userId, userId),
    query.filters?.includes('NotRead') ? isNull(notifications.readAt) : undefined,
    search === '' ? undefined : sql`exists (
      select 1 from jsonb_each(${notifications.content}) as field
      where jsonb_typeof(field.value) = 'string' and strpos(lower(field.value #>> '{}'), lower(${search}::text)) > 0)`,
  );
}

export async function countNotifications(db: Db, userId: number, query: Conditions): Promise<number> {
  const [row] = await db.select({ count: count() }).from(notifications).where(whereOf(userId, query));
  return row?.count ?? 0;
}

export const toWire = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
  content: row.content,
});

/** One page, newest first unless asked otherwise; the id breaks ties so pages never overlap. */
export async function listNotifications(db: Db, userId: number, query: NotificationListQuery): Promise<Notification[]> {
  const { page, itemsOnPage } = query.pagination;
  const direction = query.sort?.orderBy === 'asc' ? asc : desc;
  const rows = await db.select().from(notifications)
    .where(whereOf(userId, query))
    .orderBy(direction(notifications.createdAt), direction(notifications.id))
    .limit(itemsOnPage)
    .offset((page - 1) * itemsOnPage);
  return rows.map(toWire);
}

/** The summary's notificationsCount: computed every time, so it cannot drift from the rows. */
export const unreadCount = (db: Db, userId: number): Promise<number> => countNotifications(db, userId, { filters: ['NotRead'] });

/**
 * Without `read` the state flips; with it the state is set, and a notification already read keeps its first read
 * time. One UPDATE decides, so two quick clicks flip twice instead of reading a stale state. Null: not the user's.
 */
export async function changeReadStatus(
  db: Db, userId: number, id: number, read: boolean | undefined, now: Date,
): Promise<{ id: number; readAt: Date | null } | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const readAt = read === undefined
    ? sql`case when ${notifications.readAt} is null then ${at} else null end`
    : read ? sql`coalesce(${notifications.readAt}, ${at})` : null;
  const [row] = await db.update(notifications).set({ readAt })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id, readAt: notifications.readAt });
  return row ?? null;
}
