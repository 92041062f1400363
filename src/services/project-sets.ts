import { editsOrderingData, type Client, type ClientRole } from '../contract/clients';
import {
  addProjectSetToCart, createProjectSet, deleteProjectSet, getProjectSet, PROJECT_SET_KINDS, PROJECT_SET_SORT_CODES,
  projectSetsList, projectSetsListCount, putProjectSetItem, removeProjectSetItem, renameProjectSet,
  type ProjectSet, type ProjectSetKind, type ProjectSetSummary,
} from '../contract/project-sets';
import { editsProjects, PROJECT_FILTER_CODES, PROJECT_SORT_CODES, projectsList, type ProjectSummary } from '../contract/projects';
import type { ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { callApi, sendingBody } from './api';
import { stripLocale } from './i18n';
import { narrowListQuery, listCallsOf } from './list-query';
import { readListSort, type ListSort } from './list-sort-prefs';
import { loadMyClients } from './my-clients';
import { listFlowFor, swappableCalls, type ListCalls } from './swappable-calls';

export interface SetToCartResult {
  cartTotal: number;
  added: number;
  skipped: number;
}

/** Every call the folder and kit pages make; tests replace them with `provideProjectSetsCalls`. */
export interface ProjectSetsCalls extends ListCalls<ProjectSetSummary> {
  get(id: number, signal?: AbortSignal): Promise<ProjectSet>;
  create(clientId: number, kind: ProjectSetKind, name: string): Promise<ProjectSet>;
  rename(id: number, name: string): Promise<ProjectSet>;
  remove(id: number): Promise<unknown>;
  putProject(id: number, projectId: number, quantity: number): Promise<ProjectSet>;
  removeProject(id: number, projectId: number): Promise<ProjectSet>;
  /** `dfmReview`: projects with DFM errors go for an engineer's review. */
  addToCart(id: number, dfmReview?: boolean): Promise<SetToCartResult>;
  /** The caller's clients with their roles: who may create in which, and what a role may do to a set. */
  clients(signal?: AbortSignal): Promise<Client[]>;
  /** Projects the picker offers: the client's projects searched, newest activity first, without archived ones. */
  projects(clientId: number, search: string, signal?: AbortSignal): Promise<ProjectSummary[]>;
}

const setQuery = narrowListQuery(PROJECT_SET_SORT_CODES, PROJECT_SET_KINDS);
const projectQuery = narrowListQuery(PROJECT_SORT_CODES, PROJECT_FILTER_CODES);
/** One page of the projects list is what a picker shows; a longer list is narrowed by the search. */
export const PICKER_PAGE_SIZE = 50;

const realCalls: ProjectSetsCalls = {
  ...listCallsOf(setQuery, sendingBody(projectSetsListCount), sendingBody(projectSetsList)),
  get: (id, signal) => callApi(getProjectSet, { query: { id: String(id) }, signal }),
  create: (clientId, kind, name) => callApi(createProjectSet, { body: { clientId, kind, name } }),
  rename: (id, name) => callApi(renameProjectSet, { body: { id, name } }),
  remove: (id) => callApi(deleteProjectSet, { body: { id } }),
  putProject: (id, projectId, quantity) => callApi(putProjectSetItem, { body: { id, projectId, quantity } }),
  removeProject: (id, projectId) => callApi(removeProjectSetItem, { body: { id, projectId } }),
  addToCart: (id, dfmReview) => callApi(addProjectSetToCart, { body: { id, ...(dfmReview ? { dfmReview } : {}) } }),
  clients: (signal) => loadMyClients(signal),
  projects: (clientId, search, signal) => callApi(projectsList, {
    body: {
      ...projectQuery({ sort: { code: 'activity', orderBy: 'desc' }, ...(search ? { search } : {}), filters: ['actual', 'draft'] }),
      clientId, pagination: { page: 1, itemsOnPage: PICKER_PAGE_SIZE },
    },
    signal,
  }),
};

const callsSlot = swappableCalls<ProjectSetsCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideProjectSetsCalls = callsSlot.provide;
export const projectSetsCalls = callsSlot.current;

/** The list's name in the log and in its sort cookies. */
const LIST = 'project-sets';
export const projectSetsListFlow = listFlowFor<ProjectSetSummary>(LIST, callsSlot.current);

/** '/folders' and '/kits' share one page; the path says which. */
export const SET_PATHS: Record<ProjectSetKind, string> = { folder: '/folders', kit: '/kits' };
export function setKindOfPath(path: string): ProjectSetKind {
  return stripLocale(path).startsWith(SET_PATHS.kit) ? 'kit' : 'folder';
}
export const setPath = (kind: ProjectSetKind, id: number): string => `${SET_PATHS[kind]}/${id}`;

export type ProjectSetSort = ListSort<(typeof PROJECT_SET_SORT_CODES)[number]>;
export const DEFAULT_PROJECT_SET_SORT: ProjectSetSort = { code: 'updatedAt', orderBy: 'desc' };
export const readProjectSetSort = (): ProjectSetSort => readListSort(LIST, PROJECT_SET_SORT_CODES, DEFAULT_PROJECT_SET_SORT);

/** What the list asks the gateway first: the kind the path names and the remembered sort; the search starts empty. */
export function projectSetListQuery(kind: ProjectSetKind, sort: ProjectSetSort): ListFilterQuery {
  return { sort: { code: sort.code, orderBy: sort.orderBy }, filters: [kind] };
}

export interface ProjectSetPermissions {
  /** Create, rename, delete, put and remove projects: roles 1–4. */
  change: boolean;
  /** A kit to the cart: roles 1, 2, 3, 5. */
  order: boolean;
}

/** The role matrix for sets (docs/decisions.md); without a known role nothing that changes a set is offered. */
export function projectSetPermissions(role: ClientRole | null): ProjectSetPermissions {
  return { change: role !== null && editsProjects(role), order: role !== null && editsOrderingData(role) };
}

/** The clients a new set can be made in: those where the caller's role may change sets. */
export const clientsForNewSets = (clients: readonly Client[]): Client[] => clients.filter((client) => editsProjects(client.role));
