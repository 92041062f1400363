import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { managesUsers } from '../../src/contract/clients';
import { findMembership, type Membership } from './membership';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';

/**
 * What a call needs of the caller's role in the client: any member, or a rule of the role matrix (docs/decisions.md;
 * the rules live in the contract, so the app shows the same buttons) with the message its 403 gives.
 */
export type ClientNeed = 'member' | { may: (role: number) => boolean; forbidden: MessageKey };

/** How the 404 reads: the message of what was asked for, the field that named it, and a code when not 'not_found'. */
export interface NotFound { key: MessageKey; field?: string; code?: string }

/** A thing of one client: a project, an order, an upload …, or `{ clientId }` for a call that names the client. */
export interface OfClient { clientId: number }

/** The thing asked for, with the caller's membership of its client. */
export type ClientAccess<Thing extends OfClient> = Membership & { row: Thing };

/** The 404 of a call that names the client by `clientId`. */
export const CLIENT_NOT_FOUND: NotFound = { key: 'clientNotFound', field: 'clientId' };
/** Owners and admins: the members, access requests, invitations and the client's details. */
export const MANAGE_USERS: ClientNeed = { may: managesUsers, forbidden: 'roleTooLow' };

/**
 * The one check of a caller's access to a client's things, called by every area. `thing` is what the call names,
 * read by id (null when there is none). A missing thing and a thing of a client the caller is not a member of answer
 * the same 404, so ids of other clients cannot be probed; a member whose role is too low gets 403. The membership is
 * read on every call, so a removed member loses access on their next request.
 */
export async function requireClientAccess<Thing extends OfClient>(
  db: Db, thing: Thing | null | undefined, userId: number, need: ClientNeed, notFound: NotFound,
): Promise<ClientAccess<Thing>> {
  const membership = thing ? await findMembership(db, userId, thing.clientId) : null;
  if (!thing || !membership) {
    throw new ApiError(404, notFound.key, {}, { field: notFound.field, code: notFound.code ?? 'not_found' });
  }
  if (need !== 'member' && !need.may(membership.role)) {
    throw new ApiError(403, need.forbidden, {}, { field: notFound.field, code: 'forbidden' });
  }
  return { ...membership, row: thing };
}

/** A table of one client's things: rows named by `id`, owned through `client_id`. */
export type ClientTable = PgTable & { id: PgColumn; clientId: PgColumn; $inferSelect: OfClient };

/**
 * An area's read of one of its things by id, checked by requireClientAccess: `needs` are the area's rules of the
 * role matrix, `notFound` the 404's message; a call passes which rule it needs and the field that carried the id.
 */
export function clientRowReader<Table extends ClientTable, Needs extends Record<string, ClientNeed>>(
  table: Table, needs: Needs, notFound: MessageKey,
) {
  return async (db: Db, userId: number, rawId: number, need: keyof Needs, field = 'id'): Promise<ClientAccess<Table['$inferSelect']>> =>
    requireClientAccess(db, await findRow(db, table, rawId), userId, needs[need] as ClientNeed, { key: notFound, field });
}

/** The row of `table` with the id, or undefined: also for an id above the database's range, which no row has. */
export async function findRow<Table extends PgTable & { id: PgColumn }>(db: Db, table: Table, rawId: number): Promise<Table['$inferSelect'] | undefined> {
  const id = asDbId(rawId);
  const rows = id === null ? [] : await db.select().from(table as PgTable).where(eq(table.id, id));
  return rows[0] as Table['$inferSelect'] | undefined;
}
