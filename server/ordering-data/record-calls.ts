import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CallDefinition } from '../../src/contract/call';
import { clientRowReader, type ClientTable } from '../client-access/check';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import type { MessageKey } from '../http/messages';
import { registerCall, signedIn } from '../http/register-call';
import { ORDERING_DATA_NEEDS, requireOrderingData, type Access } from './access';

/** A kind of a client's ordering records (payers, contacts): its table, its calls and how its lists read. */
export interface ClientRecords<Table extends ClientTable & { $inferSelect: { id: number } }, Wire, Count extends { clientId: number }, Page extends Count, IdQuery> {
  table: Table;
  notFound: MessageKey;
  calls: {
    count: CallDefinition<Count, undefined, { count: number }>;
    list: CallDefinition<Page, undefined, Wire[]>;
    get: CallDefinition<undefined, IdQuery & { id: string | number }, Wire>;
    remove: CallDefinition<{ id: number }, undefined, { ok: true }>;
  };
  count(db: Db, query: Count): Promise<number>;
  list(db: Db, query: Page): Promise<Wire[]>;
  toWire(row: Table['$inferSelect']): Wire;
}

/**
 * The calls every kind of ordering record has alike: count, page, read one and delete, access checked before the
 * body's values. Answers the read of one record for the kind's own create and update.
 */
export function registerRecordCalls<Table extends ClientTable & { $inferSelect: { id: number } }, Wire, Count extends { clientId: number }, Page extends Count, IdQuery>(
  app: FastifyInstance, ctx: GatewayContext, records: ClientRecords<Table, Wire, Count, Page, IdQuery>,
): (id: number, userId: number, access: Access) => Promise<Table['$inferSelect']> {
  const read = clientRowReader(records.table, ORDERING_DATA_NEEDS, records.notFound);
  const owned = async (id: number, userId: number, access: Access) => (await read(ctx.db, userId, id, access)).row;

  registerCall(app, ctx, records.calls.count, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return { count: await records.count(ctx.db, input.body) };
  });

  registerCall(app, ctx, records.calls.list, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return records.list(ctx.db, input.body);
  });

  registerCall(app, ctx, records.calls.get, async (input) =>
    records.toWire(await owned(Number(input.query.id), signedIn(input).userId, 'read')));

  registerCall(app, ctx, records.calls.remove, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    await ctx.db.delete(records.table).where(eq(records.table.id, existing.id));
    return { ok: true as const };
  });
  return owned;
}
