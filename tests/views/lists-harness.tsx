import type { ReactElement } from 'react';
import type { Client } from '../../src/contract/clients';
import type { InvoiceSummary } from '../../src/contract/invoices';
import type { OrderLineListItem, OrderSummary } from '../../src/contract/orders';
import type { ProjectSet, ProjectSetItem, ProjectSetKind } from '../../src/contract/project-sets';
import type { ProjectSummary } from '../../src/contract/projects';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { ApiError } from '../../src/services/api';
import type { ProjectSetsCalls } from '../../src/services/project-sets';
import type { SessionActor } from '../../src/services/session';
import type { ListCalls } from '../../src/services/swappable-calls';
import { client } from './clients-harness';
import { fakePages, renderWithSession } from './harness-parts';

export { client };

const at = (day: number) => new Date(Date.UTC(2026, 1, day, 9, 0)).toISOString();

export function invoice(id: number, fields: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id, number: `СЧ-2026-${String(id).padStart(5, '0')}`, orderId: 100 + id, orderNumber: `ПП-2026-${String(100 + id).padStart(5, '0')}`,
    clientId: 1, clientName: 'Электронные системы', payerName: 'ООО «Электронные системы»', payerInn: '7701234567',
    amount: 12_200, vat: 2_200, issuedAt: at(id), paidAt: null, pdfUrl: `/files/invoices/${id}.pdf`, transferPdfUrl: null, ...fields,
  };
}

export function orderLine(id: number, fields: Partial<OrderLineListItem> = {}): OrderLineListItem {
  return {
    id, projectId: 10 + id, title: `Плата ${id}`, productType: 'pcb', quantity: 10, unitPrice: 150, total: 1_500, days: 7,
    status: 'engineering', filesUrl: null, orderId: 200 + id, orderNumber: `ПП-2026-${String(200 + id).padStart(5, '0')}`,
    clientName: 'Электронные системы', createdAt: at(id), ...fields,
  };
}

export function order(id: number, fields: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id, number: `ПП-2026-${String(id).padStart(5, '0')}`, clientId: 1, clientName: 'Электронные системы', status: 'on_check',
    holdReason: null, isFavorite: false, total: 25_000, lineCount: 1, firstLineTitle: `Контроллер ${id}`, payerName: 'ООО «ЭС»',
    trackingNumber: null, createdAt: at(id), statusChangedAt: at(id + 1), ...fields,
  };
}

export function setItem(projectId: number, fields: Partial<ProjectSetItem> = {}): ProjectSetItem {
  return { projectId, title: `Плата ${projectId}`, productType: 'pcb', status: 'actual', quantity: 5, price: 1_000, previewUrl: null, ...fields };
}

export function projectSet(id: number, kind: ProjectSetKind, fields: Partial<ProjectSet> = {}): ProjectSet {
  const items = fields.items ?? [];
  return {
    id, kind, name: `${kind === 'kit' ? 'Комплект' : 'Папка'} ${id}`, clientId: 1, clientName: 'Электронные системы',
    projectCount: items.length, total: items.reduce((sum, item) => sum + (item.price ?? 0), 0), createdAt: at(1), updatedAt: at(id),
    items, ...fields,
  };
}

/** List calls answered from memory by `matches` (filters and search as the gateway would); every query recorded. */
export function fakeList<Item>(items: readonly Item[], matches: (item: Item, query: ListFilterQuery) => boolean) {
  const calls = { count: [] as ListFilterQuery[], list: [] as FetchPageInput[] };
  const matching = (query: ListFilterQuery) => items.filter((item) => matches(item, query));
  const gateway: ListCalls<Item> = {
    ...fakePages(matching, (item) => item, calls),
  };
  return { gateway, calls };
}

export const searched = (query: ListFilterQuery, ...texts: string[]) =>
  !query.search || texts.some((text) => text.toLowerCase().includes((query.search ?? '').toLowerCase()));

interface SetsOptions {
  sets: ProjectSet[];
  clients?: Client[];
  /** What the picker's projects call answers (before the page filters by client). */
  projects?: ProjectSummary[];
  toCart?: { cartTotal: number; added: number; skipped: number };
  /** AddToCart's refusal for a project's DFM errors, unless sent for an engineer's review. */
  dfmRefusal?: string;
}

