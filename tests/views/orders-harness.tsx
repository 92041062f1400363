import { cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import type { EngineerRequest } from '../../src/contract/engineer-requests';
import type { Order, OrderComplaint, OrderLine, OrderReview, OrderSummary, Rating } from '../../src/contract/orders';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { ApiError } from '../../src/services/api';
import { provideOrdersCalls, type OrdersCalls, type ReorderResult } from '../../src/services/orders';
import { bindSession, type SessionActor } from '../../src/services/session';
import { clearToasts } from '../../src/services/toasts';
import OrderPage from '../../src/views/pages/orders/order-page';
import OrdersPage from '../../src/views/pages/orders/orders-page';
import { failingWith, renderWithSession } from './harness-parts';
import { projectsSession } from './projects-harness';

const day = (date: number, hour = 10) => new Date(Date.UTC(2026, 0, date, hour, 30)).toISOString();

/** A list line as the gateway sends it. */
export function orderSummary(id: number, fields: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id, number: `ПП-2026-${String(id).padStart(5, '0')}`, clientId: 1, clientName: 'Электронные системы', status: 'on_check',
    holdReason: null, isFavorite: false, total: 10_000 + id, lineCount: 1, firstLineTitle: `Плата ${id}`, payerName: 'ООО «Электронные системы»',
    trackingNumber: null, createdAt: day(1 + (id % 28)), statusChangedAt: day(1 + (id % 28), 12), ...fields,
  };
}

/** An order's line: ten boards of project 3 at 5 000 ₽ each, at the engineering check, without files. */
export function orderLine(id: number, title: string, fields: Partial<OrderLine> = {}): OrderLine {
  return {
    id, projectId: 3, title, productType: 'pcb', quantity: 10, unitPrice: 5_000, total: 50_000, days: 7, status: 'engineering', filesUrl: null,
    ...fields,
  };
}

/** A whole order: two lines, an invoice, a history up to production, a review and a complaint. */
export function sampleOrder(id: number, fields: Partial<Order> = {}): Order {
  return {
    ...orderSummary(id, {
      status: 'in_progress',
      lineCount: 2,
      firstLineTitle: 'Контроллер',
      total: 61_000,
      createdAt: day(5, 9),
      statusChangedAt: day(8, 14),
    }),
    lines: [
      orderLine(11, 'Контроллер', { status: 'in_production', filesUrl: `/files/orders/${id}/lines/11.zip` }),
      orderLine(12, 'Трафарет верх', {
        projectId: null, productType: 'stencil', quantity: 1, unitPrice: 11_000, total: 11_000, days: 5, status: 'in_production',
      }),
    ],
    history: [
      { status: 'on_check', held: false, note: null, at: day(5, 9) },
      { status: 'on_check', held: true, note: 'Нет слоя паяльной маски', at: day(6, 11) },
      { status: 'on_check', held: false, note: null, at: day(6, 15) },
      { status: 'waiting_for_payment', held: false, note: null, at: day(7, 10) },
      { status: 'in_progress', held: false, note: null, at: day(8, 14) },
    ],
    invoice: {
      id: 70,
      number: 'СЧ-2026-00070',
      issuedAt: day(7, 10),
      amount: 61_000,
      vat: 11_000,
      paidAt: day(8, 14),
      pdfUrl: '/files/invoices/70.pdf',
      transfer: null,
    },
    reviews: [],
    complaints: [],
    payer: { name: 'ООО «Электронные системы»', inn: '7701234567', kpp: '770101001' },
    contact: { name: 'Анна Соколова', phone: '89991234567', email: 'anna@example.ru' },
    delivery: { kind: 'pickup_point', name: 'ПВЗ на Тверской', nameEn: 'Tverskaya pickup point', recipient: '', address: 'Москва, Тверская, 1' },
    comment: 'Упаковать каждую плату отдельно',
    placedByName: 'Иван Петрович Смирнов',
    filesAwaited: false,
    can: { cancel: false, reorder: true, review: false, complain: false },
    ...fields,
  };
}

