import { assign, setup } from 'xstate';
import type { AccessRequest, AccessRequestStatus } from '../../contract/client-access';
import { isAlreadyFinishedError } from '../shared/client-access';
import { notProvided } from '../shared/not-provided';
import { errorOf, toastFailure } from '../shared/transitions';

interface AccessRequestModalInput {
  requestId: number;
}

interface AccessRequestModalContext {
  requestId: number;
  request: AccessRequest | null;
  /** What the user chose, while the gateway is deciding it (the view marks that button busy). */
  decision: AccessRequestDecision | null;
}

export type AccessRequestDecision = 'accept' | 'decline';

type AccessRequestModalEvent =
  | { type: 'request.accept' }
  | { type: 'request.decline' }
  | { type: 'request.retry' };

export interface DecideAccessRequestInput {
  requestId: number;
  decision: AccessRequestDecision;
}

/**
 * The access-request modal. It loads the request, shows it, lets an owner or admin accept or decline a
 * pending one and then shows the finish look; a request decided before it was opened goes straight to that look.
 * A failed call is told by a toast with the gateway's text and the modal stays where it was; a request
 * somebody else decided meanwhile is loaded again so the finish look shows who did.
 */
export const accessRequestModalMachine = setup({
  types: {
    context: {} as AccessRequestModalContext,
    events: {} as AccessRequestModalEvent,
    input: {} as AccessRequestModalInput,
  },
  actors: {
    loadAccessRequest: notProvided<AccessRequest, { requestId: number }>('loadAccessRequest'),
    decideAccessRequest: notProvided<AccessRequest, DecideAccessRequestInput>('decideAccessRequest'),
  },
  actions: {
    notifyDecided: (_, _params: { status: AccessRequestStatus; clientName: string }) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    notifyClientsChanged: () => {},
    refreshSession: () => {},
    assignRequest: assign((_, params: { request: AccessRequest }) => ({ request: params.request })),
    assignDecision: assign((_, params: { decision: AccessRequestDecision }) => ({ decision: params.decision })),
    clearDecision: assign({ decision: null }),
  },
  guards: {
    isDecided: (_, params: { request: AccessRequest }) => params.request.status !== 'pending',
    canDecide: ({ context }) => context.request?.status === 'pending' && context.request.canDecide,
    isAlreadyFinished: (_, params: { error: unknown }) => isAlreadyFinishedError(params.error),
  },
}).createMachine({
  id: 'accessRequestModal',
  initial: 'loading',
  context: ({ input }) => ({ requestId: input.requestId, request: null, decision: null }),
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadAccessRequest',
        src: 'loadAccessRequest',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: [
          {
            guard: { type: 'isDecided', params: ({ event }) => ({ request: event.output }) },
            target: 'finished',
            actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.output }) },
          },
          { target: 'detail', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.output }) } },
        ],
        onError: { target: 'failed', actions: toastFailure },
      },
    },
    failed: {
      on: { 'request.retry': 'loading' },
    },
    detail: {
      on: {
        'request.accept': { guard: 'canDecide', target: 'deciding', actions: { type: 'assignDecision', params: { decision: 'accept' } } },
        'request.decline': { guard: 'canDecide', target: 'deciding', actions: { type: 'assignDecision', params: { decision: 'decline' } } },
      },
    },
    deciding: {
      tags: 'busy',
      invoke: {
        id: 'decideAccessRequest',
        src: 'decideAccessRequest',
        // Entered only through assignDecision, so the decision is always set here.
        input: ({ context }) => ({ requestId: context.requestId, decision: context.decision ?? 'accept' }),
        onDone: {
          target: 'finished',
          actions: [
            { type: 'assignRequest', params: ({ event }) => ({ request: event.output }) },
            { type: 'notifyDecided', params: ({ event }) => ({ status: event.output.status, clientName: event.output.clientName }) },
            'notifyClientsChanged',
            'refreshSession',
            'clearDecision',
          ],
        },
        onError: [
          {
            guard: { type: 'isAlreadyFinished', params: errorOf },
            target: 'loading',
            actions: [toastFailure, 'clearDecision'],
          },
          {
            target: 'detail',
            actions: [toastFailure, 'clearDecision'],
          },
        ],
      },
    },
    finished: {
      type: 'final',
    },
  },
});
