import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getUpload, setLayers, streamingToken, UPLOAD_LIMITS, uploadBoardFiles, type setLayersRequest } from '../../src/contract/board-files';
import type { Infer } from 'superstruct';
import { API_BASE } from '../../src/contract/call';
import { editsProjects } from '../../src/contract/projects';
import { authenticate } from '../auth/sessions';
import { CLIENT_NOT_FOUND, requireClientAccess, type ClientNeed } from '../client-access/check';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import type { BoardFiles } from '../board-jobs/compose';
import { isUploadFrozen, lockUploadForChange } from '../board-jobs/frozen';
import type { Processing } from '../board-jobs/jobs';
import { registerBoardImageRoute } from './images';
import { enqueueJob } from '../board-jobs/queue';
import type { LayerOverride } from '../gerber/pipeline';
import { createUpload, findClientUpload, limitError, listFileIds, stateOf, type ClientUploadRow, type UploadOwner, type UploadRow } from '../board-jobs/store';
import { registerStreamingSocket } from './streaming';
import { uploadPrefix } from '../board-jobs/upload-keys';
import { JobLimitExceeded, WorkersBusy, type BoardWorkers } from '../board-jobs/worker-pool';
import type { StoredFile } from '../board-jobs/worker-tasks';

export const ARCHIVE_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];

const archiveTooLarge = () => new ApiError(413, 'archiveTooLarge', { max: UPLOAD_LIMITS.archiveBytes / 1024 / 1024 }, { field: 'file', code: 'archiveTooLarge' });

/** Reads the body up to the archive limit, refusing on the declared length when there is one, before any byte. */
export function readArchive(request: FastifyRequest, payload: Readable): Promise<Buffer> {
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

/** Unpacked and written to the file store in a worker; a refusal is the same 400 as ever and leaves nothing. */
export async function unpackOrRefuse(workers: BoardWorkers, uploadId: string, bytes: Uint8Array, fileName: string): Promise<StoredFile[]> {
  let outcome;
  try {
    outcome = await workers.unpack({ uploadId, fileName, bytes });
  } catch (error) {
    if (error instanceof WorkersBusy) throw new ApiError(503, 'uploadsBusy', {}, { field: 'file', code: 'busy' });
    if (error instanceof JobLimitExceeded) {
      const code = limitError(error.limit);
      throw new ApiError(400, code, {}, { field: 'file', code });
    }
    throw error;
  }
  if (outcome.kind === 'refused') throw new ApiError(400, outcome.code, outcome.params, { field: 'file', code: outcome.code });
  return outcome.files;
}

/** Any member sees a client's uploads; roles 1–4 upload and correct them, as they change projects. */
const EDIT: ClientNeed = { may: editsProjects, forbidden: 'boardFilesReadOnly' };

/** The upload, for a member of its client: a stranger's or a missing upload is the same 404. */
async function requireUpload(db: Db, userId: number, uploadId: string, need: ClientNeed): Promise<ClientUploadRow> {
  const access = await requireClientAccess(db, await findClientUpload(db, uploadId), userId, need, { key: 'uploadNotFound', field: 'uploadId' });
  return access.row;
}

/** The user's corrections for the pipeline; every id must name a stored file, once. */
export function overridesFor(fileIds: string[], wanted: LayerOverride[]): LayerOverride[] {
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

type Pipeline = Pick<BoardFiles, 'workers' | 'processing' | 'progress'>;

/**
 * An Upload's raw body unpacked (in a worker), stored and queued for processing: the one way in for a customer's
 * upload and a visitor's quote alike. Answers the new upload's id.
 */
export async function acceptArchive(
  ctx: GatewayContext, { workers, processing, progress }: Pipeline, body: unknown, fileName: string, owner: UploadOwner,
): Promise<string> {
  if (body !== undefined && !Buffer.isBuffer(body)) {
    throw new ApiError(415, 'uploadContentType', {}, { field: 'file', code: 'unsupported_media_type' });
  }
  const uploadId = randomUUID();
  const files = await unpackOrRefuse(workers, uploadId, body ?? new Uint8Array(0), fileName);
  try {
    await createUpload(ctx.db, { id: uploadId, owner, archiveName: fileName, now: ctx.now() }, files);
  } catch (error) {
    await ctx.files.removeAll(uploadPrefix(uploadId));
    throw error;
  }
  processing.wake();
  void progress.jobQueued().catch((error: unknown) => ctx.log.warn({ err: error }, 'other gateways were not told of a new job'));
  return uploadId;
}

/**
 * The upload processed again with the user's layer corrections, answered once done. One job per upload at a time,
 * across gateways: a unique index on active jobs decides, not this process; a busy upload is 409. Files a cart or an
 * order holds are not processed again (409 `uploadFrozen`): what is ordered is what was checked (issue 29).
 */
export async function rerunWithLayers(
  ctx: GatewayContext, processing: Processing, row: { id: string; status: string }, files: Infer<typeof setLayersRequest>['files'], priority?: number,
): Promise<UploadRow> {
  const overrides = overridesFor(await listFileIds(ctx.db, row.id), files);
  const busy = () => new ApiError(409, 'uploadBusy', {}, { field: 'uploadId', code: 'busy' });
  if (row.status === 'processing') throw busy();
  const job = await ctx.db.transaction(async (tx) => {
    await lockUploadForChange(tx, row.id);
    if (await isUploadFrozen(tx, row.id)) throw new ApiError(409, 'uploadFrozen', {}, { field: 'uploadId', code: 'uploadFrozen' });
    return enqueueJob(tx, row.id, overrides, ctx.now(), priority);
  });
  if (!job) throw busy();
  return processing.rerun(job);
}

/**
 * Upload, processing state, layer corrections, /streaming and /files/boards/ (issues 6 and 17). Upload answers once
 * the archive is unpacked and stored (in a worker) with its job queued; any gateway's runner takes the job. SetLayers
 * queues its job the same way and waits for it, so its answer already holds the new analysis.
 */
export async function registerBoardFileRoutes(
  app: FastifyInstance, ctx: GatewayContext, { workers, processing, progress, hub, tokens }: Omit<BoardFiles, 'close'>,
): Promise<void> {
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
    const done = await rerunWithLayers(ctx, processing, row, input.body.files);
    return stateOf({ ...done, clientId: row.clientId }, input.lang);
  });

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