/** An order held at the engineering check for the engineer's `requests`, with three lines that all have files. */
export function heldForEngineer(id: number, requests: EngineerRequest[], fields: Partial<Order> = {}): Order {
  const order = sampleOrder(id);
  const files = (lineId: number) => `/files/orders/${id}/lines/${lineId}.zip`;
  return sampleOrder(id, {
    status: 'on_check',
    holdCode: 'engineerRequest',
    holdReason: 'Ждёт вашего ответа инженеру',
    invoice: null,
    requests,
    lines: [
      ...order.lines.map((line) => ({ ...line, status: 'engineering' as const, filesUrl: files(line.id) })),
      orderLine(13, 'Датчик', { projectId: 5, quantity: 5, unitPrice: 2_200, total: 11_000, filesUrl: files(13) }),
    ],
    ...fields,
  });
}

interface FakeOptions {
  orders?: Order[];
  /** A list of this many generated lines instead (10 000 orders and more), summaries only. */
  generated?: number;
  failures?: Partial<
    Record<
      'setFavorite' | 'cancel' | 'reorder' | 'addReview' | 'addComplaint' | 'cancelComplaint' | 'attachFiles' | 'answerRequest' | 'acceptCorrection',
      Error
    >
  >;
}

/** Status codes of a query's filters; several are alternatives, as the gateway reads them. */
const statusFilters = (filters: readonly string[]) => filters.filter((code) => code !== 'favorite' && code !== 'held');

function summaryOf(order: Order): OrderSummary {
  const {
    lines: _l,
    history: _h,
    invoice: _i,
    reviews: _r,
    complaints: _c,
    payer: _p,
    contact: _ct,
    delivery: _d,
    comment: _cm,
    placedByName: _pb,
    can: _can,
    ...summary
  } = order;
  return summary;
}

