import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { editsOrderingData } from '../../src/contract/clients';
import { CLIENT_NOT_FOUND, requireClientAccess, type ClientNeed } from '../client-access/check';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import type { MessageKey } from '../http/messages';

/** Payers, contacts and delivery settings: every member reads them; every role but the engineer changes them. */
export type Access = 'read' | 'write';

const NEEDS = {
  read: 'member',
  write: { may: editsOrderingData, forbidden: 'orderingDataReadOnly' },
} as const satisfies Record<Access, ClientNeed>;

/** For calls naming the client: a non-member gets 404 before anything else is looked at. */
export async function requireOrderingData(db: Db, userId: number, clientId: number, access: Access): Promise<void> {
  await requireClientAccess(db, { clientId }, userId, NEEDS[access], CLIENT_NOT_FOUND);
}

type OwnedTable = PgTable & { id: PgColumn; clientId: PgColumn };

/** For calls naming a thing by id: a missing id and a thing of another client answer the same 404. */
export async function requireOwnedItem<Row extends { clientId: number }>(
  db: Db, table: OwnedTable, rawId: number, userId: number, access: Access, notFound: MessageKey,
): Promise<Row> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : (await db.select().from(table as PgTable).where(eq(table.id, id))) as Row[];
  return (await requireClientAccess(db, row, userId, NEEDS[access], { key: notFound, field: 'id' })).row;
}

/**
 * Serialises the writes of one client's list inside a transaction, so two requests cannot both pass a uniqueness
 * check or both leave a default setting. Released at the end of the transaction.
 */
export async function lockClientList(db: Db, list: 'counteragents' | 'delivery_settings', clientId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${list}), ${clientId})`);
}
