import type { FetchPageInput, ListFilterQuery } from '../../machines/list-paging/list-paging-types';
import type { OrderSummary, RequestStatus } from '../../contract/orders';
import {
  staffConfirmCode, staffSessionsEnd, staffSessionsList, staffSetUp, staffSignIn, staffSignOut,
  type StaffMember, type StaffSession,
} from '../../contract/staff';
import {
  STAFF_ORDER_FILTER_CODES, STAFF_ORDER_SORT_CODES, staffCheckAsk, staffCheckCancel, staffCheckClaim, staffCheckCorrect, staffCheckQueue,
  staffCheckRelease, staffCheckUnclaim, staffComplaintsAnswer, staffComplaintsList, staffOrderGet, staffOrdersList,
  staffOrdersListCount, staffOrdersMove, staffSupportStrangerKey,
  type CheckQueueItem, type OrderClaim, type StaffComplaint, type StaffOrder,
} from '../../contract/staff-orders';
import type { Infer } from 'superstruct';
import { narrowListQuery, listCallsOf } from '../list-query';
import { listFlowFor, swappableCalls } from '../swappable-calls';
import { callStaff, fetchStaffFile } from './staff-api';

type SignInAnswer = Infer<typeof staffSignIn.response>;
type Order = StaffOrder['order'];
export type StaffMove = Infer<typeof staffOrdersMove.body & object>;
export type AskInput = Infer<typeof staffCheckAsk.body & object>;
export type CorrectInput = Infer<typeof staffCheckCorrect.body & object>;
export type ComplaintAnswer = Infer<typeof staffComplaintsAnswer.body & object>;
export type StrangerKeyInput = Infer<typeof staffSupportStrangerKey.body & object>;
export type StrangerKey = Infer<typeof staffSupportStrangerKey.response>;

/** Every call the staff pages make; tests swap them with `provideStaffCalls`. */
export interface StaffCalls {
  signIn(email: string, password: string): Promise<SignInAnswer>;
  confirmCode(challengeId: string, code: string): Promise<{ token: string; member: StaffMember }>;
  setUp(setupToken: string, password: string): Promise<unknown>;
  signOut(): Promise<unknown>;
  sessions(): Promise<StaffSession[]>;
  endSession(sessionId: string): Promise<unknown>;
  queue(signal?: AbortSignal): Promise<CheckQueueItem[]>;
  order(orderId: number, signal?: AbortSignal): Promise<StaffOrder>;
  claim(orderId: number, takeOver: boolean): Promise<OrderClaim>;
  unclaim(orderId: number): Promise<unknown>;
  release(orderId: number, note: string | undefined): Promise<Order>;
  ask(input: AskInput): Promise<Order>;
  /** The check passes with corrected parameters of some lines, for the customer to accept. */
  correct(input: CorrectInput): Promise<Order>;
  cancel(orderId: number, reason: string): Promise<Order>;
  move(input: StaffMove): Promise<Order>;
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<OrderSummary[]>;
  complaints(status: RequestStatus | null, signal?: AbortSignal): Promise<StaffComplaint[]>;
  answerComplaint(input: ComplaintAnswer): Promise<StaffComplaint>;
  strangerKey(input: StrangerKeyInput): Promise<StrangerKey>;
  /** A board picture or an order's files, read with the staff token. */
  file(url: string, signal?: AbortSignal): Promise<{ status: number; blob: Blob | null }>;
}

const orderQuery = narrowListQuery(STAFF_ORDER_SORT_CODES, STAFF_ORDER_FILTER_CODES);
const deviceInfo = () => (typeof navigator === 'undefined' ? undefined : navigator.userAgent.slice(0, 256));

const realCalls: StaffCalls = {
  signIn: (email, password) => callStaff(staffSignIn, { body: { email, password, deviceInfo: deviceInfo() } }),
  confirmCode: (challengeId, code) => callStaff(staffConfirmCode, { body: { challengeId, code } }),
  setUp: (setupToken, password) => callStaff(staffSetUp, { body: { setupToken, password } }),
  signOut: () => callStaff(staffSignOut),
  sessions: async () => (await callStaff(staffSessionsList, { body: {} })).sessions,
  endSession: (sessionId) => callStaff(staffSessionsEnd, { body: { sessionId } }),
  queue: async (signal) => (await callStaff(staffCheckQueue, { body: {}, signal })).items,
  order: (orderId, signal) => callStaff(staffOrderGet, { query: { orderId: String(orderId) }, signal }),
  claim: (orderId, takeOver) => callStaff(staffCheckClaim, { body: { orderId, takeOver } }),
  unclaim: (orderId) => callStaff(staffCheckUnclaim, { body: { orderId } }),
  release: async (orderId, note) => (await callStaff(staffCheckRelease, { body: { orderId, note } })).order,
  ask: async (input) => (await callStaff(staffCheckAsk, { body: input })).order,
  correct: async (input) => (await callStaff(staffCheckCorrect, { body: input })).order,
  cancel: async (orderId, reason) => (await callStaff(staffCheckCancel, { body: { orderId, reason } })).order,
  move: async (input) => (await callStaff(staffOrdersMove, { body: input })).order,
  ...listCallsOf(orderQuery, (body, signal) => callStaff(staffOrdersListCount, { body, signal }),
    (body, signal) => callStaff(staffOrdersList, { body, signal })),
  complaints: async (status, signal) => (await callStaff(staffComplaintsList, { body: status ? { status } : {}, signal })).complaints,
  answerComplaint: (input) => callStaff(staffComplaintsAnswer, { body: input }),
  strangerKey: (input) => callStaff(staffSupportStrangerKey, { body: input }),
  file: fetchStaffFile,
};

const callsSlot = swappableCalls<StaffCalls>(realCalls);
export const provideStaffCalls = callsSlot.provide;
export const staffCalls = callsSlot.current;

/** The order desk's list: the generic list machine on the staff list calls. */
export const staffOrdersListFlow = listFlowFor<OrderSummary>('staff-orders', callsSlot.current);
