import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/cart';
import { removeCartLine, setCartQuantity } from './edit';
import { getCart } from './view';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import { letterPostOf } from '../letters/queue';
import { placeOrder } from '../orders/place';

/**
 * The signed-in user's own cart and its checkout. A line of another user answers 404 like a missing one; adding
 * projects is the projects routes' (AddProject), reorder's and kits'.
 */
export function registerCartRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.getCart, async (input) => getCart(ctx.db, signedIn(input).userId));

  registerCall(app, ctx, contract.setCartQuantity, async (input) =>
    setCartQuantity(ctx.db, signedIn(input).userId, input.body.lineId, input.body.quantity));

  registerCall(app, ctx, contract.removeCartLine, async (input) =>
    ({ basketTotal: await removeCartLine(ctx.db, signedIn(input).userId, input.body.lineId) }));

  registerCall(app, ctx, contract.checkout, async (input) =>
    placeOrder(ctx.db, signedIn(input).userId, input.body, ctx.now(), input.lang, letterPostOf(ctx)));
}
