import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { ProjectParams } from '../../src/contract/board';
import type { BoardAnalysis, BoardFile, UploadState } from '../../src/contract/board-files';
import type { Client, ClientRole } from '../../src/contract/clients';
import type { BomSummary, PriceQuote, Project } from '../../src/contract/projects';
import type {
  ApplyLayersInput, SaveProjectInput, UploadFilesInput,
} from '../../src/machines/wizard-board/wizard-board-types';
import type { UploadCallbacks } from '../../src/services/board-files';
import { provideBoardImageFetch } from '../../src/services/board-images';
import type { ProcessingCallbacks } from '../../src/services/board-processing';
import { provideMyClientsCalls } from '../../src/services/my-clients';
import { bindSession, createSessionActor } from '../../src/services/session';
import { provideWizardCalls } from '../../src/services/wizard';
import { SessionProvider } from '../../src/views/components/session-context';
import WizardPage from '../../src/views/pages/wizard/wizard-page';
import { testCounters, testToken, testUser } from './app-harness';
import { boardFile, withQueryClient } from './harness-parts';
import { testClient } from './ordering-data-harness';

export const UPLOAD_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const AT = '2025-09-01T10:00:00.000Z';

export const UNO_FILES: BoardFile[] = [
  boardFile('f1', 'uno.GTL', { type: 'copper', side: 'top', order: 0 }),
  boardFile('f2', 'uno.GBL', { type: 'copper', side: 'bottom', order: 1 }),
  boardFile('f3', 'uno.GKO', { type: 'outline', side: 'all', order: 2 }),
  boardFile('f4', 'uno.DRL', { type: 'drill', side: 'all', format: 'drill', order: 3 }),
  boardFile('f5', 'readme.txt', { type: null, side: null, format: 'unknown', identifiedBy: null, error: 'unknownType', order: 4 }),
];

export function analysisOf(files: BoardFile[] = UNO_FILES): BoardAnalysis {
  return {
    uploadId: UPLOAD_ID, archiveName: 'uno.zip', boardName: 'Arduino Uno', files,
    measurements: {
      widthMm: 68.58, heightMm: 53.34, sizeFromOutline: true, layerCount: 2, copperLayers: ['top', 'bottom'], drillHits: 120,
      smallestHoleMm: 0.5, holeSizesMm: [0.5, 1], pasteTop: true, pasteBottom: false, pasteWidthMm: 60, pasteHeightMm: 45,
    },
    alerts: [{ code: 'unknownFiles', level: 'warning', fileId: 'f5' }],
    images: {
      top: `/files/boards/${UPLOAD_ID}/top.svg`, bottom: `/files/boards/${UPLOAD_ID}/bottom.svg`,
      layers: { f1: `/files/boards/${UPLOAD_ID}/layer-f1.svg`, f2: `/files/boards/${UPLOAD_ID}/layer-f2.svg` },
    },
  };
}

export function uploadState(status: UploadState['status'], fields: Partial<UploadState> = {}): UploadState {
  return {
    uploadId: UPLOAD_ID, clientId: 10, status, step: status === 'processing' ? 'unpack' : 'check', error: null, message: null,
    analysis: status === 'done' ? analysisOf() : null, ...fields,
  };
}

/** A price that follows the parameters, so a change shows as a new figure. */
export function quoteFor(params: ProjectParams): PriceQuote {
  const perUnit = 100 + params.board.layers * 50;
  return {
    total: perUnit * params.quantity + 2000, perUnit, days: params.urgency === 'express' ? 3 : 10, tableVersion: '2025-09',
    lines: [{ code: 'setup', amount: 2000 }, { code: 'boards', amount: perUnit * params.quantity }],
  };
}

export function projectOf(id: number, body: SaveProjectInput['body'], fields: Partial<Project> = {}): Project {
  return {
    id, title: body.title, status: body.status, productType: body.params.productType, isFavorite: false, clientId: body.clientId,
    clientName: 'Альфа', quantity: body.params.quantity, price: quoteFor(body.params).total, widthMm: body.params.board.widthMm,
    heightMm: body.params.board.heightMm, layers: body.params.board.layers, versionNumber: 1, createdAt: AT, updatedAt: AT,
    previewUrl: null, params: body.params, quote: quoteFor(body.params), versionId: id * 10, versions: [], analysis: null,
    isEditable: true, ...fields,
  };
}

interface Run<Input, Callbacks> {
  input: Input;
  callbacks: Callbacks;
  stopped: boolean;
}

