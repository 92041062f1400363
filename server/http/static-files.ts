import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite's output names carry a content hash (`assets/index-B1xDk2Qa.js`): such a name never changes meaning. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
/** A request for a file, not a page: a miss is a 404, never the app's HTML (robots, favicons, stale chunks). */
const FILE_LIKE = /\.(js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|webmanifest|br|gz|wasm)$/i;

function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export const isFileLike = (path: string): boolean => FILE_LIKE.test(path);

/**
 * The built app's files with their Brotli or gzip copy when the browser takes one (scripts/compress-assets.ts made
 * them, `Vary: Accept-Encoding` comes with it). Hashed assets are cached for a year; everything else, index.html
 * first, is revalidated on every use so a new build shows at once. Returns false when `dir` holds no built app.
 */
export async function serveBuiltApp(app: FastifyInstance, dir: string | null): Promise<boolean> {
  if (dir === null || !existsSync(join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir, prefix: '/', wildcard: true, index: ['index.html'],
    preCompressed: true, cacheControl: false, setHeaders: cacheHeaders,
  });
  return true;
}
