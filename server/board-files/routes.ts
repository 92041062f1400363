import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getUpload, setLayers, streamingToken, UPLOAD_LIMITS, uploadBoardFiles } from '../../src/contract/board-files';
import { API_BASE } from '../../src/contract/call';
import { editsProjects } from '../../src/contract/projects';
import { authenticate } from '../auth/sessions';
import { loadSigningSecret } from '../auth/tokens';
import { ARCHIVE_TYPES, readArchive } from '../board-jobs/archive-body';
import type { BoardJobs } from '../board-jobs/compose';
import { acceptArchive, rerunWithLayers } from '../board-jobs/intake';
import { findClientUpload, stateOf, type ClientUploadRow } from '../board-jobs/store';
import { CLIENT_NOT_FOUND, requireClientAccess, type ClientNeed } from '../client-access/check';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { registerCall, signedIn } from '../http/register-call';
import { registerBoardImageRoute } from './images';
import { createStreamingTokens, registerStreamingSocket } from './streaming';

/** Any member sees a client's uploads; roles 1–4 upload and correct them, as they change projects. */
const EDIT: ClientNeed = { may: editsProjects, forbidden: 'boardFilesReadOnly' };

/** The upload, for a member of its client: a stranger's or a missing upload is the same 404. */
async function requireUpload(db: Db, userId: number, uploadId: string, need: ClientNeed): Promise<ClientUploadRow> {
  const access = await requireClientAccess(db, await findClientUpload(db, uploadId), userId, need, { key: 'uploadNotFound', field: 'uploadId' });
  return access.row;
}

/**
 * Upload, processing state, layer corrections, /streaming and /files/boards/. Upload answers once
 * the archive is unpacked and stored (in a worker) with its job queued; any gateway's runner takes the job. SetLayers
 * queues its job the same way and waits for it, so its answer already holds the new analysis.
 */
export async function registerBoardFileRoutes(
  app: FastifyInstance, ctx: GatewayContext, { workers, processing, progress, hub, holders }: Omit<BoardJobs, 'close'>,
): Promise<void> {
  const tokens = createStreamingTokens(await loadSigningSecret(ctx.db, ctx.config.jwtSecret), ctx.now);
  // The raw-body parser is scoped to the Upload call: everywhere else the API still takes JSON only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(ARCHIVE_TYPES, (request: FastifyRequest, payload: IncomingMessage) => readArchive(request, payload));
    registerCall(scope, ctx, uploadBoardFiles, async (input) => {
      const { userId } = signedIn(input);
      const clientId = Number(input.query.clientId);
      await requireClientAccess(ctx.db, { clientId }, userId, EDIT, CLIENT_NOT_FOUND);
      const owner = { clientId, userId, quoteKeyHash: null };
      const uploadId = await acceptArchive(ctx, { workers, processing, progress }, input.request.body, input.query.fileName, owner);
      const row = await findClientUpload(ctx.db, uploadId);
      if (!row) throw new Error('the stored upload is missing');
      return stateOf(row, input.lang);
    }, { bodyLimit: UPLOAD_LIMITS.archiveBytes });
  });

  registerCall(app, ctx, getUpload, async (input) => {
    const row = await requireUpload(ctx.db, signedIn(input).userId, input.query.uploadId, 'member');
    return stateOf(row, input.lang);
  });

  registerCall(app, ctx, setLayers, async (input) => {
    const row = await requireUpload(ctx.db, signedIn(input).userId, input.body.uploadId, EDIT);
    const done = await rerunWithLayers(ctx, { processing, holders }, row, input.body.files);
    return stateOf({ ...done, clientId: row.clientId }, input.lang);
  });

  // Registered by hand: registerCall would send the string as text/plain, and the app reads the token as a JSON string.
  app.post(`${API_BASE}${streamingToken.path}`, async (request, reply) => {
    const auth = await authenticate(ctx, request.headers.authorization, 'user');
    const token = await tokens.issue({ userId: auth.userId, sessionId: auth.sessionId });
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(token));
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerStreamingSocket(app, { db: ctx.db, hub, tokens });
  registerBoardImageRoute(app, ctx);
}
