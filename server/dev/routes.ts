import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDemoNotifications, listOutbox, seedDevOrders } from '../../src/contract/dev';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import { outbox } from '../delivery/schema';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { createNotifications } from '../notifications/create';
import { seedBulkOrders } from '../seed/bulk-orders';
import { variedNotificationDrafts } from '../seed/demo-notifications';

/** Newest first; enough to read the latest codes by hand or from tests. */
const OUTBOX_LIMIT = 200;

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;

/** Headers a proxy adds when it passes a request on: X-Forwarded-*, Forwarded, X-Real-IP and Via. */
const forwardedBy = (name: string): boolean =>
  name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip' || name === 'via';

/**
 * The request comes from this machine, and nothing on it passed someone else's request on: a proxy on this host
 * (nginx, Caddy) forwards the Internet from a loopback address, so any forwarding header means "not this machine",
 * whatever address it names and whether TRUST_PROXY believes it or not.
 */
export const isFromThisMachine = (request: FastifyRequest): boolean =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') && !Object.keys(request.headers).some(forwardedBy);

/**
 * Not registered at all in production, so the path answers the ordinary JSON 404. The outbox holds every code the
 * gateway sent (sign in, reset a password): it is served in demo mode only, and only to this machine.
 */
export function registerDevRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  if (ctx.config.production) return;
  if (ctx.config.demo) registerCall(app, ctx, listOutbox, async ({ request }) => {
    if (!isFromThisMachine(request)) throw new ApiError(404, 'notFound', {}, { code: 'not_found' });
    const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(OUTBOX_LIMIT);
    return rows.map((row) => ({
      id: row.id, channel: row.channel, status: row.status, error: row.error, recipient: row.recipient, subject: row.subject,
      body: row.body, code: row.code, createdAt: row.createdAt.toISOString(),
    }));
  });
  // Browser tests cannot run the admin command while the gateway holds the embedded database.
  registerCall(app, ctx, createDemoNotifications, async (input) => {
    const drafts = variedNotificationDrafts(signedIn(input).userId, input.body.count, ctx.now());
    return { created: (await createNotifications(ctx.db, drafts, ctx.now())).length };
  });
  registerCall(app, ctx, seedDevOrders, async (input) => {
    const { clientId, count } = input.body;
    await requireClientAccess(ctx.db, { clientId }, signedIn(input).userId, 'member', CLIENT_NOT_FOUND);
    const seeded = await seedBulkOrders(ctx.db, { clientId, orders: count, linesPerOrder: 3, now: ctx.now() });
    return { created: seeded.orders };
  });
}
