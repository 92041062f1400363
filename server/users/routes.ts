import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as user from '../../src/contract/user';
import type { GatewayContext } from '../context';
import { users } from '../db/schema';
import type { AuthContext } from '../http/callers';
import { ApiError, unauthorized } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { unreadCount } from '../notifications/queries';
import { findUserById, secondFactorTypesOf, toSummary, type UserRow } from './users';

const OK = { ok: true as const };

export function registerUserRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const me = async (auth: AuthContext): Promise<UserRow> => {
    const row = await findUserById(ctx.db, auth.userId);
    if (!row) throw unauthorized();
    return row;
  };

  const summaryOf = async (row: UserRow, auth: AuthContext) => toSummary(row, auth.isStranger, await unreadCount(ctx.db, row.id));

  registerCall(app, ctx, user.getMySummary, async (input) => {
    const auth = signedIn(input);
    return summaryOf(await me(auth), auth);
  });

  registerCall(app, ctx, user.getMyDetailedInfo, async (input) => {
    const auth = signedIn(input);
    const row = await me(auth);
    return {
      summary: await summaryOf(row, auth),
      reservePhone: row.reservePhone,
      reserveEmail: row.reserveEmail,
      secondFactorTypes: secondFactorTypesOf(row),
      createdAt: row.createdAt.toISOString(),
    };
  });

  registerCall(app, ctx, user.profileCompleted, async (input) => ({ isFilled: (await me(signedIn(input))).isFilled }));

  registerCall(app, ctx, user.fillProfile, async (input) => {
    const auth = signedIn(input);
    const firstName = input.body.firstName.trim();
    const lastName = input.body.lastName.trim();
    for (const [field, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
      if (!value) throw new ApiError(400, 'fieldEmpty', { field }, { field, code: 'empty' });
    }
    await ctx.db.update(users).set({
      firstName, lastName, patronymic: (input.body.patronymic ?? '').trim(), isMale: input.body.isMale, isFilled: true,
    }).where(eq(users.id, auth.userId));
    return OK;
  });
}
