import { errorOf, toastFailure } from './transitions';
import { isAlreadyFinishedError } from './client-access';

/**
 * The client-access modals (an access request, an invitation) are one idea: load the record, show it, settle a pending
 * one, then the finish look. These are the parts they say alike, as plain config for their own `setup`: the record is
 * the `record` param of the guard and the action that read it, and each modal names its own states' calls and actions.
 */

/** A call's output as the record a modal is about. */
const recordOf = <Record>({ event }: { event: { output: Record } }) => ({ record: event.output });
/** What the toast of a settled record says: its new status and whose client it was. */
const settledOf = <Status extends string>({ event }: { event: { output: { status: Status; clientName: string } } }) =>
  ({ status: event.output.status, clientName: event.output.clientName });

/** Loading the record: one already settled goes straight to the finish look, a pending one to its detail. */
export const loadingRecord = <const Src extends string, Input, const IsSettled extends string, const Assign extends string>(
  src: Src, input: Input, isSettled: IsSettled, assign: Assign,
) => ({
  tags: 'busy' as const,
  invoke: {
    id: src,
    src,
    input,
    onDone: [
      { guard: { type: isSettled, params: recordOf }, target: 'finished' as const, actions: { type: assign, params: recordOf } },
      { target: 'detail' as const, actions: { type: assign, params: recordOf } },
    ],
    onError: { target: 'failed' as const, actions: toastFailure },
  },
});

/** Settled: the record kept and toasted, the clients and the session told, the pending choice forgotten. */
export const recordSettled = <const Assign extends string, const Notify extends string, const Clear extends string>(
  assign: Assign, notify: Notify, clear: Clear,
) => ({
  target: 'finished' as const,
  actions: [
    { type: assign, params: recordOf },
    { type: notify, params: settledOf },
    'notifyClientsChanged' as const,
    'refreshSession' as const,
    clear,
  ],
});

/** Settling failed: toasted; a record settled elsewhere meanwhile is loaded again, else the detail is back. */
export const settlingFailed = <const Clear extends string>(clear: Clear) => [
  { guard: { type: 'isAlreadyFinished' as const, params: errorOf }, target: 'loading' as const, actions: [toastFailure, clear] },
  { target: 'detail' as const, actions: [toastFailure, clear] },
];

/** The actions the parts above name and each modal's service provides. */
export const recordModalActions = {
  notifyFailure: (_: unknown, _params: { error: unknown }) => {},
  notifyClientsChanged: () => {},
  refreshSession: () => {},
};

/** The guard `settlingFailed` names: the gateway says the record was settled meanwhile. */
export const recordModalGuards = {
  isAlreadyFinished: (_: unknown, params: { error: unknown }) => isAlreadyFinishedError(params.error),
};
