import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/staff';
import type { GatewayContext } from '../context';
import { staffSessions } from './schema';
import { ApiError } from '../http/errors';
import { registerCall, staffOf } from '../http/register-call';
import { listAudit, recordAudit, type Change } from '../audit/log';
import { registerAuditExportRoute } from './audit-export';
import { createMember, disableMember, listMembers, updateMember } from './members';
import type { StaffAuth } from '../http/callers';
import { endStaffSessions } from './sessions';
import { confirmSignIn, setUpPassword, startSignIn } from './sign-in';

const sessionNotFound = () => new ApiError(404, 'staffSessionNotFound', {}, { field: 'sessionId', code: 'not_found' });

/** Another member's sessions are an admin's business only; asking for them otherwise reads as asking for nothing. */
const mayReach = (staff: StaffAuth, staffId: number) => staff.staffId === staffId || staff.role === 'admin';

/** The staff calls (src/contract/staff.ts): sign-in, sessions, members (admins) and the audit log (admins). */
export function registerStaffRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const changeBy = (staff: StaffAuth, requestId: string): Change => ({ actor: { staffId: staff.staffId }, requestId });

  registerCall(app, ctx, contract.staffSignIn, async ({ body, ip, userAgent }) =>
    startSignIn(ctx, body, { ip, deviceInfo: body.deviceInfo || userAgent }));

  registerCall(app, ctx, contract.staffConfirmCode, async ({ body, ip, request }) => confirmSignIn(ctx, body, ip, request.id),
    { rateLimitKey: ({ body }) => body.challengeId });

  registerCall(app, ctx, contract.staffSetUp, async ({ body, request }) => setUpPassword(ctx, body, request.id),
    { rateLimitKey: ({ ip }) => ip });

  registerCall(app, ctx, contract.staffSignOut, async (input) => {
    const staff = staffOf(input);
    if (staff.via === 'apiKey') throw new ApiError(409, 'staffSystemNoSignIn', {}, { code: 'system' });
    await endSession(staff, staff.sessionId, input.request.id);
    return { ok: true as const };
  });

  async function endSession(staff: StaffAuth, sessionId: string, requestId: string): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const [session] = await tx.select({ staffId: staffSessions.staffId }).from(staffSessions).where(eq(staffSessions.id, sessionId));
      if (!session || !mayReach(staff, session.staffId)) throw sessionNotFound();
      const ended = await endStaffSessions(ctx, tx, eq(staffSessions.id, sessionId));
      if (ended.length === 0) throw sessionNotFound();
      await recordAudit(tx, {
        ...changeBy(staff, requestId), at: ctx.now(), action: 'session.end', targetType: 'session', targetId: sessionId,
        before: { staffId: session.staffId, ended: false }, after: { staffId: session.staffId, ended: true },
      });
    });
  }

  registerCall(app, ctx, contract.staffSessionsList, async (input) => {
    const staff = staffOf(input);
    const staffId = input.body.staffId ?? staff.staffId;
    if (!mayReach(staff, staffId)) throw new ApiError(403, 'staffRoleForbidden', { roles: 'admin' }, { field: 'staffId', code: 'forbidden' });
    const now = ctx.now();
    const idleSince = new Date(now.getTime() - ctx.config.staffSessions.idleMinutes * 60_000);
    const rows = await ctx.db.select().from(staffSessions)
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt), gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince)))
      .orderBy(desc(staffSessions.lastSeenAt));
    return {
      sessions: rows.map((row) => ({
        id: row.id, staffId: row.staffId, ip: row.ip, deviceInfo: row.deviceInfo, createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(), current: row.id === staff.sessionId,
      })),
    };
  });

  registerCall(app, ctx, contract.staffSessionsEnd, async (input) => {
    await endSession(staffOf(input), input.body.sessionId, input.request.id);
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.staffMembersList, async (input) => ({ members: await listMembers(ctx.db, input.body.includeDisabled ?? false) }));

  registerCall(app, ctx, contract.staffMembersCreate, async (input) => createMember(ctx, input.body, changeBy(staffOf(input), input.request.id)));

  registerCall(app, ctx, contract.staffMembersUpdate, async (input) => updateMember(ctx, input.body, changeBy(staffOf(input), input.request.id)));

  registerCall(app, ctx, contract.staffMembersDisable, async (input) =>
    ({ member: await disableMember(ctx, input.body.id, changeBy(staffOf(input), input.request.id)) }));

  registerCall(app, ctx, contract.staffAuditList, async ({ body }) => listAudit(ctx.db, {
    ...(body.actor === undefined ? {} : { actor: body.actor }),
    ...(body.action === undefined ? {} : { action: body.action }),
    ...(body.from === undefined ? {} : { from: dateOf(body.from, 'from') }),
    ...(body.to === undefined ? {} : { to: dateOf(body.to, 'to') }),
    ...(body.beforeId === undefined ? {} : { beforeId: body.beforeId }),
  }));

  registerAuditExportRoute(app, ctx);

  // The command line's way in (`npm run admin -- staff-create`), with the operator key: recorded as 'cli'.
  registerCall(app, ctx, contract.operatorStaffCreate, async ({ body, request }) => createMember(ctx, body, { actor: 'cli', requestId: request.id }));
}

function dateOf(text: string, field: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, 'fieldFormat', { field }, { field, code: 'bad_format' });
  return date;
}
