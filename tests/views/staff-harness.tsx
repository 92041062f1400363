import { defaultParams, type ProjectParams } from '../../src/contract/board';
import type { EngineerRequest, LineCorrection } from '../../src/contract/engineer-requests';
import type { Order } from '../../src/contract/orders';
import type { StaffMember, StaffSession } from '../../src/contract/staff';
import type { CheckQueueItem, OrderClaim, StaffComplaint, StaffOrder } from '../../src/contract/staff-orders';
import type { StaffRole } from '../../src/contract/call';
import { provideDfmCalls } from '../../src/services/dfm';
import { provideStaffCalls, type StaffCalls } from '../../src/services/staff/staff-calls';
import { endStaffSession, startStaffSession } from '../../src/services/staff/staff-session';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { renderApp, testSession } from './app-harness';
import { failingWith, fakePages } from './harness-parts';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { sampleOrder } from './orders-harness';
import { analysis } from './projects-harness';

export const STAFF_TOKEN = 'staff_test-token';
const AT = '2026-11-28T09:00:00.000Z';

export function staffMember(role: StaffRole, fields: Partial<StaffMember> = {}): StaffMember {
  return {
    id: role === 'engineer' ? 11 : role === 'manager' ? 12 : 13, email: `${role}@factory.ru`,
    name: { engineer: 'Ольга Инженерова', manager: 'Пётр Менеджеров', admin: 'Анна Админова' }[role], role,
    passwordSet: true, secondFactorEnrolled: true, disabled: false, createdBy: null, createdAt: AT, ...fields,
  };
}

/** The staff session a signed-in member of this role has in the tab. */
export function signInAs(role: StaffRole): StaffMember {
  const member = staffMember(role);
  startStaffSession(STAFF_TOKEN, member);
  return member;
}

export function queueItem(orderId: number, fields: Partial<CheckQueueItem> = {}): CheckQueueItem {
  return {
    orderId, number: `ПП-2026-${String(orderId).padStart(5, '0')}`, clientName: 'Электронные системы', reason: 'dfmReview',
    waitingSince: AT, lineCount: 1, total: 12_500, firstLineTitle: 'Контроллер', claim: null, ...fields,
  };
}

/** A track of 0.08 mm on the top copper at (25, 40): finer than the line makes, so a DFM finding on the picture. */
export const boardWithFinding = () => analysis({
  dfm: { places: [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 25, y: 40 } }], moreByRule: [], pictureBoxMm: [0, 0, 100, 80] },
  dfmStatus: 'done',
});

/** An order held at the check for a DFM review: two lines, the first with its board and findings. */
export function staffOrderOf(id: number, fields: Partial<Order> = {}, extra: Partial<StaffOrder> = {}): StaffOrder {
  const order = sampleOrder(id, {
    status: 'on_check', holdReason: 'Проверка инженером', invoice: null,
    history: [{ status: 'on_check', held: true, note: 'Проверка инженером', at: AT }], ...fields,
  });
  return {
    order, clientId: order.clientId,
    boards: [{ lineId: 11, params: defaultParams('pcb'), analysis: boardWithFinding() }, { lineId: 12, params: null, analysis: null }],
    checkReason: 'dfmReview', claim: null, requests: [], ...extra,
  };
}

/** An engineer's correction of some lines as the gateway prices it: 20 % dearer a piece and a day longer. */
export function correctionOf(entry: StaffOrder, lines: { lineId: number; params: ProjectParams }[], fields: Partial<EngineerRequest> = {}): EngineerRequest {
  const corrections = lines.flatMap(({ lineId, params }): LineCorrection[] => {
    const line = entry.order.lines.find((candidate) => candidate.id === lineId);
    const before = entry.boards.find((board) => board.lineId === lineId)?.params;
    if (!line || !before) return [];
    const unitPrice = Math.round(line.unitPrice * 1.2);
    return [{
      lineId,
      before: { params: before, unitPrice: line.unitPrice, total: line.total, days: line.days },
      after: { params, unitPrice, total: unitPrice * line.quantity, days: line.days + 1 },
    }];
  });
  return {
    id: 90, kind: 'correction', message: 'Плата тоньше 1,6 мм прогнётся', lineIds: [], authorName: 'Ольга Инженерова', at: AT,
    corrections, answeredAt: null, answer: null, ...fields,
  };
}

export function complaintOf(id: number, fields: Partial<StaffComplaint> = {}): StaffComplaint {
  return {
    id, lineId: null, text: 'Платы пришли с царапинами на маске', status: 'new', resolution: null, authorName: 'Анна Соколова', isMine: false,
    createdAt: AT, statusChangedAt: AT, orderId: 5, orderNumber: 'ПП-2026-00005', clientName: 'Электронные системы', ...fields,
  };
}

type Failing = 'signIn' | 'confirmCode' | 'claim' | 'move' | 'queue' | 'ask' | 'correct' | 'release' | 'cancel';

interface FakeOptions {
  queue?: CheckQueueItem[];
  sessions?: StaffSession[];
  complaints?: StaffComplaint[];
  orders?: StaffOrder[];
  failures?: Partial<Record<Failing, Error>>;
  signIn?: Awaited<ReturnType<StaffCalls['signIn']>>;
}

