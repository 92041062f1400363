import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { object, union, validate } from 'superstruct';
import type { StreamingMessage } from '../../src/contract/board-files';
import { uuid } from '../../src/contract/fields';
import { requireClientAccess } from '../client-access/check';
import type { Db } from '../db/connect';
import { sessions } from '../auth/schema';
import { ApiError } from '../http/errors';
import { pickLang, type Lang } from '../http/messages';
import { findClientUpload, stateOf } from '../board-jobs/store';
import { storedEvent } from '../board-jobs/progress';
import type { StreamingEvent, StreamingHub } from '../board-jobs/streaming-hub';

export const STREAMING_PATH = '/streaming';
export const STREAMING_TOKEN_SECONDS = 60;
/** Close code for a missing, forged or expired token (4000–4999 are the application's own). */
export const CLOSE_UNAUTHORIZED = 4401;
/** Enough for every upload one wizard page could watch; more is someone probing. */
const MAX_SUBSCRIPTIONS = 50;
// Neither an access token (no Secret claim, wrong audience) nor usable as one: the audience tells them apart.
const AUDIENCE = 'pcb-portal:streaming';

export interface StreamingUser { userId: number; sessionId: string }

export interface StreamingTokens {
  issue(user: StreamingUser): Promise<string>;
  verify(token: string): Promise<StreamingUser | null>;
}

/** Short-lived tokens for opening /streaming, signed with the gateway's key under a purpose of their own. */
export function createStreamingTokens(secret: string, now: () => Date): StreamingTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue({ userId, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + STREAMING_TOKEN_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'], audience: AUDIENCE, currentDate: now(), requiredClaims: ['exp', 'sub', 'aud'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** The part of a `ws` socket this module uses (the package ships no types). */
interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): void;
  on(event: 'close', listener: () => void): void;
}
const OPEN = 1;

const clientMessage = union([object({ subscribe: uuid }), object({ unsubscribe: uuid })]);

const textOf = (data: Buffer | ArrayBuffer | Buffer[]): string =>
  (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data)).toString('utf8');

const toMessage = (event: StreamingEvent, lang: Lang): StreamingMessage => ({
  uploadId: event.uploadId, step: event.step, state: event.state, progress: event.progress,
  // Only members subscribe, so a final state has its client; a quote's (none) is never streamed.
  final: event.final?.clientId ? stateOf({ ...event.final, clientId: event.final.clientId }, lang) : null,
});

interface Deps { db: Db; hub: StreamingHub; tokens: StreamingTokens }

async function signedInUser(deps: Deps, token: unknown): Promise<StreamingUser | null> {
  const user = typeof token === 'string' && token.length < 2048 ? await deps.tokens.verify(token) : null;
  if (!user) return null;
  // A session ended in the token's minute (logout, terminated elsewhere) does not open a socket.
  const [session] = await deps.db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.userId), isNull(sessions.endedAt)));
  return session ? user : null;
}

/** One socket: authenticates by the query token, then serves subscriptions to uploads of the user's clients. */
function serve(deps: Deps, socket: Socket, request: FastifyRequest): void {
  const lang = pickLang(request.headers['accept-language']);
  const subscriptions = new Map<string, () => void>();
  let open = true;
  const send = (payload: object) => {
    if (open && socket.readyState === OPEN) socket.send(JSON.stringify(payload));
  };

  async function subscribe(user: StreamingUser, uploadId: string): Promise<void> {
    if (subscriptions.has(uploadId)) return;
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) { send({ error: 'tooManySubscriptions', uploadId }); return; }
    // The same check as the calls'; its refusal becomes a message, anything else still fails the subscription.
    const allowed = await requireClientAccess(deps.db, await findClientUpload(deps.db, uploadId), user.userId, 'member', { key: 'uploadNotFound' })
      .then(() => true, (error: unknown) => { if (error instanceof ApiError) return false; throw error; });
    if (!allowed) { send({ error: 'notFound', uploadId }); return; }
    if (!open || subscriptions.has(uploadId)) return;
    // Events that come while the current state is being read wait, so the first message is never newer than the rest.
    const early: StreamingEvent[] = [];
    let ready = false;
    subscriptions.set(uploadId, deps.hub.subscribe(uploadId, (event) => {
      if (ready) send(toMessage(event, lang));
      else early.push(event);
    }));
    const first = deps.hub.current(uploadId) ?? await storedEvent(deps.db, uploadId);
    if (first) send(toMessage(first, lang));
    ready = true;
    for (const event of early) send(toMessage(event, lang));
  }

  function unsubscribe(uploadId: string): void {
    subscriptions.get(uploadId)?.();
    subscriptions.delete(uploadId);
  }

  async function handle(user: StreamingUser, text: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      send({ error: 'badMessage', uploadId: null });
      return;
    }
    const [failure, message] = validate(parsed, clientMessage);
    if (failure) send({ error: 'badMessage', uploadId: null });
    else if ('subscribe' in message) await subscribe(user, message.subscribe);
    else unsubscribe(message.unsubscribe);
  }

  const query = request.query as Record<string, unknown>;
  const user = signedInUser(deps, query.token).catch((error: unknown) => {
    request.log.error({ err: error }, 'streaming authentication failed');
    return null;
  });
  // Listeners go on at once: messages sent right after the socket opens wait for the token check instead of being lost.
  socket.on('message', (data) => {
    const text = textOf(data);
    void user.then((who) => (who ? handle(who, text) : undefined)).catch((error: unknown) => {
      request.log.error({ err: error }, 'streaming message failed');
    });
  });
  socket.on('close', () => {
    open = false;
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
  });
  void user.then((who) => {
    if (!who) socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
  });
}

/** The /streaming websocket; @fastify/websocket must be registered on `app` before. */
export function registerStreamingSocket(app: FastifyInstance, deps: Deps): void {
  app.get(STREAMING_PATH, { websocket: true }, (socket: Socket, request) => serve(deps, socket, request));
}
