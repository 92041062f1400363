import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { images } from './schema';
import { ApiError } from '../http/errors';
import type { DecodedImage } from './image-data';

export const IMAGE_PATH = '/files/images';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The image id behind a '/files/images/<id>' URL, or null for any other URL. */
export function imageIdOf(url: string | null): string | null {
  const prefix = `${IMAGE_PATH}/`;
  if (!url?.startsWith(prefix)) return null;
  const id = url.slice(prefix.length);
  return UUID.test(id) ? id : null;
}

export async function storeImage(db: Db, ownerUserId: number, image: DecodedImage, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(images).values({ id, ownerUserId, mime: image.mime, data: image.bytes, createdAt: now });
  return `${IMAGE_PATH}/${id}`;
}

/** Deletes the image behind `url` if it is the user's own; other URLs are left alone. */
export async function deleteOwnImage(db: Db, ownerUserId: number, url: string | null): Promise<void> {
  const id = imageIdOf(url);
  if (id) await db.delete(images).where(and(eq(images.id, id), eq(images.ownerUserId, ownerUserId)));
}

/** Hands the image behind `url` from one user to another (a group image follows the group's ownership). */
export async function transferImage(db: Db, url: string | null, fromUserId: number, toUserId: number): Promise<void> {
  const id = imageIdOf(url);
  if (id) await db.update(images).set({ ownerUserId: toUserId }).where(and(eq(images.id, id), eq(images.ownerUserId, fromUserId)));
}

const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * GET /files/images/<id>, outside /api and without a token so that <img> can load it: the id is random and
 * unguessable. An id never changes its bytes (a new upload gets a new id), so the answer may be cached for good.
 */
export function registerImageRoute(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { id: string } }>(`${IMAGE_PATH}/:id`, async (request, reply) => {
    const { id } = request.params;
    const [row] = UUID.test(id) ? await ctx.db.select().from(images).where(eq(images.id, id)) : [];
    if (!row) throw new ApiError(404, 'notFound', {}, { code: 'not_found' });
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asBuffer(row.data));
  });
}
