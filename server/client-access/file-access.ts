import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { requireClientAccess, type NotFound, type OfClient } from './check';

/** A staff token says what it is (server/staff/sessions.ts), so the header alone tells which sign-in to check. */
const STAFF_BEARER = /^Bearer\s+staff_/i;

/**
 * A client's file (a board picture, an invoice, a line's files): for members of the client, and for the
 * manufacturer's staff of any role, who judge and make what the client ordered. Anyone else gets the 404
 * of a missing file.
 */
export async function requireFileReader<Thing extends OfClient>(
  ctx: GatewayContext, header: string | undefined, thing: Thing | null | undefined, notFound: NotFound,
): Promise<Thing> {
  if (header !== undefined && STAFF_BEARER.test(header)) {
    await ctx.guards.authenticateStaff(ctx, header);
    if (!thing) throw new ApiError(404, notFound.key, {}, { field: notFound.field, code: notFound.code ?? 'not_found' });
    return thing;
  }
  const auth = await ctx.guards.authenticate(ctx, header, 'user');
  return (await requireClientAccess(ctx.db, thing, auth.userId, 'member', notFound)).row;
}
