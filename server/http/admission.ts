import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../src/contract/call';
import { ApiError } from './errors';
import type { AdmissionSettings } from '../config';
import { urgentWork } from '../db/loop-fair';
import { pickLang } from './messages';

/**
 * Bounded admission (docs/decisions.md "Admission under load"): a gateway answers at most `limit` API calls at once.
 * Past that a call waits for a place in a short line (`queue` calls, `queueWaitMs` at most) — a burst of one page's
 * calls or one app's 50 requests after a token refresh is served, not refused — and beyond the line, or after the
 * wait, it is answered 503 `busy` with Retry-After instead of joining a queue that grows without bound in front of the
 * database (on PGlite, one thread), where every caller would wait seconds and new connections would not be served.
 * Sign-in, token refresh and the health probes have `reserve` more places, so a customer can still sign in and a load
 * balancer (and the metrics scraper) still sees the gateway while ordinary reads are being shed; their statements also
 * go to the front of the embedded database's queue.
 */
export interface Admission {
  /** Calls in flight now (ordinary and priority). */
  inFlight(): number;
  /** Calls answered 503 `busy` since the start. */
  shed(): number;
}

const PRIORITY = [`${API_BASE}/Authentification/`, `${API_BASE}/health`, `${API_BASE}/ready`, `${API_BASE}/metrics`];
const RETRY_AFTER_SECONDS = 1;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
const isPriority = (path: string) => PRIORITY.some((prefix) => path === prefix || path.startsWith(prefix));
const isApi = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`);

export function setupAdmission(app: FastifyInstance, options: AdmissionSettings): Admission {
  let inFlight = 0;
  let shed = 0;
  const admission = { inFlight: () => inFlight, shed: () => shed };
  /** Calls waiting for a place, oldest first; each knows its own bound (priority calls have the reserve too). */
  const waiting: { bound: number; enter: () => void }[] = [];
  const release = () => {
    inFlight -= 1;
    const next = waiting.findIndex((call) => inFlight < call.bound);
    if (next >= 0) waiting.splice(next, 1)[0]?.enter();
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    shed += 1;
    const error = new ApiError(503, 'busy', {}, { code: 'busy' });
    void reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store')
      .send(error.body(pickLang(request.headers['accept-language'])));
  };
  // The urgent context of a priority call, entered again after the body is read (its events come from the socket).
  const urgentScope = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = urgentScope.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request);
    if (isPriority(path)) {
      urgentWork.run(true, () => {
        const scope = new AsyncResource('pcb-portal-urgent');
        urgentScope.set(request, scope);
        scope.runInAsyncScope(() => admit(request, reply, done, path));
      });
      return;
    }
    admit(request, reply, done, path);
  });
  const admit = (request: FastifyRequest, reply: FastifyReply, done: () => void, path: string) => {
    // Static files and the websocket (a long-lived connection, not a call) are not database work.
    if (options.limit <= 0 || !isApi(path)) {
      done();
      return;
    }
    const bound = isPriority(path) ? options.limit + options.reserve : options.limit;
    const enter = () => {
      inFlight += 1;
      // 'close' comes once per response, sent or aborted, so a place is never lost to a client that went away.
      reply.raw.once('close', release);
      done();
    };
    if (inFlight < bound) {
      enter();
      return;
    }
    if (waiting.length >= options.queue) {
      refuse(request, reply);
      return;
    }
    const call = {
      bound,
      enter: () => {
        clearTimeout(timer);
        reply.raw.off('close', leave);
        enter();
      },
    };
    const leave = () => {
      clearTimeout(timer);
      const index = waiting.indexOf(call);
      if (index >= 0) waiting.splice(index, 1);
    };
    const timer = setTimeout(() => {
      leave();
      refuse(request, reply);
    }, options.queueWaitMs);
    // A client that goes away while waiting gives up its turn.
    reply.raw.once('close', leave);
    waiting.push(call);
  };
  return admission;
}
