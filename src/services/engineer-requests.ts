import type { EngineerRequest } from '../contract/engineer-requests';
import type { Order, OrderLine } from '../contract/orders';

// What the customer's order page makes of the engineer's requests: which wait for the customer, and which
// lines take files now. The gateway applies the same rules when it takes an answer or files.

/** The longest answer the gateway takes (`answerEngineerRequest`'s `requiredText(2000)`). */
export const ANSWER_MAX_LENGTH = 2000;

export type RequestState = 'open' | 'answered' | 'closed';

/**
 * A request waits for the customer while it has no answer and the order is held for it; one the engineer went past
 * (released or cancelled the order without the answer) is closed, so no form offers an answer the gateway refuses.
 */
export function requestState(order: Pick<Order, 'holdCode'>, request: EngineerRequest): RequestState {
  if (request.answeredAt !== null) return 'answered';
  return order.holdCode === 'engineerRequest' ? 'open' : 'closed';
}

/** The request the order waits for, if any: the engineer keeps at most one open. */
export const openRequest = (order: Pick<Order, 'holdCode' | 'requests'>): EngineerRequest | undefined =>
  (order.requests ?? []).find((request) => requestState(order, request) === 'open');

/** How much a correction changes the order's total: the sum of its lines' differences, in whole kopecks. */
export const correctionDifference = (request: Pick<EngineerRequest, 'corrections'>): number =>
  Math.round((request.corrections ?? []).reduce((sum, line) => sum + line.after.total - line.before.total, 0) * 100) / 100;

/** The requests as a thread, newest first (the gateway sends them newest last). */
export const requestsNewestFirst = (order: Pick<Order, 'requests'>): EngineerRequest[] => [...(order.requests ?? [])].reverse();

/** The open requests for new files; their lines take files as the awaited ones do. */
const openFilesRequests = (order: Pick<Order, 'holdCode' | 'requests'>): EngineerRequest[] =>
  (order.requests ?? []).filter((request) => request.kind === 'files' && requestState(order, request) === 'open');

/** Why a line takes files now: they were never sent ('файлы пришлю позже'), or an engineer asks for new ones. */
export type FilesWanted = 'awaited' | 'requested';
export interface LineTakingFiles { line: OrderLine; wanted: FilesWanted }

/**
 * The lines the order page offers an upload for: the lines without files of an order awaiting them, and the lines an
 * open files request names (every line when it names none), in the order's own line order.
 */
export function linesTakingFiles(order: Pick<Order, 'lines' | 'filesAwaited' | 'holdCode' | 'requests'>): LineTakingFiles[] {
  const requested = openFilesRequests(order);
  const isRequested = (line: OrderLine) => requested.some((request) => request.lineIds.length === 0 || request.lineIds.includes(line.id));
  return order.lines.flatMap((line): LineTakingFiles[] => {
    if (isRequested(line)) return [{ line, wanted: 'requested' }];
    if (order.filesAwaited && line.filesUrl === null) return [{ line, wanted: 'awaited' }];
    return [];
  });
}

/** Whether the order still waits for files of some line: the attach that ends this sends the order on. */
export const takesFiles = (order: Pick<Order, 'lines' | 'filesAwaited' | 'holdCode' | 'requests'>): boolean =>
  linesTakingFiles(order).length > 0;
