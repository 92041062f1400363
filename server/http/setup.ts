import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../src/contract/call';
import { ApiError } from './errors';
import { setupReferenceEtags } from './etag';
import { setupJsonBody } from './json-body';
import { pickLang } from './messages';
import { isFileLike, serveBuiltApp } from './static-files';
import { databaseUnavailable, isDatabaseUnavailable } from './unavailable';

const langOf = (request: FastifyRequest) => pickLang(request.headers['accept-language']);

function send(reply: FastifyReply, request: FastifyRequest, error: ApiError) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).header('cache-control', 'no-store').send(error.body(langOf(request)));
}

/** Fastify's own client errors (body too large, bad JSON, wrong content type) in the gateway's error shape. */
function fromFastify(error: FastifyError): ApiError | null {
  const status = error.statusCode ?? 500;
  if (status === 413) return new ApiError(413, 'bodyTooLarge', {}, { code: 'body_too_large' });
  if (status === 415) return new ApiError(415, 'unsupportedMedia', {}, { code: 'unsupported_media_type' });
  if (status === 400 && (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)) {
    return new ApiError(400, 'badJson', {}, { code: 'bad_json' });
  }
  if (status >= 400 && status < 500) return new ApiError(status, 'badRequest', {}, { code: error.code ?? 'bad_request' });
  return null;
}

export function setupHttp(app: FastifyInstance): void {
  // The API speaks JSON only: every other body type is answered 415.
  app.removeAllContentTypeParsers();
  setupJsonBody(app);
  setupReferenceEtags(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.error({ err: error }, 'gateway error');
      return send(reply, request, error);
    }
    const known = fromFastify(error);
    if (known) return send(reply, request, known);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply.header('retry-after', '5'), request, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, new ApiError(500, 'internal', {}, { code: 'internal' }));
  });
}

/**
 * Serves the built app when `dir` holds an index.html (static-files.ts), and index.html for any other page GET
 * outside /api so that client-side routes (/auth, /en/auth) load the app. /api misses stay JSON 404s, and so do
 * misses of files (`/robots.txt`, an old `/assets/*.js`): HTML there would be parsed as a script or a robots file.
 */
export async function setupStaticAndFallback(app: FastifyInstance, dir: string | null): Promise<void> {
  const serveApp = await serveBuiltApp(app, dir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === API_BASE || path.startsWith(`${API_BASE}/`);
    if (serveApp && !isApi && !isFileLike(path) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return send(reply, request, new ApiError(404, 'notFound', {}, { code: 'not_found' }));
  });
}
