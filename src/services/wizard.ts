import { fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import type { ProjectParams } from '../contract/board';
import { paramsFromMeasurements } from '../contract/board-checks';
import { setLayers, type BoardAnalysis, type UploadState } from '../contract/board-files';
import {
  BOM_MAX_BYTES, createProject, getProject, parseBom, quote, updateProject, type BomSummary, type PriceQuote,
  type Project,
} from '../contract/projects';
import { priceQuoteMachine } from '../machines/price-quote/price-quote';
import { wizardBoardMachine } from '../machines/wizard-board/wizard-board';
import { boardToKeep } from '../machines/wizard-board/wizard-board-rules';
import type {
  ApplyLayersInput, ReadBomInput, SaveProjectInput, UploadFilesInput, WatchProcessingInput, WizardBoardEvent,
} from '../machines/wizard-board/wizard-board-types';
import { ApiError, callApi } from './api';
import { startUpload, type UploadCallbacks } from './board-files';
import { keepBoard } from './board-storage';
import { watchProcessing, type ProcessingCallbacks } from './board-processing';
import { t } from './i18n';
import { swappableCalls } from './swappable-calls';

/** Everything the wizard asks of the outside world; tests replace it with `provideWizardCalls`. */
export interface WizardCalls {
  upload(input: UploadFilesInput, callbacks: UploadCallbacks): () => void;
  watch(uploadId: string, callbacks: ProcessingCallbacks): () => void;
  applyLayers(input: ApplyLayersInput, signal?: AbortSignal): Promise<UploadState>;
  readBom(input: ReadBomInput, signal?: AbortSignal): Promise<BomSummary>;
  saveProject(input: SaveProjectInput, signal?: AbortSignal): Promise<Project>;
  quote(params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote>;
  getProject(id: number, signal?: AbortSignal): Promise<Project>;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}

/** A BOM or pick-and-place file as the base64 ParseBom takes; too large a file is refused before it travels. */
async function readBomFile({ kind, fileName, item }: ReadBomInput, signal?: AbortSignal): Promise<BomSummary> {
  if (!(item instanceof Blob)) throw new ApiError(400, t('wizard.parameters.bom.unreadable'), kind);
  if (item.size > BOM_MAX_BYTES) {
    throw new ApiError(400, t('wizard.parameters.bom.tooLarge', { max: BOM_MAX_BYTES / 1024 / 1024 }), kind);
  }
  const dataBase64 = toBase64(new Uint8Array(await item.arrayBuffer()));
  return callApi(parseBom, { body: { kind, fileName, dataBase64 }, signal });
}

const realCalls: WizardCalls = {
  upload: (input, callbacks) => startUpload(input, callbacks),
  watch: (uploadId, callbacks) => watchProcessing(uploadId, callbacks),
  applyLayers: (body, signal) => callApi(setLayers, { body, signal }),
  readBom: readBomFile,
  saveProject: ({ projectId, body }, signal) => (projectId === null
    ? callApi(createProject, { body, signal })
    : callApi(updateProject, { body: { id: projectId, ...body }, signal })),
  quote: (params, signal) => callApi(quote, { body: { params }, signal }),
  getProject: (id, signal) => callApi(getProject, { query: { id: String(id) }, signal }),
};
const callsSlot = swappableCalls<WizardCalls>(realCalls);
/** Swaps some of the calls (tests), the rest stay real; returns the undo. */
export const provideWizardCalls = (next: Partial<WizardCalls> | null): (() => void) =>
  callsSlot.provide(next && { ...realCalls, ...next });
const wizardCalls = callsSlot.current;

export const loadProjectForWizard = (id: number, signal?: AbortSignal): Promise<Project> => wizardCalls().getProject(id, signal);

/** A price outside the machine: the order step compares the urgencies side by side. */
export const quoteOutsideWizard = (params: ProjectParams, signal?: AbortSignal): Promise<PriceQuote> => wizardCalls().quote(params, signal);

/**
 * The wizard on a set of calls: the signed-in gateway's, or the instant quote's anonymous ones (/quote). The actors
 * read `calls()` when they run, so a test's gateway reaches the machine too.
 */
export function wizardBoardFlowFor(calls: () => WizardCalls) {
  return wizardBoardMachine.provide({
    actors: {
      quote: priceQuoteMachine.provide({
        actors: { fetchQuote: fromPromise(({ input, signal }) => calls().quote(input.params, signal)) },
      }),
      uploadFiles: fromCallback<EventObject, UploadFilesInput>(({ input, sendBack }) => {
        const send = (event: WizardBoardEvent) => sendBack(event);
        return calls().upload(input, {
          progress: (percent) => send({ type: 'wizard.uploadProgress', percent }),
          uploaded: (state) => send({ type: 'wizard.uploaded', state }),
          failed: (message) => send({ type: 'wizard.uploadFailed', message }),
        });
      }),
      watchProcessing: fromCallback<EventObject, WatchProcessingInput>(({ input, sendBack }) => {
        const send = (event: WizardBoardEvent) => sendBack(event);
        return calls().watch(input.uploadId, {
          step: (step, percent) => send({ type: 'wizard.processingStep', step, percent }),
          processed: (state) => send({ type: 'wizard.processed', state }),
          failed: (message) => send({ type: 'wizard.processingFailed', message }),
        });
      }),
      applyLayers: fromPromise(({ input, signal }) => calls().applyLayers(input, signal)),
      readBom: fromPromise(({ input, signal }) => calls().readBom(input, signal)),
      saveProject: fromPromise(({ input, signal }) => calls().saveProject(input, signal)),
    },
  });
}

/** The wizard with the gateway's calls; the page adds `projectSaved` (toast, counters) with its own `provide`. */
export const wizardBoardFlow = wizardBoardFlowFor(wizardCalls);

type BoardField = keyof ProjectParams['board'];
type StencilField = keyof NonNullable<ProjectParams['stencil']>;

/**
 * Which fields still hold what the files said ('из файлов'): the value the measurements propose equals the one
 * in the parameters. A value the user changed loses the mark; changing it back brings it back.
 */
export function fieldsFromFiles(analysis: BoardAnalysis | null, params: ProjectParams): Set<string> {
  const found = new Set<string>();
  const m = analysis?.measurements;
  if (!m) return found;
  const proposed = paramsFromMeasurements(m, params);
  const boardFields: BoardField[] = ['widthMm', 'heightMm'];
  if (m.layerCount > 0) boardFields.push('layers');
  if (m.smallestHoleMm !== null) boardFields.push('minHoleMm');
  for (const field of boardFields) if (proposed.board[field] === params.board[field]) found.add(`board.${field}`);
  if (params.stencil && proposed.stencil && (m.pasteTop || m.pasteBottom)) {
    const stencilFields: StencilField[] = ['sides', 'widthMm', 'heightMm'];
    for (const field of stencilFields) if (proposed.stencil[field] === params.stencil[field]) found.add(`stencil.${field}`);
  }
  return found;
}

/** Keeps the board a new project's wizard shows for a reload or a closed tab, as it changes; returns the stop. */
export function keepWizardBoardOf(wizard: Actor<typeof wizardBoardFlow>, name: string): () => void {
  const subscription = wizard.subscribe((snapshot) => keepBoard(name, boardToKeep(snapshot.context)));
  return () => subscription.unsubscribe();
}
