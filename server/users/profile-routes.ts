import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { removeAvatar, updateMainInfo, uploadAvatar } from '../../src/contract/credentials';
import { requiredText } from '../../src/contract/fields';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { decodeImageDataUrl } from '../files/image-data';
import { deleteOwnImage, registerImageRoute, storeImage } from '../files/images';
import { ApiError, unauthorized } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';

const OK = { ok: true as const };

/**
 * The contract bounds dataUrl to what AVATAR_MAX_BYTES encodes to. The gateway reads somewhat larger bodies on this
 * one call so that a too-large photo is told so plainly ('not more than 2 MB') rather than by a field length.
 */
const AVATAR_BODY_LIMIT = 8 * 1024 * 1024;
const lenientAvatarRequest = object({ dataUrl: requiredText(AVATAR_BODY_LIMIT) });
const lenientUploadAvatar = { ...uploadAvatar, body: lenientAvatarRequest };

/** Sets the user's avatar URL and deletes the image it replaces, in the caller's transaction. */
async function replaceAvatar(tx: Db, userId: number, avatar: string | null): Promise<void> {
  const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) throw unauthorized();
  await tx.update(users).set({ avatar }).where(eq(users.id, userId));
  if (before.avatar !== avatar) await deleteOwnImage(tx, userId, before.avatar);
}

/** Profile main info and avatar. */
export function registerProfileRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, updateMainInfo, async (input) => {
    const firstName = input.body.firstName.trim();
    const lastName = input.body.lastName.trim();
    for (const [field, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
      if (!value) throw new ApiError(400, 'fieldEmpty', { field }, { field, code: 'empty' });
    }
    // Both names present is what a filled profile means, so this also completes a profile left unfilled.
    await ctx.db.update(users).set({
      firstName, lastName, patronymic: input.body.patronymic.trim(), isMale: input.body.isMale, isFilled: true,
    }).where(eq(users.id, signedIn(input).userId));
    return OK;
  });

  registerCall(app, ctx, lenientUploadAvatar, async (input) => {
    const userId = signedIn(input).userId;
    const image = decodeImageDataUrl(input.body.dataUrl);
    const avatar = await ctx.db.transaction(async (tx) => {
      const url = await storeImage(tx, userId, image, ctx.now());
      await replaceAvatar(tx, userId, url);
      return url;
    });
    return { avatar };
  }, { bodyLimit: AVATAR_BODY_LIMIT + 1024 });

  registerCall(app, ctx, removeAvatar, async (input) => {
    const userId = signedIn(input).userId;
    await ctx.db.transaction((tx) => replaceAvatar(tx, userId, null));
    return { avatar: null };
  });

  registerImageRoute(app, ctx);
}