/** The orders calls answered from memory as the gateway would (filters, search, sorts, pages); every call recorded. */
export function fakeOrders({ orders = [], generated, failures = {} }: FakeOptions) {
  let items = orders.map((item) => ({ ...item }));
  const calls = {
    count: [] as ListFilterQuery[],
    list: [] as FetchPageInput[],
    get: [] as number[],
    setFavorite: [] as { id: number; isFavorite: boolean }[],
    cancel: [] as { id: number; reason: string }[],
    reorder: [] as number[],
    addReview: [] as { orderId: number; rating: Rating; text: string }[],
    addComplaint: [] as { orderId: number; lineId: number | null; text: string }[],
    cancelComplaint: [] as number[],
    attachFiles: [] as { orderId: number; lineId: number; names: string[] }[],
    answerRequest: [] as { orderId: number; requestId: number; answer: string }[],
    acceptCorrection: [] as { orderId: number; requestId: number; accept: boolean }[],
    download: [] as { url: string; fileName: string }[],
  };
  const matching = (query: ListFilterQuery): OrderSummary[] => {
    const filters = query.filters ?? [];
    const statuses = statusFilters(filters);
    const found = items.filter((item) => (statuses.length === 0 || statuses.includes(item.status))
      && (!filters.includes('favorite') || item.isFavorite)
      && (!query.search || `${item.number} ${item.firstLineTitle}`.toLowerCase().includes(query.search.toLowerCase())));
    const code = query.sort?.code ?? 'createdAt';
    const sign = query.sort?.orderBy === 'desc' ? -1 : 1;
    const key = (item: Order) =>
      code === 'total' ? item.total : code === 'number' ? item.number : code === 'statusChangedAt' ? item.statusChangedAt : item.createdAt;
    return found.sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map(summaryOf);
  };
  const byId = (id: number) => {
    const found = items.find((item) => item.id === id);
    return found ? Promise.resolve(structuredClone(found)) : Promise.reject(new ApiError(404, 'Заказ не найден'));
  };
  const change = (id: number, patch: (order: Order) => Order) => {
    items = items.map((item) => (item.id === id ? patch(item) : item));
  };
  const failOr = failingWith(failures);
  /** Lines given files since the order was loaded: a files request is answered once each line it names has them. */
  const attached = new Map<number, Set<number>>();
  /** As the gateway: once no request waits for the customer, the engineer's hold ends and the check goes on. */
  const settleRequests = (order: Order): Order => {
    const lines = attached.get(order.id) ?? new Set<number>();
    const requests = (order.requests ?? []).map((request) => {
      const named = request.lineIds.length > 0 ? request.lineIds : order.lines.map((line) => line.id);
      return request.kind === 'files' && request.answeredAt === null && named.every((id) => lines.has(id))
        ? { ...request, answeredAt: day(10, 12) } : request;
    });
    if (order.holdCode !== 'engineerRequest' || requests.some((request) => request.answeredAt === null)) return { ...order, requests };
    const { holdCode: _released, ...rest } = order;
    return { ...rest, requests, holdReason: null };
  };
  const gateway: OrdersCalls = {
    count: (query) => {
      calls.count.push(query);
      return Promise.resolve(generated ?? matching(query).length);
    },
    list: (input) => {
      calls.list.push(input);
      const start = (input.page - 1) * input.itemsOnPage;
      if (generated !== undefined) {
        const size = Math.max(0, Math.min(input.itemsOnPage, generated - start));
        return Promise.resolve(Array.from({ length: size }, (_, index) => orderSummary(start + index + 1)));
      }
      return Promise.resolve(matching(input.query).slice(start, start + input.itemsOnPage));
    },
    get: (id) => {
      calls.get.push(id);
      return byId(id);
    },
    setFavorite: (id, isFavorite) => {
      calls.setFavorite.push({ id, isFavorite });
      return failOr('setFavorite', () => {
        change(id, (order) => ({ ...order, isFavorite }));
        return Promise.resolve({ ok: true });
      });
    },
    cancel: (id, reason) => {
      calls.cancel.push({ id, reason });
      return failOr('cancel', () => {
        change(id, (order) => ({
          ...order, status: 'canceled', statusChangedAt: day(9, 9), can: { ...order.can, cancel: false },
          history: [...order.history, { status: 'canceled', held: false, note: reason || null, at: day(9, 9) }],
        }));
        return byId(id);
      });
    },
    reorder: (id): Promise<ReorderResult> => {
      calls.reorder.push(id);
      return failOr('reorder', () => Promise.resolve({ cartTotal: 4, added: 1, skipped: 1 }));
    },
    addReview: (orderId, rating, text) => {
      calls.addReview.push({ orderId, rating, text });
      return failOr('addReview', () => {
        const review: OrderReview = { id: 900, rating, text, authorName: 'Иван Петрович Смирнов', createdAt: day(10) };
        change(orderId, (order) => ({ ...order, reviews: [...order.reviews, review], can: { ...order.can, review: false } }));
        return Promise.resolve(review);
      });
    },
    addComplaint: (orderId, lineId, text) => {
      calls.addComplaint.push({ orderId, lineId, text });
      return failOr('addComplaint', () => {
        const complaint: OrderComplaint = {
          id: 800,
          lineId,
          text,
          status: 'new',
          resolution: null,
          authorName: 'Иван Петрович Смирнов',
          isMine: true,
          createdAt: day(10),
          statusChangedAt: day(10),
        };
        change(orderId, (order) => ({ ...order, complaints: [...order.complaints, complaint] }));
        return Promise.resolve(complaint);
      });
    },
    // As the gateway: the line gets its files, and the order goes on once no line lacks them.
    attachFiles: (order, lineId, files) => {
      calls.attachFiles.push({ orderId: order.id, lineId, names: files.map((file) => (file instanceof File ? file.name : '')) });
      return failOr('attachFiles', () => {
        attached.set(order.id, new Set([...(attached.get(order.id) ?? []), lineId]));
        change(order.id, (shown) => {
          const lines = shown.lines.map((line) => (line.id === lineId ? { ...line, filesUrl: `/files/orders/${shown.id}/lines/${lineId}.zip` } : line));
          if (shown.holdCode === 'engineerRequest') return settleRequests({ ...shown, lines });
          const done = lines.every((line) => line.filesUrl !== null);
          return { ...shown, lines, filesAwaited: !done, holdReason: done ? null : shown.holdReason };
        });
        return byId(order.id);
      });
    },
    answerRequest: (orderId, requestId, answer) => {
      calls.answerRequest.push({ orderId, requestId, answer });
      return failOr('answerRequest', () => {
        change(orderId, (order) => settleRequests({
          ...order,
          requests: (order.requests ?? []).map((request) => (request.id === requestId ? { ...request, answeredAt: day(10, 11), answer } : request)),
        }));
        return byId(orderId);
      });
    },
    // As the gateway: accepted, the lines take the corrected prices and the check goes on; declined, back to the engineer.
    acceptCorrection: (orderId, requestId, accept) => {
      calls.acceptCorrection.push({ orderId, requestId, accept });
      return failOr('acceptCorrection', () => {
        change(orderId, (order) => {
          const request = (order.requests ?? []).find((one) => one.id === requestId);
          const requests = (order.requests ?? []).map((one) =>
            one.id === requestId ? { ...one, answeredAt: day(10, 11), answer: accept ? 'accepted' : 'declined' } : one,
          );
          if (!accept) return { ...order, requests, holdCode: 'dfmReview', holdReason: 'Ждёт проверки инженером', reviewHours: 24 };
          const lines = order.lines.map((line) => {
            const corrected = request?.corrections?.find((one) => one.lineId === line.id)?.after;
            return corrected ? { ...line, unitPrice: corrected.unitPrice, total: corrected.total, days: corrected.days } : line;
          });
          const { holdCode: _released, ...rest } = order;
          return { ...rest, requests, lines, holdReason: null, total: lines.reduce((sum, line) => sum + line.total, 0) };
        });
        return byId(orderId);
      });
    },
    cancelComplaint: (id) => {
      calls.cancelComplaint.push(id);
      return failOr('cancelComplaint', () => {
        const owner = items.find((order) => order.complaints.some((complaint) => complaint.id === id));
        if (!owner) return Promise.reject(new ApiError(404, 'Претензия не найдена'));
        change(owner.id, (order) => ({
          ...order, complaints: order.complaints.map((complaint) => (complaint.id === id ? { ...complaint, status: 'canceled' as const } : complaint)),
        }));
        const saved = items.find((order) => order.id === owner.id)?.complaints.find((complaint) => complaint.id === id);
        return saved ? Promise.resolve(saved) : Promise.reject(new ApiError(404, 'Претензия не найдена'));
      });
    },
    download: (url, fileName) => {
      calls.download.push({ url, fileName });
      return Promise.resolve();
    },
  };
  return {
    gateway,
    calls,
    /** What the manufacturer does meanwhile: the next Get answers the changed order. */
    change,
    install: () => provideOrdersCalls(gateway),
  };
}

