import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/cart';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import { letterPostOf } from '../letters/queue';
import { placeOrder } from './place';

/**
 * Placing the order: the one flow that spans the cart, the client's payers and contacts, DFM and the orders, so it
 * lives in its own area that calls them and none of them calls back.
 */
export function registerCheckoutRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.checkout, async (input) =>
    placeOrder(ctx.db, signedIn(input).userId, input.body, ctx.now(), input.lang, letterPostOf(ctx)));
}
