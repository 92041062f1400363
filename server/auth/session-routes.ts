import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as user from '../../src/contract/user';
import type { GatewayContext } from '../context';
import { sessions } from './schema';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { endSessions } from './sessions';

const OK = { ok: true as const };

/** The signed-in user's sessions: the list of devices, and ending one of them or the current one. */
export function registerSessionRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, user.getSessions, async (input) => {
    const auth = signedIn(input);
    // A session unseen for longer than a token lives plus the refresh window can no longer be used.
    const lifetimeMs = (ctx.config.accessTokenTtlSeconds + ctx.config.refreshWindowSeconds) * 1000;
    const rows = await ctx.db.select().from(sessions)
      .where(and(eq(sessions.userId, auth.userId), isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, new Date(ctx.now().getTime() - lifetimeMs))))
      .orderBy(desc(sessions.lastSeenAt));
    return rows.map((row) => ({
      sessionId: row.id,
      deviceInfo: row.deviceInfo,
      location: row.location,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === auth.sessionId,
    }));
  });

  registerCall(app, ctx, user.terminateCurrentSession, async (input) => {
    await endSessions(ctx, eq(sessions.id, signedIn(input).sessionId));
    return OK;
  });

  registerCall(app, ctx, user.terminateSession, async (input) => {
    const auth = signedIn(input);
    // Someone else's session answers exactly like an unknown one.
    const ended = await endSessions(ctx, and(eq(sessions.id, input.query.sessionId), eq(sessions.userId, auth.userId)));
    if (ended === 0) throw new ApiError(404, 'sessionNotFound', {}, { field: 'sessionId', code: 'session_not_found' });
    return OK;
  });
}
