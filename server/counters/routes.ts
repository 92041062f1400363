import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as counters from '../../src/contract/counters';
import { visibleLinesOf } from '../cart/lines';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import { memberClients } from '../client-access/membership';
import type { GatewayContext } from '../context';
import { cartItems } from '../cart/schema';
import { clientUsers } from '../db/schema';
import { orders } from '../orders/schema';
import { projects } from '../projects/schema';
import { registerCall, signedIn } from '../http/register-call';

const count = (condition?: SQL) =>
  (condition ? sql`count(*) filter (where ${condition})` : sql`count(*)`).mapWith(Number);

/** Orders the manufacturer is working on: being checked or being made. */
const AT_WORK = ['on_check', 'in_progress'];

async function tally(ctx: GatewayContext, scope: { projects: SQL; orders: SQL }) {
  const [p] = await ctx.db.select({
    actual: count(eq(projects.status, 'actual')),
    draft: count(eq(projects.status, 'draft')),
    favorite: count(eq(projects.isFavorite, true)),
  }).from(projects).where(scope.projects);
  const [o] = await ctx.db.select({
    total: count(),
    waiting: count(eq(orders.status, 'waiting_for_payment')),
    favorite: count(eq(orders.isFavorite, true)),
    atWork: count(inArray(orders.status, AT_WORK)),
  }).from(orders).where(scope.orders);
  return { p: p ?? { actual: 0, draft: 0, favorite: 0 }, o: o ?? { total: 0, waiting: 0, favorite: 0, atWork: 0 } };
}

/** The user sees the projects and orders of every client they are a member of; the cart is their own. */
async function userCounters(ctx: GatewayContext, userId: number) {
  const mine = memberClients(userId);
  const { p, o } = await tally(ctx, { projects: inArray(projects.clientId, mine), orders: inArray(orders.clientId, mine) });
  const [b] = await ctx.db.select({
    total: count(),
    price: sql`coalesce(sum(${cartItems.price}), 0)`.mapWith(Number),
  }).from(cartItems).where(visibleLinesOf(userId));
  return { p, o, b: b ?? { total: 0, price: 0 } };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function registerCounterRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, counters.countersV2, async (input) => {
    const { p, o, b } = await userCounters(ctx, signedIn(input).userId);
    return {
      projects: { totalActual: p.actual, totalDraft: p.draft },
      orders: { total: o.total, waitingForPayment: o.waiting },
      basket: { price: b.price, total: b.total },
      favorite: { totalProject: p.favorite, totalOrder: o.favorite },
      updatedAt: seconds(ctx.now()),
    };
  });

  registerCall(app, ctx, counters.countersV1, async (input) => {
    const { p, o, b } = await userCounters(ctx, signedIn(input).userId);
    return {
      index: p.favorite + o.favorite, drafts: p.draft, projects: p.actual, baskets: b.total, orders: o.total, atWork: o.atWork,
    };
  });

  registerCall(app, ctx, counters.countersClient, async (input) => {
    // This older call's 404 has a code of its own.
    const notFound = { ...CLIENT_NOT_FOUND, code: 'client_not_found' };
    const { clientId } = await requireClientAccess(ctx.db, { clientId: input.body.clientId }, signedIn(input).userId, 'member', notFound);
    const members = await ctx.db.select({ userId: clientUsers.userId }).from(clientUsers).where(eq(clientUsers.clientId, clientId));
    const { p, o } = await tally(ctx, { projects: eq(projects.clientId, clientId), orders: eq(orders.clientId, clientId) });
    return {
      clientId,
      projects: { totalActual: p.actual, totalDraft: p.draft },
      orders: { total: o.total, waitingForPayment: o.waiting },
      users: members.length,
      updatedAt: seconds(ctx.now()),
    };
  });
}


