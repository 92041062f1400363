import { count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { CallDefinition } from '../../src/contract/call';
import type { SortDirection } from '../../src/contract/list';
import { clientRowReader, type ClientTable } from '../client-access/check';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import type { MessageKey } from '../http/messages';
import { registerCall, signedIn } from '../http/register-call';
import { ORDERING_DATA_NEEDS, requireOrderingData, type Access } from './access';
import { offsetOf, orderOf } from '../lists/list-query';

type RecordTable = ClientTable & { $inferSelect: { id: number } };

/** A page of a list: the count's query with the page and the sort, newest first unless one is chosen. */
type PageOf<Count, SortCode extends string> = Count & {
  pagination: { page: number; itemsOnPage: number }; sort?: { code: SortCode | 'createdAt'; orderBy: SortDirection } | undefined;
};

/** A kind of a client's ordering records (payers, contacts): its table, its calls and how its lists read. */
export interface ClientRecords<
  Table extends RecordTable, Wire, Count extends { clientId: number }, SortCode extends string, IdQuery,
  Create extends { clientId: number }, Update extends { id: number }, Values,
> {
  /** Named in the errors of a write that returns no row. */
  kind: string;
  table: Table;
  notFound: MessageKey;
  calls: {
    count: CallDefinition<Count, undefined, { count: number }>;
    list: CallDefinition<PageOf<Count, SortCode>, undefined, Wire[]>;
    get: CallDefinition<undefined, IdQuery & { id: string | number }, Wire>;
    remove: CallDefinition<{ id: number }, undefined, { ok: true }>;
    create: CallDefinition<Create, undefined, Wire>;
    update: CallDefinition<Update, undefined, Wire>;
  };
  /** The rows a list keeps: the client's, narrowed by its filters and search. */
  where(query: Count): SQL | undefined;
  /** What each sort orders by; ties go by id, so pages never overlap. */
  sorts: Record<SortCode | 'createdAt', PgColumn | SQL>;
  toWire(row: Table['$inferSelect']): Wire;
  /** The values stored, checked from a create's or an update's body. */
  valid(body: Create | Update): Values;
  /** The writes, in a transaction of their own, with the kind's own checks (payers: unique requisites). */
  insert(tx: Db, clientId: number, values: Values, now: Date): Promise<Array<Table['$inferSelect']>>;
  update(tx: Db, existing: Table['$inferSelect'], values: Values, now: Date): Promise<Array<Table['$inferSelect']>>;
}

/**
 * The calls every kind of ordering record has alike: count, page (newest first unless a sort is chosen), read one,
 * create, update and delete, access checked before the body's values.
 */
export function registerRecordCalls<
  Table extends RecordTable, Wire, Count extends { clientId: number }, SortCode extends string, IdQuery,
  Create extends { clientId: number }, Update extends { id: number }, Values,
>(app: FastifyInstance, ctx: GatewayContext, records: ClientRecords<Table, Wire, Count, SortCode, IdQuery, Create, Update, Values>): void {
  const read = clientRowReader(records.table, ORDERING_DATA_NEEDS, records.notFound);
  const owned = async (id: number, userId: number, access: Access) => (await read(ctx.db, userId, id, access)).row;

  registerCall(app, ctx, records.calls.count, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    const [row] = await ctx.db.select({ count: count() }).from(records.table as PgTable).where(records.where(input.body));
    return { count: row?.count ?? 0 };
  });

  registerCall(app, ctx, records.calls.list, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    const sort = input.body.sort ?? { code: 'createdAt', orderBy: 'desc' };
    const rows = await ctx.db.select().from(records.table as PgTable).where(records.where(input.body))
      .orderBy(...orderOf(records.sorts[sort.code], records.table.id, sort.orderBy))
      .limit(input.body.pagination.itemsOnPage)
      .offset(offsetOf(input.body.pagination));
    return (rows as Array<Table['$inferSelect']>).map(records.toWire);
  });

  registerCall(app, ctx, records.calls.get, async (input) =>
    records.toWire(await owned(Number(input.query.id), signedIn(input).userId, 'read')));

  registerCall(app, ctx, records.calls.create, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'write');
    const values = records.valid(input.body);
    const now = ctx.now();
    const [row] = await ctx.db.transaction((tx) => records.insert(tx, input.body.clientId, values, now));
    if (!row) throw new Error(`${records.kind} not created`);
    return records.toWire(row);
  });

  registerCall(app, ctx, records.calls.update, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    const values = records.valid(input.body);
    const [row] = await ctx.db.transaction((tx) => records.update(tx, existing, values, ctx.now()));
    if (!row) throw new Error(`${records.kind} vanished during the update`);
    return records.toWire(row);
  });

  registerCall(app, ctx, records.calls.remove, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    await ctx.db.delete(records.table).where(eq(records.table.id, existing.id));
    return { ok: true as const };
  });
}
