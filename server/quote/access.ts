import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { is } from 'superstruct';
import { quoteKey } from '../../src/contract/quote';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { ApiError } from '../http/errors';
import { findUpload, type UploadRow } from '../board-jobs/store';

/** 32 random bytes: the visitor's only proof of ownership, so it must be unguessable. */
export const newQuoteKey = (): string => randomBytes(32).toString('base64url');

/** Only the hash is stored: a leaked database does not hand out the visitors' pictures. */
export const hashQuoteKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * True when the server made this key: an unclaimed quote carries its hash. Only quotes have no client, so the client
 * index narrows the look-up to them.
 */
export async function isIssuedQuoteKey(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: boardUploads.id }).from(boardUploads)
    .where(and(isNull(boardUploads.clientId), eq(boardUploads.quoteKeyHash, hashQuoteKey(key)))).limit(1);
  return row !== undefined;
}

/** The key from a header as it came (a string, or absent); anything else than a well-formed key is none. */
export function quoteKeyOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && is(header, quoteKey) ? header : null;
}

/** True when the upload is a quote not yet claimed and the key is the one it was made with. */
export function holdsQuote(upload: UploadRow | null, key: string | null): upload is UploadRow {
  if (!upload || !key || upload.clientId !== null || !upload.quoteKeyHash) return false;
  const wanted = Buffer.from(upload.quoteKeyHash, 'hex');
  const given = Buffer.from(hashQuoteKey(key), 'hex');
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}

/**
 * The quote's upload for the holder of its key. Another visitor's key, no key, a claimed quote and a missing upload
 * are the same 404: an upload id learnt elsewhere (a shared screen, a log) tells nobody whether it exists.
 */
export async function requireQuote(db: Db, uploadId: string, key: string | null): Promise<UploadRow> {
  const upload = await findUpload(db, uploadId);
  if (!holdsQuote(upload, key)) throw new ApiError(404, 'uploadNotFound', {}, { field: 'uploadId', code: 'not_found' });
  return upload;
}
