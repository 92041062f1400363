import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CallDefinition } from '../../src/contract/call';
import * as dicts from '../../src/contract/dicts';
import type { GatewayContext } from '../context';
import * as ref from '../db/reference/schema';
import { registerCall } from '../http/register-call';
import { asDbId } from '../db/ids';

/** Every dictionary answers all its rows in id order, with the columns its contract item names. */
function list<T extends PgTable & { id: PgColumn }, Item>(
  app: FastifyInstance, ctx: GatewayContext, call: CallDefinition<undefined, undefined, Item[]>, table: T,
): void {
  registerCall(app, ctx, call, async () => {
    const rows = await ctx.db.select().from(table as PgTable).orderBy(asc(table.id));
    return rows as Item[];
  }, { reference: true });
}

export function registerDictRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  list(app, ctx, dicts.countries, ref.countries);
  list(app, ctx, dicts.clientActivities, ref.clientActivities);
  list(app, ctx, dicts.offices, ref.offices);
  list(app, ctx, dicts.taxcodeTypes, ref.taxcodeTypes);
  list(app, ctx, dicts.organizations, ref.organizations);
  list(app, ctx, dicts.projectStatuses, ref.projectStatuses);
  list(app, ctx, dicts.orderStatuses, ref.orderStatuses);
  list(app, ctx, dicts.orderLineStatuses, ref.orderLineStatuses);
  list(app, ctx, dicts.deliveryMethods, ref.deliveryMethods);
  list(app, ctx, dicts.deliveryEndpoints, ref.deliveryEndpoints);
  list(app, ctx, dicts.divisionEndpoints, ref.divisionEndpoints);

  registerCall(app, ctx, dicts.regions, async ({ query }) => {
    const countryId = asDbId(Number(query.countryId));
    if (countryId === null) return [];
    return ctx.db.select().from(ref.regions).where(eq(ref.regions.countryId, countryId)).orderBy(asc(ref.regions.id));
  }, { reference: true });
}
