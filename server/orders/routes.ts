import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as contract from '../../src/contract/orders';
import type { GatewayContext } from '../context';
import { orders } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { letterPostOf } from '../letters/queue';
import { requireOrder } from './access';
import { addComplaint, cancelComplaint } from './complaints';
import { countKeyOf, moveOrderCount } from './counts';
import { applyOrderAction } from './lifecycle';
import { countOrderLines, listOrderLines } from './line-list';
import { countOrders, listOrders } from './list';
import { attachOrderFiles } from './order-files';
import { acceptCorrection, answerRequest } from './engineer-requests';
import { reorder } from './reorder';
import { addReview } from './reviews';
import { orderToWire } from './view';

/**
 * The customer's order calls: the orders and positions lists, the order page, favourite, cancel, reorder,
 * reviews and complaints, the files an order awaits; the manufacturer's actions are the operator routes'. Access is checked first: a non-member
 * gets 404 whatever the body says.
 */
export function registerOrderRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  // Every client the user is a member of; non-members see nothing. Fast at 100 000 orders (`npm run bench:lists`).
  registerCall(app, ctx, contract.ordersListCount, async (input) =>
    ({ count: await countOrders(ctx.db, signedIn(input).userId, input.body) }));
  registerCall(app, ctx, contract.ordersList, async (input) => listOrders(ctx.db, signedIn(input).userId, input.body, input.lang));
  registerCall(app, ctx, contract.orderLinesListCount, async (input) =>
    ({ count: await countOrderLines(ctx.db, signedIn(input).userId, input.body) }));
  registerCall(app, ctx, contract.orderLinesList, async (input) => listOrderLines(ctx.db, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.getOrder, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireOrder(ctx.db, userId, Number(input.query.id), 'member');
    return orderToWire(ctx.db, row.id, { userId, role, lang: input.lang }, ctx.config);
  });

  registerCall(app, ctx, contract.setOrderFavorite, async (input) => {
    const { row } = await requireOrder(ctx.db, signedIn(input).userId, input.body.id, 'member');
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update');
      if (!locked || locked.isFavorite === input.body.isFavorite) return;
      await tx.update(orders).set({ isFavorite: input.body.isFavorite }).where(eq(orders.id, row.id));
      await moveOrderCount(tx, locked.clientId, countKeyOf(locked), countKeyOf({ ...locked, isFavorite: input.body.isFavorite }));
    });
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.cancelOrder, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireOrder(ctx.db, userId, input.body.id, 'order');
    await applyOrderAction(ctx.db, {
      orderId: row.id, action: 'cancel', reason: input.body.reason, now: ctx.now(), by: 'customer', letters: letterPostOf(ctx),
    });
    return orderToWire(ctx.db, row.id, { userId, role, lang: input.lang }, ctx.config);
  });

  // Any member attaches files (an engineer is often the one who has them); a non-member gets 404.
  registerCall(app, ctx, contract.attachOrderFiles, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireOrder(ctx.db, userId, input.body.orderId, 'member', 'orderId');
    await attachOrderFiles(ctx.db, {
      orderId: row.id, lineId: input.body.lineId, uploadId: input.body.uploadId, now: ctx.now(), letters: letterPostOf(ctx),
    });
    return orderToWire(ctx.db, row.id, { userId, role, lang: input.lang }, ctx.config);
  });

  // Every member of the client answers the engineer, as every member attaches the files asked for.
  registerCall(app, ctx, contract.answerEngineerRequest, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireOrder(ctx.db, userId, input.body.orderId, 'member', 'orderId');
    await answerRequest(ctx.db, { orderId: row.id, requestId: input.body.requestId, answer: input.body.answer, userId, now: ctx.now() });
    return orderToWire(ctx.db, row.id, { userId, role, lang: input.lang }, ctx.config);
  });

  registerCall(app, ctx, contract.acceptEngineerCorrection, async (input) => {
    const userId = signedIn(input).userId;
    const { row, role } = await requireOrder(ctx.db, userId, input.body.orderId, 'order', 'orderId');
    await acceptCorrection(ctx.db, {
      orderId: row.id, requestId: input.body.requestId, accept: input.body.accept, userId, now: ctx.now(), letters: letterPostOf(ctx),
    });
    return orderToWire(ctx.db, row.id, { userId, role, lang: input.lang }, ctx.config);
  });

  registerCall(app, ctx, contract.reorder, async (input) => {
    const userId = signedIn(input).userId;
    const { row } = await requireOrder(ctx.db, userId, input.body.id, 'order');
    return reorder(ctx.db, row.id, userId, ctx.now());
  });

  registerCall(app, ctx, contract.addOrderReview, async (input) => {
    const userId = signedIn(input).userId;
    const { row } = await requireOrder(ctx.db, userId, input.body.orderId, 'member', 'orderId');
    return addReview(ctx.db, row, { userId, rating: input.body.rating, text: input.body.text, now: ctx.now() });
  });

  registerCall(app, ctx, contract.addOrderComplaint, async (input) => {
    const userId = signedIn(input).userId;
    const { row } = await requireOrder(ctx.db, userId, input.body.orderId, 'member', 'orderId');
    return addComplaint(ctx.db, row, { userId, lineId: input.body.lineId, text: input.body.text, now: ctx.now() });
  });

  registerCall(app, ctx, contract.cancelOrderComplaint, async (input) =>
    cancelComplaint(ctx.db, input.body.id, signedIn(input).userId, ctx.now()));
}
