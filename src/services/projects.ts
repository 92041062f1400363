import { editsOrderingData, type ClientRole } from '../contract/clients';
import {
  addProjectToCart, duplicateProject, editsProjects, getProject, PROJECT_FILTER_CODES, PROJECT_SORT_CODES,
  PROJECT_STATUSES, projectsList, projectsListCount, setProjectFavorite, setProjectStatus,
  type Project, type ProjectStatus, type ProjectSummary,
} from '../contract/projects';
import type { ProductType } from '../contract/board';
import type { FetchPageInput, ListFilterQuery } from '../machines/list-paging/list-paging-types';
import { callApi, sendingBody } from './api';
import { callFailureText, notifyCallFailure } from './call-failure';
import { loadMyClients } from './my-clients';
import { readListSort, type ListSort } from './list-sort-prefs';
import type { ViewCounters } from './list-counters';
import { listFlowFor, swappableCalls } from './swappable-calls';
import { narrowListQuery, listCallsOf, searchOfStatusView, statusViewOfSearch } from './list-query';

/** Every projects call the pages make; tests replace them with `provideProjectsCalls`. */
export interface ProjectsCalls {
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<ProjectSummary[]>;
  get(id: number, signal?: AbortSignal): Promise<Project>;
  setStatus(id: number, status: ProjectStatus): Promise<Project>;
  setFavorite(id: number, isFavorite: boolean): Promise<unknown>;
  duplicate(id: number): Promise<Project>;
  /** `dfmReview`: ordered for an engineer's review of its DFM errors. */
  addToCart(projectId: number, dfmReview?: boolean): Promise<{ cartTotal: number }>;
  /** The caller's role in each of their clients, by client id: the pages offer only what a role allows. */
  roles(signal?: AbortSignal): Promise<ReadonlyMap<number, ClientRole>>;
}

type SortCode = (typeof PROJECT_SORT_CODES)[number];

/** The generic list form narrowed to the codes this list knows. */
const projectQuery = narrowListQuery(PROJECT_SORT_CODES, PROJECT_FILTER_CODES);

const idParam = (id: number) => ({ id: String(id) });

const realCalls: ProjectsCalls = {
  ...listCallsOf(projectQuery, sendingBody(projectsListCount), sendingBody(projectsList)),
  get: (id, signal) => callApi(getProject, { query: idParam(id), signal }),
  setStatus: (id, status) => callApi(setProjectStatus, { body: { id, status } }),
  setFavorite: (id, isFavorite) => callApi(setProjectFavorite, { body: { id, isFavorite } }),
  duplicate: (id) => callApi(duplicateProject, { body: { id } }),
  addToCart: (projectId, dfmReview) => callApi(addProjectToCart, { body: { projectId, ...(dfmReview ? { dfmReview } : {}) } }),
  roles: async (signal) => new Map((await loadMyClients(signal)).map((client) => [client.id, client.role])),
};

const callsSlot = swappableCalls<ProjectsCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideProjectsCalls = callsSlot.provide;
export const projectsCalls = callsSlot.current;

/** The list's name in the log and in its sort cookies. */
const LIST = 'projects';
export const projectsListFlow = listFlowFor<ProjectSummary>(LIST, callsSlot.current);

// The views of /projects: all, one status, or the favourites, named in the query so a reload keeps them.

export const PROJECT_VIEWS = ['all', ...PROJECT_STATUSES, 'favorite'] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

/** The views a menu counter counts too: their tabs show it, and a list count that differs refreshes it. */
export const PROJECT_VIEW_COUNTERS: ViewCounters = {
  actual: (counters) => counters.projects.totalActual,
  draft: (counters) => counters.projects.totalDraft,
  favorite: (counters) => counters.favorite.totalProject,
};

export const projectViewOfSearch = (search: string): ProjectView => statusViewOfSearch(search, PROJECT_STATUSES);
export const searchOfView = (view: ProjectView, search = ''): string => searchOfStatusView(view, search);

export type ProjectSort = ListSort<SortCode>;

/** The view and the product type are filter codes of the contract. */
export const projectFiltersOf = (view: ProjectView, productType: ProductType | null): string[] =>
  [...(view === 'all' ? [] : [view]), ...(productType ? [productType] : [])];

/** What the list asks the gateway first: the view, the product type and the remembered sort; the search starts empty. */
export function projectListQuery(view: ProjectView, productType: ProductType | null, sort: ProjectSort): ListFilterQuery {
  const filters = projectFiltersOf(view, productType);
  return { sort: { code: sort.code, orderBy: sort.orderBy }, ...(filters.length ? { filters } : {}) };
}

// Sorts (cookies sort-type-projects / sort-order-projects); the product spec's default: activity, newest first.

export const DEFAULT_PROJECT_SORT: ProjectSort = { code: 'activity', orderBy: 'desc' };
export const readProjectSort = (): ProjectSort => readListSort(LIST, PROJECT_SORT_CODES, DEFAULT_PROJECT_SORT);

// The role matrix of projects (docs/decisions.md), as the views need it to offer only what the gateway allows.

export interface ProjectPermissions {
  /** Open the wizard on it: the gateway's `isEditable` (role 1–4 and not archived). */
  edit: boolean;
  /** Ready to order, archive, restore, duplicate: roles 1–4. */
  change: boolean;
  /** Add to the cart: roles 1, 2, 3, 5 and only projects ready to order. */
  order: boolean;
  /** Draft → ready to order: needs a price, since the gateway orders at the stored quote. */
  makeActual: boolean;
}

/**
 * The page has the gateway's `isEditable`; a list line has not, so it follows from the role and the status as the
 * gateway computes it. Without a known role (the clients did not load) nothing else that changes a project is offered.
 */
export function projectPermissions(
  project: Pick<ProjectSummary, 'status' | 'price'> & Partial<Pick<Project, 'isEditable'>>,
  role: ClientRole | null,
): ProjectPermissions {
  const changes = role !== null && editsProjects(role);
  return {
    edit: project.isEditable ?? (changes && project.status !== 'archive'),
    change: changes,
    order: role !== null && editsOrderingData(role) && project.status === 'actual',
    makeActual: changes && project.status === 'draft' && project.price !== null,
  };
}

export const projectFailureText = (error: unknown): string => callFailureText('projects', error);
export const notifyProjectFailure = (error: unknown): void => notifyCallFailure('projects', error);
