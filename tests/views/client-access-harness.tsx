import { act } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { AccessRequest, Invitation } from '../../src/contract/client-access';
import type { ClientRole } from '../../src/contract/clients';
import type { Counters } from '../../src/contract/counters';
import type { UserSummary } from '../../src/contract/user';
import type { AccessRequestDecision } from '../../src/machines/access-request-modal/access-request-modal';
import type { InvitationAction } from '../../src/machines/invite-modal/invite-modal';
import { SAMPLE_INVITATION } from '../../src/machines/invite-modal/samples';
import { SAMPLE_ACCESS_REQUEST } from '../../src/machines/access-request-modal/samples';
import { ApiError } from '../../src/services/api';
import { provideClientAccessCalls, type ClientAccessCalls } from '../../src/services/client-access';
import { subscribeClientsChanged } from '../../src/services/client-events';
import { createSessionActor } from '../../src/services/session';
import { testCounters, testToken, testUser } from './app-harness';

export const DECIDED_AT = '2025-08-29T11:00:00.000Z';
export const ME = 'Иван Петрович Смирнов';

export const accessRequest = (changes: Partial<AccessRequest> = {}): AccessRequest => ({ ...SAMPLE_ACCESS_REQUEST, ...changes });
export const invitation = (changes: Partial<Invitation> = {}): Invitation => ({ ...SAMPLE_INVITATION, ...changes });

type Method = keyof ClientAccessCalls;

/**
 * The access calls answered from memory as the gateway would: deciding and settling change the stored item and
 * a finished one answers 409 already_finished. `failNext` makes a call refuse once with the given error.
 */
export function fakeClientAccess(initial: {
  requests?: AccessRequest[];
  invitations?: Invitation[];
  myRequests?: AccessRequest[];
  myInvitations?: Invitation[];
}) {
  const requests = (initial.requests ?? []).map((item) => ({ ...item }));
  const invitations = (initial.invitations ?? []).map((item) => ({ ...item }));
  const myRequests = (initial.myRequests ?? []).map((item) => ({ ...item }));
  const myInvitations = (initial.myInvitations ?? []).map((item) => ({ ...item }));
  const calls: Array<{ method: Method; args: unknown[] }> = [];
  const failures = new Map<Method, Error>();
  const holds = new Map<Method, Promise<void>>();
  let nextId = 500;

  const record = <T,>(method: Method, args: unknown[], answer: () => T): Promise<T> => {
    calls.push({ method, args });
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return Promise.reject(failure);
    }
    const held = holds.get(method);
    holds.delete(method);
    return (held ?? Promise.resolve()).then(answer);
  };
  const notFound = () => new ApiError(404, 'Запись не найдена');
  const finished = () => new ApiError(409, 'Уже рассмотрено', undefined, 'already_finished');
  const findRequest = (id: number) => [...requests, ...myRequests].find((item) => item.id === id);
  const findInvitation = (id: number) => [...invitations, ...myInvitations].find((item) => item.id === id);

  const decide = (id: number, decision: AccessRequestDecision) => {
    const item = findRequest(id);
    if (!item) throw notFound();
    if (item.status !== 'pending') throw finished();
    Object.assign(
      item,
      decision === 'accept'
        ? { status: 'accepted', acceptedAt: DECIDED_AT, solverName: ME, canDecide: false }
        : { status: 'declined', declinedAt: DECIDED_AT, solverName: ME, canDecide: false },
    );
    return { ...item };
  };
  const settle = (id: number, action: InvitationAction) => {
    const item = findInvitation(id);
    if (!item) throw notFound();
    if (item.status !== 'pending') throw finished();
    const changes = {
      accept: { status: 'accepted', acceptedAt: DECIDED_AT },
      decline: { status: 'declined', declinedAt: DECIDED_AT },
      cancel: { status: 'canceled', canceledAt: DECIDED_AT, cancelerName: ME },
    }[action];
    Object.assign(item, changes, { canAnswer: false, canCancel: false });
    return { ...item };
  };

  const gateway: ClientAccessCalls = {
    getAccessRequest: (id) =>
      record('getAccessRequest', [id], () => {
        const item = findRequest(id);
        if (!item) throw notFound();
        return { ...item };
      }),
    getAccessRequests: (clientId) =>
      record('getAccessRequests', [clientId], () => requests.filter((item) => item.clientId === clientId).map((item) => ({ ...item }))),
    getMyAccessRequests: () => record('getMyAccessRequests', [], () => myRequests.map((item) => ({ ...item }))),
    decideAccessRequest: (id, decision) => record('decideAccessRequest', [id, decision], () => decide(id, decision)),
    requestAccess: (clientId, message) =>
      record('requestAccess', [clientId, message], () => {
        const created = accessRequest({ id: (nextId += 1), clientId, message, canDecide: false });
        myRequests.push(created);
        return { ...created };
      }),
    getInvitation: (id) =>
      record('getInvitation', [id], () => {
        const item = findInvitation(id);
        if (!item) throw notFound();
        return { ...item };
      }),
    getInvitations: (clientId) =>
      record('getInvitations', [clientId], () => invitations.filter((item) => item.clientId === clientId).map((item) => ({ ...item }))),
    getMyInvitations: () =>
      record('getMyInvitations', [], () => myInvitations.filter((item) => item.status === 'pending').map((item) => ({ ...item }))),
    settleInvitation: (id, action) => record('settleInvitation', [id, action], () => settle(id, action)),
    invite: (clientId, userEmail, role: ClientRole) =>
      record('invite', [clientId, userEmail, role], () => {
        const created = invitation({ id: (nextId += 1), clientId, email: userEmail, role, creatorName: ME, canAnswer: false, canCancel: true });
        invitations.push(created);
        return { ...created };
      }),
  };

  return {
    gateway,
    calls,
    callsOf: (method: Method) => calls.filter((call) => call.method === method).map((call) => call.args),
    failNext: (method: Method, error: Error) => failures.set(method, error),
    /** The next call of `method` waits until the returned release is called. */
    holdNext: (method: Method) => {
      let release: () => void = () => undefined;
      holds.set(
        method,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => release();
    },
    install: () => provideClientAccessCalls(gateway),
  };
}

/** A real session that counts its user and counter loads (the header's refresh after a change). */
export function countingSession() {
  const loads = { user: 0, counters: 0 };
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => {
          loads.user += 1;
          return Promise.resolve(testUser);
        }),
        loadCounters: fromPromise<Counters, void>(() => {
          loads.counters += 1;
          return Promise.resolve(testCounters);
        }),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  return { session, loads };
}

/** Counts clients-changed signals until the returned stop is called. */
export function watchClientsChanged() {
  const seen = { count: 0 };
  const stop = subscribeClientsChanged(() => {
    seen.count += 1;
  });
  return { seen, stop };
}

/** Opens a modal from outside React, as a notification click does. */
export function openFromOutside(open: () => void): void {
  act(open);
}
