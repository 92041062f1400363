import { sql } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { CLIENT_NOT_FOUND, requireClientAccess, type ClientNeed } from '../client-access/check';
import type { Db } from '../db/connect';

/** Payers, contacts and delivery settings: every member reads them; every role but the engineer changes them. */
export type Access = 'read' | 'write';

export const ORDERING_DATA_NEEDS = {
  read: 'member',
  write: { may: editsOrderingData, forbidden: 'orderingDataReadOnly' },
} as const satisfies Record<Access, ClientNeed>;

/** For calls naming the client: a non-member gets 404 before anything else is looked at. */
export async function requireOrderingData(db: Db, userId: number, clientId: number, access: Access): Promise<void> {
  await requireClientAccess(db, { clientId }, userId, ORDERING_DATA_NEEDS[access], CLIENT_NOT_FOUND);
}

/**
 * Serialises the writes of one client's list inside a transaction, so two requests cannot both pass a uniqueness
 * check or both leave a default setting. Released at the end of the transaction.
 */
export async function lockClientList(db: Db, list: 'payers' | 'delivery_settings', clientId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${list}), ${clientId})`);
}
