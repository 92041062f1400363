import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { UPLOAD_LIMITS } from '../../src/contract/board-files';
import { ApiError } from '../http/errors';

/** The types an archive may be sent as: the raw-body parser of both uploads takes them. */
export const ARCHIVE_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];

const archiveTooLarge = () =>
  new ApiError(413, 'archiveTooLarge', { max: UPLOAD_LIMITS.archiveBytes / 1024 / 1024 }, { field: 'file', code: 'archiveTooLarge' });

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
