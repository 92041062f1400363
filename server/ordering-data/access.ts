import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { editsOrderingData } from '../../src/contract/clients';
import { findMembership, requireMembership, type Membership } from '../clients/membership';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';

/** Payers, contacts and delivery settings: every member reads them; every role but the engineer changes them. */
export type Access = 'read' | 'write';

function requireWriteRole(membership: Membership, field: string): void {
  if (!editsOrderingData(membership.role)) {
    throw new ApiError(403, 'orderingDataReadOnly', {}, { field, code: 'forbidden' });
  }
}

/** For calls naming the client: a non-member gets 404 before anything else is looked at. */
export async function requireClientAccess(db: Db, userId: number, clientId: number, access: Access): Promise<Membership> {
  const membership = await requireMembership(db, userId, clientId, 'member', 'clientId');
  if (access === 'write') requireWriteRole(membership, 'clientId');
  return membership;
}

type OwnedTable = PgTable & { id: PgColumn; clientId: PgColumn };

/**
 * For calls naming a thing by id: a missing id and a thing of a client the caller is not a member of answer the
 * same 404, so ids of other clients cannot be probed.
 */
export async function requireOwnedItem<Row extends { clientId: number }>(
  db: Db, table: OwnedTable, rawId: number, userId: number, access: Access, notFound: MessageKey,
): Promise<Row> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : (await db.select().from(table as PgTable).where(eq(table.id, id))) as Row[];
  const membership = row ? await findMembership(db, userId, row.clientId) : null;
  if (!row || !membership) throw new ApiError(404, notFound, {}, { field: 'id', code: 'not_found' });
  if (access === 'write') requireWriteRole(membership, 'id');
  return row;
}

/**
 * Serialises the writes of one client's list inside a transaction, so two requests cannot both pass a uniqueness
 * check or both leave a default setting. Released at the end of the transaction.
 */
export async function lockClientList(db: Db, list: 'counteragents' | 'delivery_settings', clientId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${list}), ${clientId})`);
}
