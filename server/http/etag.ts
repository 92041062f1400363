import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reference data (dictionaries, banks, legal forms): answered with an ETag, 304 when the caller has it. */
    reference?: boolean;
  }
}

/** `If-None-Match` holds a list of tags, weak or strong (RFC 9110: compared weakly for GET), or `*`. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = tag.slice(2);
  return header.split(',').some((item) => {
    const candidate = item.trim();
    return candidate === '*' || candidate === tag || candidate === opaque;
  });
}

/**
 * Reference data changes a few times a year but every form asks for it: the browser keeps it and asks again with
 * the tag, and an unchanged answer costs a 304 instead of the rows. Weak, since it is a hash of the JSON text, not
 * of bytes on the wire; private, since the calls need a signed-in user.
 */
export function setupReferenceEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.reference || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const tag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', tag).header('cache-control', 'private, no-cache');
    if (!matches(request.headers['if-none-match'], tag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}
