import { fromPromise } from 'xstate';
import { defaultParams } from '../../src/contract/board';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { ClientRole } from '../../src/contract/clients';
import type { Counters } from '../../src/contract/counters';
import type { Project, ProjectStatus, ProjectSummary } from '../../src/contract/projects';
import type { UserSummary } from '../../src/contract/user';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import { ApiError } from '../../src/services/api';
import { provideProjectsCalls, type ProjectsCalls } from '../../src/services/projects';
import { createSessionActor, type SessionActor } from '../../src/services/session';
import ProjectPage from '../../src/views/pages/projects/project-page';
import ProjectsPage from '../../src/views/pages/projects/projects-page';
import { testCounters, testToken, testUser } from './app-harness';
import { boardFile, failingWith, fakePages, renderWithSession } from './harness-parts';

/** A project as the gateway sends it; a board from files unless `analysis` is null. */
export function project(id: number, fields: Partial<Project> = {}): Project {
  const updatedAt = new Date(Date.UTC(2025, 8, 1, 10, 0) + id * 3_600_000).toISOString();
  return {
    id,
    title: `Плата ${id}`,
    status: 'draft',
    productType: 'pcb',
    isFavorite: false,
    clientId: 1,
    clientName: 'Электронные системы',
    quantity: 10,
    price: 12_345.5,
    widthMm: 100,
    heightMm: 80,
    layers: 2,
    versionNumber: 1,
    createdAt: '2025-08-28T09:00:00.000Z',
    updatedAt,
    previewUrl: `/files/boards/u${id}/top.svg`,
    params: defaultParams('pcb'),
    quote: { total: 12_345.5, perUnit: 1_234.55, days: 7, lines: [{ code: 'setup', amount: 2_000 }], tableVersion: '2025-09' },
    versionId: id * 10,
    versions: [
      {
        id: id * 10,
        number: 1,
        createdAt: '2025-08-28T09:00:00.000Z',
        uploadId: UPLOAD_ID,
        archiveName: 'board.zip',
        boardName: 'PowerBoard',
        fileCount: 3,
      },
    ],
    analysis: analysis(),
    isEditable: true,
    ...fields,
  };
}

const UPLOAD_ID = '3f2b8c1d-6a4e-4b7f-9c2d-1e5a7b9c0d21';

export function analysis(fields: Partial<BoardAnalysis> = {}): BoardAnalysis {
  return {
    uploadId: UPLOAD_ID,
    archiveName: 'board.zip',
    files: [
      boardFile('f1', 'board-F_Cu.gbr', { type: 'copper', side: 'top' }),
      boardFile('f2', 'board.drl', { bytes: 500, format: 'drill', type: 'drill', side: 'all', identifiedBy: 'content', order: 1 }),
      boardFile('f3', 'notes.txt', { bytes: 20, format: 'unknown', identifiedBy: null, order: 2, error: 'unknownType' }),
    ],
    // A board the files measure as its parameters say (100 × 80 mm, two layers): files that could not be measured go
    // for an engineer's review, which a test asks for with `measurements: null`.
    measurements: {
      widthMm: 100,
      heightMm: 80,
      sizeFromOutline: true,
      layerCount: 2,
      copperLayers: ['top', 'bottom'],
      drillHits: 40,
      smallestHoleMm: 0.3,
      holeSizesMm: [0.3, 1],
      pasteTop: true,
      pasteBottom: false,
      pasteWidthMm: 90,
      pasteHeightMm: 70,
    },
    alerts: [
      { code: 'noOutline', level: 'warning', fileId: null },
      { code: 'unknownFiles', level: 'info', fileId: 'f3' },
    ],
    images: { top: `/files/boards/${UPLOAD_ID}/top.svg`, bottom: `/files/boards/${UPLOAD_ID}/bottom.svg`, layers: {} },
    ...fields,
  };
}

interface FakeOptions {
  projects: Project[];
  /** The caller's role by client id; a client not named here is not one of the caller's. */
  roles?: Record<number, ClientRole>;
  /** Calls that fail with this error. */
  failures?: Partial<Record<'setStatus' | 'setFavorite' | 'duplicate' | 'addToCart', Error>>;
  /** AddProject's refusal for DFM errors, unless sent for an engineer's review. */
  dfmRefusal?: string;
}

