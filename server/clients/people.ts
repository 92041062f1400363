import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

interface Named {
  id: number;
  firstName: string;
  patronymic: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

/**
 * A person's name as notifications show it: 'Иван Петрович Смирнов' (as fullName in src/services/format.ts);
 * a user who has not filled the profile yet is named by e-mail, then phone.
 */
export function personName(user: Named): string {
  const name = [user.firstName, user.patronymic, user.lastName].map((part) => part.trim()).filter((part) => part !== '').join(' ');
  return name || user.email || user.phone || `#${user.id}`;
}

/** Names of several users by id, for notification contents. */
export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({
    id: users.id, firstName: users.firstName, patronymic: users.patronymic, lastName: users.lastName, email: users.email, phone: users.phone,
  }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, personName(row)]));
}

export async function nameOf(db: Db, userId: number): Promise<string> {
  return (await namesOf(db, [userId])).get(userId) ?? `#${userId}`;
}
