import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_TYPES, type SecondFactorType } from '../../src/contract/auth';
import type { UserSummary } from '../../src/contract/user';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { Lang } from '../http/messages';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The language the user last signed in with: their letters are written in it. Written only when it changed. */
export async function rememberLang(db: Db, user: Pick<UserRow, 'id' | 'lang'>, lang: Lang): Promise<void> {
  if (user.lang !== lang) await db.update(users).set({ lang }).where(eq(users.id, user.id));
}

export const secondFactorTypesOf = (user: UserRow): SecondFactorType[] =>
  user.secondFactorTypes.filter((type): type is SecondFactorType => (SECOND_FACTOR_TYPES as readonly number[]).includes(type));

/** `notificationsCount` is the user's unread count (server/notifications/queries.ts unreadCount). */
export function toSummary(user: UserRow, isStranger: boolean, notificationsCount: number): UserSummary {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    patronymic: user.patronymic,
    lastName: user.lastName,
    avatar: user.avatar,
    isMale: user.isMale,
    notificationsCount,
    isFilled: user.isFilled,
    isStranger,
    registeredAt: user.createdAt.toISOString(),
  };
}
