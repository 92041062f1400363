import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/cart';
import { addProjectToCart } from '../../src/contract/projects';
import { removeCartLine, setCartQuantity } from './edit';
import { putCartLine } from './lines';
import { getCart } from './view';
import type { GatewayContext } from '../context';
import { registerCall, signedIn } from '../http/register-call';
import { requireProject } from '../projects/access';
import { requireManufacturable } from '../projects/manufacturable';
import { requireProjectCoversFiles } from '../projects/measured';

/**
 * The signed-in user's own cart. A line of another user answers 404 like a missing one; reorder and kits add lines
 * too, and placing the order is the checkout's.
 */
export function registerCartRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.getCart, async (input) => getCart(ctx.db, signedIn(input).userId));

  registerCall(app, ctx, contract.setCartQuantity, async (input) =>
    setCartQuantity(ctx.db, signedIn(input).userId, input.body.lineId, input.body.quantity));

  registerCall(app, ctx, contract.removeCartLine, async (input) =>
    ({ cartTotal: await removeCartLine(ctx.db, signedIn(input).userId, input.body.lineId) }));

  registerCall(app, ctx, addProjectToCart, async (input) => {
    const userId = signedIn(input).userId;
    const { row } = await requireProject(ctx.db, userId, input.body.projectId, 'cart', 'projectId');
    // Judged and put in one transaction: the files judged stay locked against SetLayers until the line holds them.
    const cartTotal = await ctx.db.transaction(async (tx) => {
      const unmeasured = await requireProjectCoversFiles(tx, row, input.lang, { field: 'projectId' });
      const review = await requireManufacturable(tx, row, input.lang, input.body.dfmReview === true);
      return putCartLine(tx, row, userId, row.quantity, ctx.now(), review || unmeasured);
    });
    return { cartTotal };
  });
}
