import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../auth/login-id';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { unauthorized } from '../http/errors';

export interface PersonFields {
  firstName: string;
  patronymic: string;
  lastName: string;
  email: string | null;
  phone?: string | null;
}

/**
 * How people are named in notifications and in requests and invitations: first name, patronymic, last name, as the
 * app's fullName does. A user who has not filled the profile yet is named by e-mail (or phone), never by nothing:
 * the notification contents require a non-empty name; with neither, `unnamed` (a user's '#id' where one is known).
 */
export function personName(person: PersonFields, unnamed = '—'): string {
  const name = [person.firstName, person.patronymic, person.lastName].map((part) => part.trim()).filter(Boolean).join(' ');
  return name || person.email || person.phone || unnamed;
}

/** The columns personName reads, of the users table or one of its aliases (who asked, who answered, who invited). */
export function personColumns<First, Patronymic, Last, Email>(user: { firstName: First; patronymic: Patronymic; lastName: Last; email: Email }) {
  return { firstName: user.firstName, patronymic: user.patronymic, lastName: user.lastName, email: user.email };
}

/** The signed-in user as these calls need them: an invitation is matched by the lower-cased e-mail. */
export interface Caller {
  userId: number;
  email: string | null;
  name: string;
}

export async function loadCaller(db: Db, userId: number): Promise<Caller> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return { userId, email: row.email === null ? null : normalizeEmail(row.email), name: personName(row) };
}
