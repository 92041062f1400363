import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { UPLOAD_LIMITS } from '../../src/contract/board-files';
import { claimQuote, getQuoteUpload, orderQuote, QUOTE_KEY_HEADER, quotePrice, setQuoteLayers, uploadQuoteFiles } from '../../src/contract/quote';
import { addressBucket, spend } from '../auth/rate-limit';
import { ARCHIVE_TYPES, readArchive } from '../board-jobs/archive-body';
import type { BoardJobs } from '../board-jobs/compose';
import { acceptArchive, rerunWithLayers } from '../board-jobs/intake';
import { QUOTE_PRIORITY } from '../board-jobs/queue';
import { findUpload, quoteStateOf } from '../board-jobs/store';
import { CLIENT_NOT_FOUND, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { quoteFor } from '../pricing/quote';
import { PROJECT_NEEDS } from '../projects/access';
import { projectToWire } from '../projects/view';
import { claimInto, orderQuote as orderQuoteInto } from './claim';
import { hashQuoteKey, isIssuedQuoteKey, newQuoteKey, quoteKeyOf, requireQuote } from './access';

const HOUR_SECONDS = 3600;

const keyOf = (request: FastifyRequest): string | null => quoteKeyOf(request.headers[QUOTE_KEY_HEADER]);

/**
 * The instant quote: a visitor's uploads through the signed-in pipeline and limits, owned by a key, and
 * Claim, which hands a quote to a client of a signed-in user as a draft project. Pictures are served by
 * /files/boards/ to the key's holder (board-files/images.ts).
 */
export async function registerQuoteRoutes(
  app: FastifyInstance,
  ctx: GatewayContext,
  { workers, processing, progress, holders }: Pick<BoardJobs, 'workers' | 'processing' | 'progress' | 'holders'>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(ARCHIVE_TYPES, (request: FastifyRequest, payload: IncomingMessage) => readArchive(request, payload));
    registerCall(
      scope,
      ctx,
      uploadQuoteFiles,
      async (input) => {
        // Its own hourly bucket, and the address's share of every limited call: unpacking costs a worker.
        await spend(ctx, [
          { key: `quote-upload:${input.ip}`, limit: ctx.config.quote.uploadsPerHour, windowSeconds: HOUR_SECONDS },
          addressBucket(ctx, input.ip),
        ]);
        const sent = input.request.headers[QUOTE_KEY_HEADER];
        const given = keyOf(input.request);
        if (sent !== undefined && given === null) {
          throw new ApiError(400, 'quoteKeyInvalid', {}, { field: QUOTE_KEY_HEADER, code: 'bad_value' });
        }
        // Keys are the server's: a sent one is kept only if a quote already carries it (this visitor's next upload);
        // any other, or none, gets a fresh one, so nobody makes an upload reachable by a key of their choosing.
        const key = given !== null && (await isIssuedQuoteKey(ctx.db, given)) ? given : newQuoteKey();
        const owner = { clientId: null, userId: null, quoteKeyHash: hashQuoteKey(key) };
        const uploadId = await acceptArchive(ctx, { workers, processing, progress }, input.request.body, input.query.fileName, owner);
        const row = await findUpload(ctx.db, uploadId);
        if (!row) throw new Error('the stored upload is missing');
        return { quoteKey: key, state: quoteStateOf(row, input.lang) };
      },
      { bodyLimit: UPLOAD_LIMITS.archiveBytes },
    );
  });

  registerCall(app, ctx, getQuoteUpload, async (input) => {
    const row = await requireQuote(ctx.db, input.query.uploadId, keyOf(input.request));
    return quoteStateOf(row, input.lang);
  });

  registerCall(app, ctx, setQuoteLayers, async (input) => {
    await spend(ctx, [addressBucket(ctx, input.ip)]);
    const row = await requireQuote(ctx.db, input.body.uploadId, keyOf(input.request));
    const done = await rerunWithLayers(ctx, { processing, holders }, row, input.body.files, QUOTE_PRIORITY);
    return quoteStateOf(done, input.lang);
  });

  // The wizard's own arithmetic and table: a quote's price is the price the project will have.
  registerCall(app, ctx, quotePrice, async (input) => quoteFor(input.body.params));

  registerCall(app, ctx, claimQuote, async (input) => {
    const { userId } = signedIn(input);
    const membership = await requireClientAccess(ctx.db, { clientId: input.body.clientId }, userId, PROJECT_NEEDS.edit, CLIENT_NOT_FOUND);
    const claim = { ...input.body, userId, key: keyOf(input.request), lang: input.lang, now: ctx.now() };
    const id = await ctx.db.transaction((tx) => claimInto(tx, claim, 'draft'));
    return projectToWire(ctx.db, id, membership.role);
  });

  // 'Заказать': ready to order and in the cart at once; the cart's role rule, as AddProject's, besides editing.
  registerCall(app, ctx, orderQuote, async (input) => {
    const { userId } = signedIn(input);
    const { clientId } = input.body;
    const membership = await requireClientAccess(ctx.db, { clientId }, userId, PROJECT_NEEDS.edit, CLIENT_NOT_FOUND);
    await requireClientAccess(ctx.db, { clientId }, userId, PROJECT_NEEDS.cart, CLIENT_NOT_FOUND);
    const claim = { ...input.body, userId, key: keyOf(input.request), lang: input.lang, now: ctx.now() };
    const { projectId, cartTotal, dfmReview } = await orderQuoteInto(ctx.db, claim);
    return { project: await projectToWire(ctx.db, projectId, membership.role), cartTotal, dfmReview };
  });
}
