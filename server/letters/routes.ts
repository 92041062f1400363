import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getLetterSettings, ORDER_LETTERS, setLetterSettings, type LetterSettings } from '../../src/contract/letters';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { unauthorized } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';

/** Stored once each, in the contract's order, whatever order or repeats the body had. */
const normalized = (muted: readonly string[]) => ORDER_LETTERS.filter((kind) => muted.includes(kind));

async function settingsOf(db: Db, userId: number): Promise<LetterSettings> {
  const [row] = await db.select({ mutedLetters: users.mutedLetters, lang: users.lang }).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return { mutedLetters: normalized(row.mutedLetters), lang: row.lang };
}

/** Which order letters the signed-in user receives (codes and security letters always go). */
export function registerLetterRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, getLetterSettings, async (input) => settingsOf(ctx.db, signedIn(input).userId));

  registerCall(app, ctx, setLetterSettings, async (input) => {
    const userId = signedIn(input).userId;
    await ctx.db.update(users).set({ mutedLetters: normalized(input.body.mutedLetters) }).where(eq(users.id, userId));
    return settingsOf(ctx.db, userId);
  });
}