/** The staff calls from memory, each recorded; an order's moves change what the next Get answers. */
export function fakeStaff({
  queue = [],
  sessions = [],
  complaints = [],
  orders = [],
  failures = {},
  signIn = { step: 'code', challengeId: '5d1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11' },
}: FakeOptions = {}) {
  const fail = failingWith<Failing>(failures);
  const calls: { name: string; args: unknown[] }[] = [];
  const files: string[] = [];
  const stored = new Map(orders.map((entry) => [entry.order.id, entry]));
  const record = (name: string, ...args: unknown[]) => calls.push({ name, args });
  const find = (id: number) => {
    const found = stored.get(id);
    return found ? Promise.resolve(found) : Promise.reject(Object.assign(new Error('Заказ не найден'), { status: 404 }));
  };
  const change = (id: number, patch: Partial<StaffOrder>) => {
    const found = stored.get(id);
    if (found) stored.set(id, { ...found, ...patch });
    return find(id).then((entry) => entry.order);
  };
  const listCalls = { count: [] as ListFilterQuery[], list: [] as FetchPageInput[] };
  const pages = fakePages(
    (query) =>
      [...stored.values()]
        .map((entry) => entry.order)
        .filter(
          (order) =>
            (query.filters ?? []).every((code) => (code === 'held' ? order.holdReason !== null : order.status === code)) &&
            (!query.search || `${order.number} ${order.clientName}`.includes(query.search)),
        ),
    (order) => order,
    listCalls,
  );
  const claimOf = (member: StaffMember): OrderClaim => ({ staffId: member.id, name: member.name, at: '2026-11-28T10:15:00.000Z' });
  const gateway: StaffCalls = {
    signIn: (email, password) => {
      record('signIn', email, password);
      return fail('signIn', () => Promise.resolve(signIn));
    },
    confirmCode: (challengeId, code) => {
      record('confirmCode', challengeId, code);
      return fail('confirmCode', () => Promise.resolve({ token: STAFF_TOKEN, member: staffMember('engineer') }));
    },
    setUp: (token, password) => {
      record('setUp', token, password);
      return Promise.resolve({ ok: true });
    },
    signOut: () => {
      record('signOut');
      return Promise.resolve({ ok: true });
    },
    sessions: () => Promise.resolve([...sessions]),
    endSession: (id) => {
      record('endSession', id);
      sessions.splice(
        sessions.findIndex((session) => session.id === id),
        1,
      );
      return Promise.resolve({ ok: true });
    },
    queue: () => fail('queue', () => Promise.resolve(queue)),
    order: (id) => find(id),
    claim: (orderId, takeOver) => {
      record('claim', orderId, takeOver);
      return fail('claim', () => change(orderId, { claim: claimOf(staffMember('engineer')) }).then(() => claimOf(staffMember('engineer'))));
    },
    unclaim: (orderId) => {
      record('unclaim', orderId);
      return change(orderId, { claim: null });
    },
    release: (orderId, note) => {
      record('release', orderId, note);
      return fail('release', () => change(orderId, { checkReason: null }));
    },
    ask: (input) => {
      record('ask', input);
      return fail('ask', () => change(orderId(input), {}));
    },
    correct: (input) => {
      record('correct', input);
      return fail('correct', () =>
        find(input.orderId).then((entry) => {
          const request = correctionOf(entry, input.lines, { message: input.message });
          const requests = [...entry.requests, request];
          return change(input.orderId, { requests, checkReason: 'answerAwaited', order: { ...entry.order, holdCode: 'engineerRequest', requests } });
        }),
      );
    },
    cancel: (id, reason) => {
      record('cancel', id, reason);
      return fail('cancel', () => change(id, {}));
    },
    move: (input) => {
      record('move', input);
      return fail('move', () =>
        find(input.orderId).then((entry) => change(input.orderId, { order: { ...entry.order, status: 'waiting_for_payment', holdReason: null } })),
      );
    },
    ...pages,
    complaints: (status) => {
      record('complaints', status);
      return Promise.resolve(complaints.filter((complaint) => status === null || complaint.status === status));
    },
    answerComplaint: (input) => {
      record('answerComplaint', input);
      const found = complaints.find((complaint) => complaint.id === input.complaintId);
      if (!found) return Promise.reject(new Error('no such complaint'));
      Object.assign(found, { status: input.status, resolution: input.resolution ?? null });
      return Promise.resolve(found);
    },
    strangerKey: (input) => {
      record('strangerKey', input);
      return Promise.resolve({ key: 'stranger-4f2a9c', userId: 7, expiresAt: '2026-11-28T13:00:00.000Z' });
    },
    file: (url) => {
      files.push(url);
      return Promise.resolve({ status: 200, blob: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }) });
    },
  };
  const orderId = (input: { orderId: number }) => input.orderId;
  return {
    gateway,
    calls,
    files,
    listCalls,
    callsOf: (name: string) => calls.filter((call) => call.name === name).map((call) => call.args),
    install: () => {
      const undoStaff = provideStaffCalls(gateway);
      const undoDfm = provideDfmCalls({
        capabilities: () => Promise.resolve(DEFAULT_CAPABILITIES),
        quote: () => Promise.reject(new Error('not asked')),
      });
      return () => {
        undoDfm();
        undoStaff();
        endStaffSession();
      };
    },
  };
}

/** The whole app at a staff path, with no customer signed in. */
export const renderStaff = (path: string) => renderApp(path, testSession({ signedIn: false }));