/** A list line carries the summary only, as the contract's struct lets through. */
function summaryOf(item: Project): ProjectSummary {
  const { params: _params, quote: _quote, versionId: _versionId, versions: _versions, analysis: _analysis, isEditable: _isEditable, ...summary } = item;
  return summary;
}

const STATUS_FILTERS: readonly string[] = ['actual', 'draft', 'archive'];

/** The projects calls answered from memory as the gateway would (filters, search, activity sort); every call recorded. */
export function fakeProjects({ projects, roles = { 1: 1 }, failures = {}, dfmRefusal }: FakeOptions) {
  let items = projects.map((item) => ({ ...item }));
  const calls = {
    count: [] as ListFilterQuery[],
    list: [] as FetchPageInput[],
    get: [] as number[],
    setStatus: [] as { id: number; status: ProjectStatus }[],
    setFavorite: [] as { id: number; isFavorite: boolean }[],
    duplicate: [] as number[],
    addToCart: [] as number[],
    /** Whether each AddProject asked for an engineer's review. */
    dfmReview: [] as boolean[],
  };
  const matching = (query: ListFilterQuery) => items.filter((item) => {
    const filters = query.filters ?? [];
    const status = filters.find((code) => STATUS_FILTERS.includes(code));
    const type = filters.find((code) => ['pcb', 'panel', 'stencil', 'mounting', 'module'].includes(code));
    if (status && item.status !== status) return false;
    if (filters.includes('favorite') && !item.isFavorite) return false;
    if (type && item.productType !== type) return false;
    return !query.search || item.title.toLowerCase().includes(query.search.toLowerCase());
  }).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const byId = (id: number) => {
    const found = items.find((item) => item.id === id);
    return found ? Promise.resolve({ ...found }) : Promise.reject(new ApiError(404, 'Проект не найден'));
  };
  const failOr = failingWith(failures);
  const gateway: ProjectsCalls = {
    ...fakePages(matching, summaryOf, calls),
    get: (id) => {
      calls.get.push(id);
      return byId(id);
    },
    setStatus: (id, status) => {
      calls.setStatus.push({ id, status });
      return failOr('setStatus', () => {
        items = items.map((item) => (item.id === id ? { ...item, status, isEditable: status !== 'archive', updatedAt: '2025-09-20T10:00:00.000Z' } : item));
        return byId(id);
      });
    },
    setFavorite: (id, isFavorite) => {
      calls.setFavorite.push({ id, isFavorite });
      return failOr('setFavorite', () => {
        items = items.map((item) => (item.id === id ? { ...item, isFavorite } : item));
        return Promise.resolve({ ok: true });
      });
    },
    duplicate: (id) => {
      calls.duplicate.push(id);
      return failOr('duplicate', async () => {
        const source = await byId(id);
        const copy = { ...source, id: 500, title: `${source.title} (копия)`, status: 'draft' as const };
        items = [...items, copy];
        return copy;
      });
    },
    addToCart: (projectId, dfmReview = false) => {
      calls.addToCart.push(projectId);
      calls.dfmReview.push(dfmReview);
      if (dfmRefusal !== undefined && !dfmReview) return Promise.reject(new ApiError(400, dfmRefusal, 'projectId', 'dfm.trackWidth'));
      return failOr('addToCart', () => Promise.resolve({ cartTotal: 3 }));
    },
    roles: () => Promise.resolve(new Map(Object.entries(roles).map(([id, role]) => [Number(id), role]))),
  };
  return { gateway, calls, install: () => provideProjectsCalls(gateway) };
}

/** A real session answering from memory; `counterLoads` tells how often the menu counters were asked for. */
export function projectsSession(counters: Counters = testCounters) {
  const loads = { counters: 0 };
  const session: SessionActor = createSessionActor(
    {
      actors: {
        loadUser: fromPromise<UserSummary, void>(() => Promise.resolve(testUser)),
        loadCounters: fromPromise<Counters, void>(() => {
          loads.counters += 1;
          return Promise.resolve(counters);
        }),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  return { session, loads };
}

export const renderProjectsPage = (path: string, session: SessionActor) =>
  renderWithSession(session, <ProjectsPage title="Проекты" />, path);

export const renderProjectPage = (path: string, session: SessionActor) =>
  renderWithSession(session, <ProjectPage title="Проект" params={{ id: /^\/project\/(\d+)/.exec(path)?.[1] }} />, path);