/** The wizard's calls answered from memory; upload and processing runs are driven by the test through their callbacks. */
export function fakeWizardGateway(options: { project?: Project; bom?: BomSummary } = {}) {
  const uploads: Run<UploadFilesInput, UploadCallbacks>[] = [];
  const watches: Run<string, ProcessingCallbacks>[] = [];
  const calls = { applyLayers: [] as ApplyLayersInput[], save: [] as SaveProjectInput[], quote: [] as ProjectParams[], getProject: [] as number[] };
  const gateway = {
    upload: (input: UploadFilesInput, callbacks: UploadCallbacks) => {
      const run = { input, callbacks, stopped: false };
      uploads.push(run);
      return () => {
        run.stopped = true;
      };
    },
    watch: (uploadId: string, callbacks: ProcessingCallbacks) => {
      const run = { input: uploadId, callbacks, stopped: false };
      watches.push(run);
      return () => {
        run.stopped = true;
      };
    },
    applyLayers: (input: ApplyLayersInput) => {
      calls.applyLayers.push(input);
      const files = UNO_FILES.map((file) => ({ ...file, ...input.files.find((changed) => changed.id === file.id), identifiedBy: 'user' as const }));
      return Promise.resolve(uploadState('done', { analysis: analysisOf(files) }));
    },
    readBom: () => (options.bom ? Promise.resolve(options.bom) : Promise.reject(new Error('no BOM'))),
    saveProject: (input: SaveProjectInput) => {
      calls.save.push(input);
      return Promise.resolve(projectOf(input.projectId ?? 77, input.body));
    },
    quote: (params: ProjectParams) => {
      calls.quote.push(params);
      return Promise.resolve(quoteFor(params));
    },
    getProject: (id: number) => {
      calls.getProject.push(id);
      return options.project ? Promise.resolve(options.project) : Promise.reject(new Error('no project'));
    },
  };
  const last = <T,>(runs: T[]): T => {
    const run = runs.at(-1);
    if (!run) throw new Error('nothing started');
    return run;
  };
  return {
    gateway, calls, uploads, watches,
    /** Runs a callback of the latest upload inside act(), as the browser would between renders. */
    upload: (drive: (callbacks: UploadCallbacks) => void) => act(() => drive(last(uploads).callbacks)),
    processing: (drive: (callbacks: ProcessingCallbacks) => void) => act(() => drive(last(watches).callbacks)),
  };
}

/** Boards a wizard kept in this browser: a test's wizard starts as on a fresh browser, not where the last one left off. */
function forgetKeptBoards(): void {
  const storage = globalThis.localStorage;
  if (!storage) return;
  const kept = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key) => key?.startsWith('wizard-board:'));
  for (const key of kept) if (key) storage.removeItem(key);
}

export function renderWizard(options: { path?: string; clients?: Client[]; role?: ClientRole; gateway?: ReturnType<typeof fakeWizardGateway> } = {}) {
  forgetKeptBoards();
  const fake = options.gateway ?? fakeWizardGateway();
  const clients = options.clients ?? [testClient(10, 'Альфа', options.role ?? 1)];
  const session = createSessionActor(
    {
      actors: {
        loadUser: fromPromise(() => Promise.resolve(testUser)),
        loadCounters: fromPromise(() => Promise.resolve(testCounters)),
        terminateCurrentSession: fromPromise<unknown, void>(() => Promise.resolve({ ok: true })),
        refreshToken: fromPromise<{ accessToken: string }, { token: string }>(() => Promise.resolve({ accessToken: testToken('s2') })),
      },
      actions: { persistToken: () => undefined, removeToken: () => undefined, clearUserData: () => undefined },
    },
    { token: testToken(), tokenAgeMs: 0, online: true },
  ).start();
  const images: string[] = [];
  const undo = [
    provideMyClientsCalls({ list: () => Promise.resolve(clients) }),
    provideWizardCalls(fake.gateway),
    bindSession(session),
    provideBoardImageFetch((url) => {
      images.push(url);
      return Promise.resolve({ status: 200, blob: new Blob([`<svg data-url="${url}"/>`], { type: 'image/svg+xml' }) });
    }),
  ];
  const [path = '/wizard-board', search = ''] = (options.path ?? '/wizard-board').split('?');
  const location = memoryLocation({ path, searchPath: search, record: true });
  const view = render(
    <SessionProvider value={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {withQueryClient(<WizardPage title="Создание проекта" params={{}} />)}
      </Router>
    </SessionProvider>,
  );
  return {
    ...view, fake, session, images,
    user: userEvent.setup(),
    restore: () => {
      for (const step of undo) step();
    },
  };
}
