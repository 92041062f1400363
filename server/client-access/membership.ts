import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clients, clientUsers, users } from '../db/schema';

export interface Membership {
  clientId: number;
  userId: number;
  role: number;
}

/**
 * A user's membership of a client, or null. Whether a caller may reach a client's things is decided by
 * requireClientAccess (server/client-access/check.ts) alone; this is read directly only to learn something, not to
 * refuse: FindByInn's isMember, a request for access by someone already in, the target of ChangeRole, and who sees
 * an access request or an invitation (wider than the client's managers: its requester, invitee or sender too).
 */
export async function findMembership(db: Db, userId: number, clientId: number): Promise<Membership | null> {
  const id = asDbId(clientId);
  if (id === null) return null;
  const [row] = await db.select().from(clientUsers).where(and(eq(clientUsers.clientId, id), eq(clientUsers.userId, userId)));
  return row ? { clientId: row.clientId, userId: row.userId, role: row.role } : null;
}

const theirs = alias(clientUsers, 'their_clients');

/**
 * The people who share at least one client with `userId` (not `userId`), as a subquery of user ids: the only people
 * the groups area lets a user find, add or see the phone and e-mail of. Read per request, so someone who leaves the
 * last shared client stops being a colleague at once.
 */
export function colleaguesOf(db: Db, userId: number) {
  return db.selectDistinct({ userId: theirs.userId }).from(clientUsers)
    .innerJoin(theirs, eq(theirs.clientId, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, userId), ne(theirs.userId, userId)));
}

/** Which of `others` share a client with `userId`. */
export async function colleaguesAmong(db: Db, userId: number, others: number[]): Promise<Set<number>> {
  const ids = others.filter((id) => id !== userId && asDbId(id) !== null);
  if (ids.length === 0) return new Set();
  const rows = await db.select({ userId: users.id }).from(users)
    .where(and(inArray(users.id, ids), inArray(users.id, colleaguesOf(db, userId))));
  return new Set(rows.map((row) => row.userId));
}

/**
 * The clients the user is a member of, as a subquery: `inArray(table.clientId, …)`, or `client_id in …` in raw SQL.
 * Every list and count of a user's things filters by it, read per request, so a removed member loses them at once;
 * one thing of a client is reached through requireClientAccess instead.
 */
export const memberClients = (userId: number): SQL =>
  sql`(select ${clientUsers.clientId} from ${clientUsers} where ${clientUsers.userId} = ${userId})`;

/** The same clients' ids, for lists read as one index range per client (one indexed read). */
export async function memberClientIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: clientUsers.clientId }).from(clientUsers).where(eq(clientUsers.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * What accepting a request or an invitation does: the user joins the client with the role (one who joined meanwhile
 * keeps the role they have). Answers the client's name, for the notice of the answer.
 */
export async function settleAnswer(
  tx: Db, answer: { accepted: boolean; clientId: number; userId: number; role: number; now: Date },
): Promise<string> {
  if (answer.accepted) {
    await tx.insert(clientUsers)
      .values({ clientId: answer.clientId, userId: answer.userId, role: answer.role, createdAt: answer.now })
      .onConflictDoNothing();
  }
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, answer.clientId));
  if (!client) throw new Error('an answered request or invitation outlived its client');
  return client.name;
}
