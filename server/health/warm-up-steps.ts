import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { validate } from 'superstruct';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { clientUsers } from '../db/schema';
import { orders } from '../orders/schema';
import { callsServedBy } from '../http/register-call';
import { countInvoices, listInvoices } from '../orders/invoices/list';
import { countOrderLines, listOrderLines } from '../orders/line-list';
import { countOrders, listOrders } from '../orders/list';
import type { WarmUpStep } from './warm-up';

/** Connections a gateway's PostgreSQL pool holds (server/db/connect.ts): all are opened before the first call. */
const POOL_CONNECTIONS = 10;
/**
 * The lists' first calls on a fresh gateway cost 30–100 ms more than the next (measured): one round takes
 * that; the request path is cheap, so it runs a few more rounds for V8 to compile routing, hooks and validation.
 */
const LIST_ROUNDS = 2;
const REQUEST_ROUNDS = 10;

/** A member of the client with the newest order: whose lists the first customers after a restart will ask for. */
async function busyMember(db: Db): Promise<number | null> {
  const [row] = await db.select({ userId: clientUsers.userId }).from(orders)
    .innerJoin(clientUsers, eq(clientUsers.clientId, orders.clientId)).orderBy(desc(orders.id)).limit(1);
  return row?.userId ?? null;
}

/** First page of each list and its count, as the dashboard and the list pages ask for them; read only. */
async function lists(db: Db, userId: number): Promise<void> {
  const page = { pagination: { page: 1, itemsOnPage: 20 } };
  await Promise.all([
    countOrders(db, userId, {}), listOrders(db, userId, page, 'ru'), countOrderLines(db, userId, {}), listOrderLines(db, userId, page),
    countInvoices(db, userId, {}), listInvoices(db, userId, page),
  ]);
}

/**
 * What a fresh gateway does before it reports ready (docs/decisions.md, "Metrics, .env.example and warm before serving"):
 * opens every pooled connection, runs the lists' queries, the contract's validators and the request path (routing,
 * admission, token check, the error answer), so the first minute after a restart is served as the ones after it.
 */
export function gatewayWarmUpSteps(app: FastifyInstance, ctx: GatewayContext): WarmUpStep[] {
  const { db } = ctx;
  return [
    { name: 'database connections', run: () => Promise.all(Array.from({ length: POOL_CONNECTIONS }, () => db.execute(sql`select 1`))) },
    {
      name: 'list queries',
      run: async () => {
        const userId = await busyMember(db);
        for (let round = 0; round < LIST_ROUNDS; round += 1) await lists(db, userId ?? 0);
      },
    },
    {
      // Every served call's body and query struct once with an empty input: the validators' code is compiled before
      // the first customer's call is checked (the request path below stops at the token check, before validation).
      name: 'contract validators',
      run: async () => {
        for (const call of callsServedBy(ctx)) {
          if (call.body) validate({}, call.body);
          if (call.query) validate({}, call.query);
        }
      },
    },
    {
      name: 'request path',
      run: async () => {
        for (let round = 0; round < REQUEST_ROUNDS; round += 1) {
          // Named, so their log lines read as the warm-up's and not as a stranger's bad token.
          const id = `warm-up-${round}`;
          await Promise.all([
            app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': `${id}-health` } }),
            app.inject({ method: 'POST', url: '/api/catalog-viewer/v2/orders/List', headers: { authorization: 'Bearer warm-up', 'x-request-id': `${id}-list` },
              payload: { pagination: { page: 1, itemsOnPage: 20 } } }),
          ]);
        }
      },
    },
  ];
}
