import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/staff-orders';
import { issueStrangerKey } from '../auth/stranger-keys';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { registerCall, staffOf, type CallInput } from '../http/register-call';
import { letterPostOf } from '../letters/queue';
import { setComplaintStatus } from '../orders/complaints';
import { recordAudit, type Actor } from '../audit/log';
import { askCustomer, cancelAtCheck, checkQueue, claimOrder, releaseAtCheck, unclaimOrder, type ByStaff } from './check';
import { correctAtCheck } from './corrections';
import { countDeskOrders, listComplaints, listDeskOrders, moveOrder, staffOrderView } from './order-desk';

/** The staff desks' calls (src/contract/staff-orders.ts): the engineering check and the order desk. */
export function registerStaffOrderRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const byOf = <B, Q>(input: CallInput<B, Q>): ByStaff => ({ staffId: staffOf(input).staffId, requestId: input.request.id, now: ctx.now() });
  const orderOf = async <B, Q>(input: CallInput<B, Q>, orderId: number) => ({ order: (await staffOrderView(ctx.db, orderId, input.lang, ctx.config)).order });

  registerCall(app, ctx, contract.staffCheckQueue, async () => ({ items: await checkQueue(ctx.db) }));

  registerCall(app, ctx, contract.staffOrderGet, async (input) => staffOrderView(ctx.db, Number(input.query.orderId), input.lang, ctx.config));

  registerCall(app, ctx, contract.staffCheckClaim, async (input) =>
    claimOrder(ctx.db, input.body.orderId, input.body.takeOver === true, byOf(input)));

  registerCall(app, ctx, contract.staffCheckUnclaim, async (input) => {
    await unclaimOrder(ctx.db, input.body.orderId, byOf(input), staffOf(input).role === 'admin');
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.staffCheckRelease, async (input) => {
    await releaseAtCheck(ctx.db, input.body.orderId, letterPostOf(ctx), byOf(input));
    return orderOf(input, input.body.orderId);
  });

  registerCall(app, ctx, contract.staffCheckAsk, async (input) => {
    const { orderId, kind, message, lineIds } = input.body;
    await askCustomer(ctx.db, { orderId, kind, message, lineIds: lineIds ?? [] }, letterPostOf(ctx), byOf(input));
    return orderOf(input, orderId);
  });

  registerCall(app, ctx, contract.staffCheckCorrect, async (input) => {
    await correctAtCheck(ctx.db, input.body, input.lang, letterPostOf(ctx), byOf(input));
    return orderOf(input, input.body.orderId);
  });

  registerCall(app, ctx, contract.staffCheckCancel, async (input) => {
    await cancelAtCheck(ctx.db, input.body.orderId, input.body.reason, letterPostOf(ctx), byOf(input));
    return orderOf(input, input.body.orderId);
  });

  registerCall(app, ctx, contract.staffOrdersListCount, async ({ body }) => ({ count: await countDeskOrders(ctx.db, body) }));
  registerCall(app, ctx, contract.staffOrdersList, async ({ body, lang }) => listDeskOrders(ctx.db, body, lang));

  registerCall(app, ctx, contract.staffOrdersMove, async (input) => {
    await moveOrder(ctx.db, input.body, letterPostOf(ctx), byOf(input));
    return orderOf(input, input.body.orderId);
  });

  registerCall(app, ctx, contract.staffComplaintsList, async ({ body }) => ({ complaints: await listComplaints(ctx.db, { status: body.status }) }));

  registerCall(app, ctx, contract.staffComplaintsAnswer, async (input) => {
    const by = byOf(input);
    const { complaintId, status, resolution } = input.body;
    await setComplaintStatus(ctx.db, { complaintId, status, resolution: resolution ?? null, now: by.now }, (tx, change) => recordAudit(tx, {
      actor: { staffId: by.staffId }, action: 'complaint.answer', targetType: 'complaint', targetId: complaintId, at: by.now,
      requestId: by.requestId, before: { ...change.before }, after: { ...change.after },
    }));
    const [answered] = await listComplaints(ctx.db, { id: complaintId });
    if (!answered) throw new Error(`complaint ${complaintId} vanished`);
    return answered;
  });

  // The key is shown once to whoever asked; the log keeps who, for whom, why and until when, never the key.
  const issueKey = async (body: { login: string; reason: string; hours?: number }, actor: Actor, requestId: string) => {
    const now = ctx.now();
    const hours = body.hours ?? 1;
    const issued = await ctx.db.transaction(async (tx) => {
      const key = await issueStrangerKey(tx, body.login, hours, now);
      if (!key) throw new ApiError(404, 'supportLoginNotFound', {}, { field: 'login', code: 'not_found' });
      await recordAudit(tx, {
        actor, action: 'support.stranger_key', targetType: 'user', targetId: key.userId, at: now, requestId,
        before: null, after: { reason: body.reason.trim(), hours, expiresAt: key.expiresAt.toISOString() },
      });
      return key;
    });
    return { key: issued.key, userId: issued.userId, expiresAt: issued.expiresAt.toISOString() };
  };
  registerCall(app, ctx, contract.staffSupportStrangerKey, async (input) =>
    issueKey(input.body, { staffId: staffOf(input).staffId }, input.request.id));
  registerCall(app, ctx, contract.operatorStrangerKey, async (input) => issueKey(input.body, 'cli', input.request.id));
}
