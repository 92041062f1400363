import { assign, setup } from 'xstate';
import type { AccessRequest, AccessRequestStatus } from '../../contract/client-access';
import { notProvided } from '../shared/not-provided';
import { loadingRecord, recordModalActions, recordModalGuards, recordSettled, settlingFailed } from '../shared/record-modal';

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

const requestInput = ({ context }: { context: AccessRequestModalContext }) => ({ requestId: context.requestId });

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
    ...recordModalActions,
    assignRequest: assign((_, params: { record: AccessRequest }) => ({ request: params.record })),
    assignDecision: assign((_, params: { decision: AccessRequestDecision }) => ({ decision: params.decision })),
    clearDecision: assign({ decision: null }),
  },
  guards: {
    isDecided: (_, params: { record: AccessRequest }) => params.record.status !== 'pending',
    canDecide: ({ context }) => context.request?.status === 'pending' && context.request.canDecide,
    ...recordModalGuards,
  },
}).createMachine({
  id: 'accessRequestModal',
  initial: 'loading',
  context: ({ input }) => ({ requestId: input.requestId, request: null, decision: null }),
  states: {
    loading: loadingRecord('loadAccessRequest', requestInput, 'isDecided', 'assignRequest'),
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
        onDone: recordSettled('assignRequest', 'notifyDecided', 'clearDecision'),
        onError: settlingFailed('clearDecision'),
      },
    },
    finished: {
      type: 'final',
    },
  },
});
