import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getUpload, setLayers, streamingToken, UPLOAD_LIMITS, uploadBoardFiles } from '../../src/contract/board-files';
import { editsProjects } from '../../src/contract/projects';
import { loadSigningSecret } from '../auth/tokens';
import { authenticate } from '../auth/sessions';
import { registerBoardImageRoute } from '../board-files/images';
import { createProcessing } from '../board-files/jobs';
import { unpackUpload, UploadRefused, type LayerOverride, type SourceFile } from '../board-files/pipeline';
import { createUpload, failInterrupted, findUpload, listFileIds, stateOf, type UploadRow } from '../board-files/store';
import { createStreamingTokens, registerStreamingSocket } from '../board-files/streaming';
import { createStreamingHub } from '../board-files/streaming-hub';
import { findMembership } from '../clients/membership';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { API_BASE } from '../../src/contract/call';

/** Two boards render at a time; more uploads wait their turn instead of holding every board in memory at once. */
const CONCURRENT_JOBS = 2;
const ARCHIVE_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];

const archiveTooLarge = () => new ApiError(413, 'archiveTooLarge', { max: UPLOAD_LIMITS.archiveBytes / 1024 / 1024 }, { field: 'file', code: 'archiveTooLarge' });

/** Reads the body up to the archive limit, refusing on the declared length when there is one, before any byte. */
function readArchive(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > UPLOAD_LIMITS.archiveBytes) return Promise.reject(archiveTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', reject);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_LIMITS.archiveBytes) {
        stop();
        reject(archiveTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', reject);
  });
}

function unpackOrRefuse(bytes: Uint8Array, fileName: string): SourceFile[] {
  try {
    return unpackUpload(bytes, fileName);
  } catch (error) {
    if (error instanceof UploadRefused) throw new ApiError(400, error.code, error.params, { field: 'file', code: error.code });
    throw error;
  }
}

/** The upload with the caller's role in its client: a stranger's or a missing upload is the same 404. */
async function requireUpload(db: Db, userId: number, uploadId: string, edit: boolean): Promise<UploadRow> {
  const row = await findUpload(db, uploadId);
  const member = row ? await findMembership(db, userId, row.clientId) : null;
  if (!row || !member) throw new ApiError(404, 'uploadNotFound', {}, { field: 'uploadId', code: 'not_found' });
  if (edit && !editsProjects(member.role)) throw new ApiError(403, 'boardFilesReadOnly', {}, { field: 'uploadId', code: 'forbidden' });
  return row;
}

/** The user's corrections for the pipeline; every id must name a stored file, once. */
function overridesFor(fileIds: string[], wanted: LayerOverride[]): LayerOverride[] {
  const known = new Set(fileIds);
  const seen = new Set<string>();
  wanted.forEach((override, index) => {
    if (!known.has(override.id) || seen.has(override.id)) {
      const field = `files.${index}.id`;
      throw new ApiError(400, 'layerFileUnknown', { id: override.id }, { field, code: 'bad_value' });
    }
    seen.add(override.id);
  });
  return wanted;
}

/**
 * Upload, processing state, layer corrections, /streaming and /files/boards/ (issue 6). Upload answers as soon as
 * the archive is unpacked and stored; the rest runs as a job. SetLayers runs its job in the same queue but waits
 * for it, so its answer already holds the new analysis.
 */
export async function registerBoardFileRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const interrupted = await failInterrupted(ctx.db);
  if (interrupted > 0) ctx.log.warn({ count: interrupted }, 'board uploads interrupted by the last stop were failed');
  const hub = createStreamingHub();
  const processing = createProcessing({ db: ctx.db, log: ctx.log, hub, concurrency: CONCURRENT_JOBS });
  app.addHook('onClose', () => processing.close());

  // The raw-body parser is scoped to the Upload call: everywhere else the API still takes JSON only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(ARCHIVE_TYPES, (request: FastifyRequest, payload: IncomingMessage) => readArchive(request, payload));
    registerCall(scope, ctx, uploadBoardFiles, async (input) => {
      const { userId } = signedIn(input);
      const clientId = Number(input.query.clientId);
      const member = await findMembership(ctx.db, userId, clientId);
      if (!member) throw new ApiError(404, 'clientNotFound', {}, { field: 'clientId', code: 'not_found' });
      if (!editsProjects(member.role)) throw new ApiError(403, 'boardFilesReadOnly', {}, { field: 'clientId', code: 'forbidden' });
      const body: unknown = input.request.body;
      if (body !== undefined && !Buffer.isBuffer(body)) {
        throw new ApiError(415, 'uploadContentType', {}, { field: 'file', code: 'unsupported_media_type' });
      }
      const files = unpackOrRefuse(body ?? new Uint8Array(0), input.query.fileName);
      const upload = { id: randomUUID(), clientId, userId, archiveName: input.query.fileName, now: ctx.now() };
      await createUpload(ctx.db, upload, files);
      const row = await findUpload(ctx.db, upload.id);
      if (!row) throw new Error('the stored upload is missing');
      processing.start(row);
      return stateOf(row, input.lang);
    }, { bodyLimit: UPLOAD_LIMITS.archiveBytes });
  });

  registerCall(app, ctx, getUpload, async (input) => {
    const row = await requireUpload(ctx.db, signedIn(input).userId, input.query.uploadId, false);
    return stateOf(row, input.lang);
  });

  registerCall(app, ctx, setLayers, async (input) => {
    const row = await requireUpload(ctx.db, signedIn(input).userId, input.body.uploadId, true);
    const overrides = overridesFor(await listFileIds(ctx.db, row.id), input.body.files);
    // No await between this check and rerun(), which marks the upload busy: two corrections cannot both pass it.
    if (row.status === 'processing' || processing.busy(row.id)) {
      throw new ApiError(409, 'uploadBusy', {}, { field: 'uploadId', code: 'busy' });
    }
    const done = await processing.rerun(row, overrides);
    return stateOf(done, input.lang);
  });

  const secret = await loadSigningSecret(ctx.db, ctx.config.jwtSecret);
  const tokens = createStreamingTokens(secret, ctx.now);
  // Registered by hand: registerCall would send the string as text/plain, and spec 7 reads a JSON string.
  app.post(`${API_BASE}${streamingToken.path}`, async (request, reply) => {
    const auth = await authenticate(ctx, request.headers.authorization, 'user');
    const token = await tokens.issue({ userId: auth.userId, sessionId: auth.sessionId });
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(token));
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerStreamingSocket(app, { db: ctx.db, hub, tokens });
  registerBoardImageRoute(app, ctx);
}
