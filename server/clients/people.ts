import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { personName } from '../client-access/people';
import { users } from '../db/schema';

/** Names of several users by id, for notification contents. */
export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({
    id: users.id, firstName: users.firstName, patronymic: users.patronymic, lastName: users.lastName, email: users.email, phone: users.phone,
  }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, personName(row, `#${row.id}`)]));
}

export async function nameOf(db: Db, userId: number): Promise<string> {
  return (await namesOf(db, [userId])).get(userId) ?? `#${userId}`;
}
