import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as contract from '../../src/contract/orders';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { orders } from './schema';
import { ApiError } from '../http/errors';
import { registerCall } from '../http/register-call';
import { letterPostOf } from '../letters/queue';
import { setComplaintStatus } from './complaints';
import { recordAudit } from '../audit/log';
import {
  applyOrderAction, demoTrackingNumber, orderNotFound, orderStateOf, usualNextAction, type OrderActionInput, type OrderAfterAction,
} from './lifecycle';
import { statusNames } from './names';
import { recountKeptCounts } from './recount';

/** An order named by its id ('12') or its number ('ПП-2026-00012'). */
interface FoundOrder { id: number; status: string; holdReason: string | null; filesAwaited: boolean }

async function findOrder(db: Db, ref: string): Promise<FoundOrder> {
  const text = ref.trim();
  const id = /^\d{1,15}$/.test(text) ? asDbId(Number(text)) : null;
  const [row] = await db.select({ id: orders.id, status: orders.status, holdReason: orders.holdReason, filesAwaited: orders.filesAwaited })
    .from(orders)
    .where(id === null ? eq(orders.number, text) : eq(orders.id, id));
  if (!row) throw orderNotFound('order');
  return row;
}

const answer = (order: OrderAfterAction) => ({
  id: order.id, number: order.number, status: order.status, holdReason: order.holdReason, trackingNumber: order.trackingNumber,
});

/**
 * The manufacturer's side (`npm run ops`): order actions through the lifecycle machine, complaint answers, and the
 * recount of every kept count.
 * registerCall lets these through only with the operator key (server/orders/operator-key.ts).
 */
export function registerOperatorRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  /** The move and its audit row (actor 'cli') in one transaction, as a staff member's move is recorded. */
  const moveAndRecord = (found: FoundOrder, input: Omit<OrderActionInput, 'orderId' | 'now' | 'by' | 'letters'>, requestId: string) =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const after = await applyOrderAction(tx, { ...input, orderId: found.id, now, by: 'operator', letters: letterPostOf(ctx) });
      await recordAudit(tx, {
        actor: 'cli', action: 'order.move', targetType: 'order', targetId: found.id, at: now, requestId,
        before: { status: found.status, held: found.holdReason !== null },
        after: { action: input.action, status: after.status, held: after.holdReason !== null, trackingNumber: after.trackingNumber },
      });
      return answer(after);
    });

  registerCall(app, ctx, contract.operatorOrderAction, async (input) => moveAndRecord(await findOrder(ctx.db, input.body.order), {
    action: input.body.action, reason: input.body.reason ?? null, trackingNumber: input.body.trackingNumber ?? null,
  }, input.request.id));

  registerCall(app, ctx, contract.operatorOrderNext, async (input) => {
    const found = await findOrder(ctx.db, input.body.order);
    const state = orderStateOf(found);
    const action = usualNextAction(state);
    if (!action) throw new ApiError(409, 'orderNoNextStep', statusNames(state.status, state.held), { field: 'order', code: 'finished' });
    return moveAndRecord(found, { action, trackingNumber: action === 'ship' ? demoTrackingNumber() : null }, input.request.id);
  });

  registerCall(app, ctx, contract.operatorRecount, async () => ({ repairs: await recountKeptCounts(ctx.db) }));

  registerCall(app, ctx, contract.operatorComplaintStatus, async (input) => {
    const { complaintId, status, resolution } = input.body;
    const now = ctx.now();
    return setComplaintStatus(ctx.db, { complaintId, status, resolution: resolution ?? null, now }, (tx, change) => recordAudit(tx, {
      actor: 'cli', action: 'complaint.answer', targetType: 'complaint', targetId: complaintId, at: now, requestId: input.request.id,
      before: { ...change.before }, after: { ...change.after },
    }));
  });
}