const idIn = (path: string) => ({ id: /^\/orders\/(\d+)/.exec(path)?.[1] });

export const renderOrdersPage = (path: string, session: SessionActor) =>
  renderWithSession(session, <OrdersPage title="Заказы" params={idIn(path)} />, path);

export const renderOrderPage = (path: string, session: SessionActor) =>
  renderWithSession(session, <OrderPage title="Заказ" params={idIn(path)} />, path);

/**
 * The order page of the first of `orders` over the fake gateway, signed in, for a file's tests: each test's fake and
 * session are undone after it. Call at the top of a test file.
 */
export function orderPageSetup() {
  let undo: (() => void)[] = [];
  afterEach(() => {
    cleanup();
    for (const step of undo.reverse()) step();
    undo = [];
    clearToasts();
  });
  const open = (orders: Order[], options: Omit<FakeOptions, 'orders'> = {}) => {
    const fake = fakeOrders({ orders, ...options });
    undo.push(fake.install());
    const { session, loads } = projectsSession();
    undo.push(() => session.stop(), bindSession(session));
    const view = renderOrderPage(`/orders/${orders[0]?.id ?? 1}`, session);
    return { fake, loads, ...view, user: userEvent.setup() };
  };
  /** Undoes `step` after the test too (a language switched, a gateway call swapped). */
  const afterTest = (step: () => void) => { undo.push(step); };
  return Object.assign(open, { afterTest });
}
