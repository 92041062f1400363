import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/orders';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import { countOrderLines, listOrderLines } from '../lists/order-lines';
import { countOrders, listOrders } from '../lists/orders';

/**
 * The orders list and the positions (order lines) list with their counts: every client the user is a member of,
 * non-members see nothing. Built to stay fast at 100 000 orders and 1 000 000 lines (`npm run bench:lists`).
 */
export function registerOrderLineRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.ordersListCount, async (input) =>
    ({ count: await countOrders(ctx.db, signedIn(input).userId, input.body) }));
  registerCall(app, ctx, contract.ordersList, async (input) => listOrders(ctx.db, signedIn(input).userId, input.body));
  registerCall(app, ctx, contract.orderLinesListCount, async (input) =>
    ({ count: await countOrderLines(ctx.db, signedIn(input).userId, input.body) }));
  registerCall(app, ctx, contract.orderLinesList, async (input) => listOrderLines(ctx.db, signedIn(input).userId, input.body));
}
