import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { QUOTE_KEY_HEADER } from '../../src/contract/quote';
import { holdsQuote, quoteKeyOf } from '../quote/access';
import { requireFileReader } from '../client-access/file-access';
import { BOARD_FILES_PATH, findRender, findUpload } from '../board-jobs/store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE_NAME = /^(top|bottom|layer-f\d{1,4})\.svg$/;
/** Whatever the caller may not see answers as a missing file does. */
const missing = () => new ApiError(404, 'notFound', {}, { code: 'not_found' });

/**
 * GET /files/boards/<uploadId>/<top|bottom|layer-fN>.svg with the access token in the Authorization header (the app
 * fetches the pictures as blobs): members of the upload's client only, anyone else gets the 404 of a missing file.
 * The SVG is drawn from the customer's files, so the answer forbids script and sniffing. SetLayers replaces a
 * picture under the same URL, hence revalidation with the ETag the worker computed rather than a long max-age.
 * The bytes come from the file store; a revalidation that still matches never reads them.
 */
export function registerBoardImageRoute(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { uploadId: string; file: string } }>(`${BOARD_FILES_PATH}/:uploadId/:file`, async (request, reply) => {
    const { uploadId, file } = request.params;
    const name = FILE_NAME.exec(file)?.[1];
    const upload = name && UUID.test(uploadId) ? await findUpload(ctx.db, uploadId) : null;
    // An instant quote's pictures go to the holder of its key and to nobody else, signed in or not.
    if (upload?.clientId === null) {
      if (!holdsQuote(upload, quoteKeyOf(request.headers[QUOTE_KEY_HEADER]))) throw missing();
    } else {
      await requireFileReader(ctx, request.headers.authorization, upload?.clientId ? { clientId: upload.clientId } : null, { key: 'notFound' });
    }
    const render = name ? await findRender(ctx.db, uploadId, name) : null;
    if (!render) throw missing();
    const fresh = request.headers['if-none-match'] === render.etag;
    const svg = fresh ? null : await ctx.files.get(render.key);
    if (!fresh && !svg) throw missing();
    reply
      .header('cache-control', 'private, max-age=0, must-revalidate')
      .header('etag', render.etag)
      .header('vary', `Authorization, ${QUOTE_KEY_HEADER}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cross-origin-resource-policy', 'same-origin');
    if (!svg) return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