/** The project-sets calls answered from memory as the gateway would; every call recorded. */
export function fakeProjectSets({ sets, clients = [client(1, { name: 'Электронные системы' })], projects = [], toCart, dfmRefusal }: SetsOptions) {
  let stored = sets.map((set) => ({ ...set }));
  const calls = {
    count: [] as ListFilterQuery[], list: [] as FetchPageInput[], get: [] as number[], create: [] as unknown[], rename: [] as unknown[],
    remove: [] as number[], put: [] as { id: number; projectId: number; quantity: number }[], removeProject: [] as unknown[],
    addToCart: [] as number[], projects: [] as string[], dfmReview: [] as boolean[],
  };
  const matching = (query: ListFilterQuery) => stored
    .filter((set) => (query.filters ?? []).includes(set.kind) && searched(query, set.name))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const find = (id: number) => {
    const found = stored.find((set) => set.id === id);
    return found ? Promise.resolve({ ...found }) : Promise.reject(new ApiError(404, 'Не найдено'));
  };
  const change = (id: number, next: (set: ProjectSet) => ProjectSet) => {
    stored = stored.map((set) => {
      if (set.id !== id) return set;
      const changed = next(set);
      return { ...changed, projectCount: changed.items.length, total: changed.items.reduce((sum, item) => sum + (item.price ?? 0), 0) };
    });
    return find(id);
  };
  const gateway: ProjectSetsCalls = {
    ...fakePages(matching, ({ items: _items, ...summary }: ProjectSet) => summary, calls),
    get: (id) => {
      calls.get.push(id);
      return find(id);
    },
    create: (clientId, kind, name) => {
      calls.create.push({ clientId, kind, name });
      const created = projectSet(900, kind, { name, clientId, clientName: clients.find((one) => one.id === clientId)?.name ?? '' });
      stored = [...stored, created];
      return Promise.resolve(created);
    },
    rename: (id, name) => {
      calls.rename.push({ id, name });
      return change(id, (set) => ({ ...set, name, updatedAt: '2026-03-01T09:00:00.000Z' }));
    },
    remove: (id) => {
      calls.remove.push(id);
      stored = stored.filter((set) => set.id !== id);
      return Promise.resolve({ ok: true });
    },
    putProject: (id, projectId, quantity) => {
      calls.put.push({ id, projectId, quantity });
      const project = projects.find((one) => one.id === projectId);
      return change(id, (set) => ({
        ...set,
        items: set.items.some((item) => item.projectId === projectId)
          ? set.items.map((item) => (item.projectId === projectId ? { ...item, quantity, price: (item.price ?? 0) / item.quantity * quantity } : item))
          : [...set.items, setItem(projectId, { title: project?.title ?? `Проект ${projectId}`, quantity, price: project?.price ?? null })],
      }));
    },
    removeProject: (id, projectId) => {
      calls.removeProject.push({ id, projectId });
      return change(id, (set) => ({ ...set, items: set.items.filter((item) => item.projectId !== projectId) }));
    },
    addToCart: (id, dfmReview = false) => {
      calls.addToCart.push(id);
      calls.dfmReview.push(dfmReview);
      if (dfmRefusal !== undefined && !dfmReview) return Promise.reject(new ApiError(400, dfmRefusal, 'id', 'dfm.trackWidth'));
      return toCart ? Promise.resolve(toCart) : Promise.reject(new ApiError(403, 'Недостаточно прав'));
    },
    clients: () => Promise.resolve(clients),
    projects: (clientId, search) => {
      calls.projects.push(search);
      return Promise.resolve(projects.filter((project) => project.clientId === clientId
        && (!search || project.title.toLowerCase().includes(search.toLowerCase()))));
    },
  };
  return { gateway, calls, stored: () => stored };
}

/** A page rendered alone under the router at `path`, inside a real session. */
export const renderListPage = (path: string, session: SessionActor, page: ReactElement) => renderWithSession(session, page, path);
