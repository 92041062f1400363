import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/notifications';
import type { GatewayContext } from '../context';
import { asDbId } from '../db/ids';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { changeReadStatus, countNotifications, listNotifications, unreadCount } from './queries';

export function registerNotificationRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, contract.notificationsListCount, async (input) => ({
    count: await countNotifications(ctx.db, signedIn(input).userId, input.body),
  }));

  registerCall(app, ctx, contract.notificationsList, (input) => listNotifications(ctx.db, signedIn(input).userId, input.body));

  registerCall(app, ctx, contract.notificationsChangeReadStatus, async (input) => {
    const { userId } = signedIn(input);
    const id = asDbId(Number(input.query.id));
    const read = input.query.read === undefined ? undefined : input.query.read === 'true';
    // Someone else's notification answers exactly like one that does not exist.
    const changed = id === null ? null : await changeReadStatus(ctx.db, userId, id, read, ctx.now());
    if (!changed) throw new ApiError(404, 'notificationNotFound', {}, { field: 'id', code: 'notification_not_found' });
    return { id: changed.id, readAt: changed.readAt ? changed.readAt.toISOString() : null, unreadCount: await unreadCount(ctx.db, userId) };
  });
}
