import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/**
 * Deepest nesting of arrays and objects a body may have. The deepest call of the contract nests 3 levels; 32 leaves
 * room to grow while keeping every later recursive walk (validation, the text check, JSON.stringify) far from the stack.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Follows the nesting of JSON text chunk by chunk, bytes only: the structural characters are ASCII and no byte of a
 * multi-byte UTF-8 character is ASCII, so a chunk may end anywhere. Malformed text is left for JSON.parse to refuse.
 */
function createDepthScanner(maxDepth: number) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return {
    /** False as soon as the text nests deeper than maxDepth. */
    feed(chunk: Uint8Array): boolean {
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) {
          inString = true;
        } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
          depth += 1;
          if (depth > maxDepth) return false;
        } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
          depth = Math.max(0, depth - 1);
        }
      }
      return true;
    },
  };
}

const tooLarge = () => new ApiError(413, 'bodyTooLarge', {}, { code: 'body_too_large' });
const tooDeep = () => new ApiError(400, 'jsonTooDeep', { max: MAX_JSON_DEPTH }, { code: 'bad_json' });
const badJson = () => new ApiError(400, 'badJson', {}, { code: 'bad_json' });

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Reads a JSON body as it arrives and refuses it at the first byte that breaks a rule: nested deeper than
 * MAX_JSON_DEPTH (400) or longer than the call's body limit (413). Nothing recursive ever sees a refused body, so a
 * body of a million '[' costs as little as one of a hundred. The rest of a refused body is drained by Node.
 */
export function setupJsonBody(app: FastifyInstance): void {
  // Fastify's own parser (with its prototype-poisoning protection) does the parsing once the text is known to be safe.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const scanner = createDepthScanner(MAX_JSON_DEPTH);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (error: Error | null, body?: unknown) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    const onData = (data: Buffer | string) => {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      received += chunk.length;
      if (!scanner.feed(received > limit ? chunk.subarray(0, chunk.length - (received - limit)) : chunk)) {
        finish(tooDeep());
      } else if (received > limit) {
        finish(tooLarge());
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      const declared = Number(request.headers['content-length']);
      if (!Number.isNaN(declared) && declared !== received) { finish(badJson()); return; }
      const text = Buffer.concat(chunks, received).toString('utf8');
      // An empty body counts as no body (Refresh is sent without one), not as malformed JSON.
      if (text.trim() === '') { finish(null, undefined); return; }
      parseJson(request, text, (error, body) => finish(error ?? null, body));
    };
    const onError = (error: Error) => finish(Object.assign(badJson(), { cause: error }));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
