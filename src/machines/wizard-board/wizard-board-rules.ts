import { LIMITS, defaultParams, type ProjectParams } from '../../contract/board';
import { checkProjectParams, paramsFromMeasurements } from '../../contract/board-checks';
import { analysisKeyOf, type BoardAnalysis, type BoardFile, type UploadState } from '../../contract/board-files';
import { filesProblems } from '../../contract/board-measured';
import type { CapabilityTable } from '../../contract/dfm';
import { withNeededClasses } from '../../contract/dfm-classes';
import type { ParamProblem, Project } from '../../contract/projects';
import {
  WIZARD_STEPS, type LayerOverrideInput, type SaveProjectRequest, type SaveStatus, type WizardBoardContext,
  type WizardBoardEvent, type WizardResume, type WizardStepId, type WizardWay,
} from './wizard-board-types';

// Pure helpers of the board wizard machine: how its context changes, and the rules its guards apply.

/** Entering parameters by hand skips the files, their layers and the stack-up (shown as skipped in the side menu). */
export const MANUAL_STEPS: readonly WizardStepId[] = ['way', 'parameters', 'order', 'summary'];
const FILES_STEPS: readonly WizardStepId[] = WIZARD_STEPS;

/** Before a way is chosen every step is shown, numbered as for the files way. */
export const stepIdsOf = (way: WizardWay | null): readonly WizardStepId[] => (way === 'manual' ? MANUAL_STEPS : FILES_STEPS);

/** The order step's fields; every other problem belongs to the parameters step. */
const ORDER_FIELDS: readonly string[] = ['quantity', 'urgency'];

/**
 * What the factory cannot make, then what the files measure more than (the gateway prices from the files and
 * refuses parameters below them), each said on its field.
 */
export const problemsOf = (params: ProjectParams, analysis: BoardAnalysis | null): ParamProblem[] =>
  [...checkProjectParams(params), ...filesProblems(analysis?.measurements, params)];

export function freshContext(clientId: number | null, projectId: number | null = null, title = ''): WizardBoardContext {
  const params = defaultParams();
  return {
    way: null, stepIds: stepIdsOf(null), step: 'way', furthestStep: 0, clientId, projectId, title, titleTyped: title.trim() !== '',
    uploadId: null, archiveName: '', uploadPercent: 0, processingStep: null, processingPercent: 0,
    analysis: null, dfmRead: false, files: [], params, problems: problemsOf(params, null), stackupEdit: false,
    bom: null, pnp: null, error: null, savedProject: null, resumeStep: null,
  };
}

export const inBuildOrder = (files: readonly BoardFile[]): BoardFile[] =>
  [...files].sort((a, b) => a.order - b.order).map((file, index) => ({ ...file, order: index }));

/** A board picked up after the page went: on the files' way its analysis is asked for again before the layers. */
export function resumedContext(clientId: number | null, resume: WizardResume): WizardBoardContext {
  const way = resume.way === 'files' && resume.uploadId !== null ? 'files' : 'manual';
  const stepIds = stepIdsOf(way);
  const step = way === 'files' ? 'files' : 'parameters';
  // The step that was on screen, if it belongs to the way and lies beyond where the board opens.
  const later = resume.step !== undefined && stepIds.indexOf(resume.step) > stepIds.indexOf(step) ? resume.step : null;
  return {
    ...freshContext(clientId, null, resume.title), titleTyped: resume.titleTyped === true,
    way, stepIds, step, furthestStep: stepIds.indexOf(later ?? step), resumeStep: later,
    uploadId: way === 'files' ? resume.uploadId : null, archiveName: resume.archiveName, ...withParams(resume.params, null),
  };
}

/** A project opened for a change: every step was reached when it was made, so the side menu offers them all. */
export function editingContext(project: Project): WizardBoardContext {
  const way = project.analysis ? 'files' : 'manual';
  const stepIds = stepIdsOf(way);
  return {
    ...freshContext(project.clientId, project.id, project.title),
    way, stepIds, step: project.analysis ? 'layers' : 'parameters', furthestStep: stepIds.length - 1,
    uploadId: project.analysis?.uploadId ?? null, archiveName: project.analysis?.archiveName ?? '',
    analysis: project.analysis, dfmRead: true, files: inBuildOrder(project.analysis?.files ?? []),
    ...withParams(project.params, project.analysis),
  };
}

export const withParams = (params: ProjectParams, analysis: BoardAnalysis | null): Pick<WizardBoardContext, 'params' | 'problems'> =>
  ({ params, problems: problemsOf(params, analysis) });

/**
 * The files' measurements replace what they can tell (size, layers, smallest hole, stencil); the rest stays. A title
 * the user did not type becomes the board's name from its files, or none for the user to give.
 */
export function analysisApplied(context: WizardBoardContext, analysis: BoardAnalysis): Partial<WizardBoardContext> {
  const params = analysis.measurements ? paramsFromMeasurements(analysis.measurements, context.params) : context.params;
  return {
    // An analysis stored before boards were named (no `boardName` at all) leaves the title as it was.
    ...(context.titleTyped || analysis.boardName === undefined ? {} : { title: analysis.boardName ?? '' }),
    analysis, dfmRead: false, files: inBuildOrder(analysis.files), uploadId: analysis.uploadId, archiveName: analysis.archiveName,
    ...withParams(params, analysis),
  };
}

/** The DFM is of the analysis on show and not yet read: measured (or failed) for the same upload and layers. */
export const isDfmToRead = (context: Pick<WizardBoardContext, 'analysis' | 'dfmRead'>, analysis: BoardAnalysis): boolean =>
  !context.dfmRead && context.analysis !== null && analysis.dfmStatus !== 'running'
  && analysisKeyOf(context.analysis) === analysisKeyOf(analysis);

/** Reading the DFM changes the parameters (a class from the files): only then is the price asked again. */
export const dfmChangesParams = (context: Pick<WizardBoardContext, 'params'>, analysis: BoardAnalysis, table: CapabilityTable): boolean => {
  const read = withNeededClasses(context.params, analysis.dfm, table).board;
  return read.minTrackMm !== context.params.board.minTrackMm || read.minHoleMm !== context.params.board.minHoleMm;
};

/**
 * The DFM joins the analysis, and the class the files need joins the parameters: read from the files as
 * their size is, when they are measured; the customer may choose otherwise afterwards.
 */
export function dfmReadInto(context: WizardBoardContext, measured: BoardAnalysis, table: CapabilityTable): Partial<WizardBoardContext> {
  if (!context.analysis) return {};
  const { dfm, dfmStatus } = measured;
  const analysis: BoardAnalysis = { ...context.analysis, ...(dfm ? { dfm } : {}), ...(dfmStatus ? { dfmStatus } : {}) };
  return { analysis, dfmRead: true, ...withParams(withNeededClasses(context.params, dfm, table), analysis) };
}

const percent = (value: number) => Math.min(100, Math.max(0, value));

export const uploadStateOf = (event: WizardBoardEvent): UploadState | null =>
  (event.type === 'wizard.uploaded' || event.type === 'wizard.processed' ? event.state : null);

/** What the upload and processing actors report, and a new pick (which replaces the files and their analysis). */
export function uploadTracked(context: WizardBoardContext, event: WizardBoardEvent): Partial<WizardBoardContext> {
  switch (event.type) {
    case 'wizard.pickFiles':
      return {
        archiveName: event.name, uploadId: null, uploadPercent: 0, processingStep: null, processingPercent: 0,
        analysis: null, dfmRead: false, files: [], error: null, title: context.titleTyped ? context.title : '',
        problems: problemsOf(context.params, null),
        furthestStep: Math.min(context.furthestStep, context.stepIds.indexOf('files')),
      };
    case 'wizard.uploadProgress':
      return { uploadPercent: percent(event.percent) };
    case 'wizard.processingStep':
      return { processingStep: event.step, processingPercent: percent(event.percent) };
    case 'wizard.uploadFailed':
    case 'wizard.processingFailed':
      return { error: event.message };
    case 'wizard.uploaded':
    case 'wizard.processed': {
      const { state } = event;
      if (state.status === 'done' && state.analysis) {
        return { ...analysisApplied(context, state.analysis), uploadPercent: 100, processingPercent: 100 };
      }
      const failed = state.status === 'failed' ? { error: state.message } : {};
      return { uploadId: state.uploadId, uploadPercent: 100, processingStep: state.step, ...failed };
    }
    default:
      return {};
  }
}

export const layerOverrides = (files: readonly BoardFile[]): LayerOverrideInput[] =>
  files.map(({ id, type, side, hidden, order }) => ({ id, type, side, hidden, order }));

/** The working copy differs from the gateway's analysis in a type, side, hidden flag or place. */
export function layersChanged(context: Pick<WizardBoardContext, 'analysis' | 'files'>): boolean {
  if (!context.analysis) return false;
  const before = new Map(layerOverrides(inBuildOrder(context.analysis.files)).map((file) => [file.id, file]));
  return layerOverrides(context.files).some((file) => {
    const old = before.get(file.id);
    return !old || old.type !== file.type || old.side !== file.side || old.hidden !== file.hidden || old.order !== file.order;
  });
}

export const isOrderField = (field: string): boolean => ORDER_FIELDS.some((name) => field === name || field.startsWith(`${name}.`));

export const parametersReady = (context: Pick<WizardBoardContext, 'problems'>): boolean =>
  context.problems.every((problem) => isOrderField(problem.field));

export function orderReady(context: Pick<WizardBoardContext, 'params' | 'problems'>): boolean {
  const { quantity } = context.params;
  return Number.isInteger(quantity) && quantity >= LIMITS.quantity.min && quantity <= LIMITS.quantity.max
    && !context.problems.some((problem) => isOrderField(problem.field));
}

/** What `wizard.next` needs to leave a step. */
function canLeave(step: WizardStepId, context: WizardBoardContext): boolean {
  if (step === 'files') return context.analysis !== null;
  if (step === 'parameters') return parametersReady(context);
  if (step === 'order') return orderReady(context);
  return step !== 'summary';
}

/** The side menu: a reached step of the chosen way; forward only past steps that could be left with `next`. */
export function canGoTo(context: WizardBoardContext, target: WizardStepId): boolean {
  const from = context.stepIds.indexOf(context.step);
  const to = context.stepIds.indexOf(target);
  if (to < 0 || to > context.furthestStep || to === from || from < 0) return false;
  return context.stepIds.slice(from, Math.max(from, to)).every((step) => canLeave(step, context));
}

/**
 * The gateway prices every save, a draft's too, and refuses parameters with a problem: both statuses need a
 * problem-free project, a title and a client.
 */
export function canSave(context: WizardBoardContext): boolean {
  return context.clientId !== null && context.title.trim() !== '' && context.problems.length === 0 && orderReady(context);
}

export function saveRequestOf(context: WizardBoardContext, status: SaveStatus): SaveProjectRequest {
  return {
    clientId: context.clientId ?? 0,
    title: context.title.trim(),
    params: context.params,
    uploadId: context.way === 'files' ? context.uploadId : null,
    status,
  };
}

/**
 * What of the board on /quote and in the wizard outlives a reload: an upload the gateway has (analysed or still being processed: the
 * wizard asks for it again) unless it failed, or parameters by hand; nothing before either.
 */
export function boardToKeep(context: WizardBoardContext): WizardResume | null {
  const { uploadId, archiveName, title, titleTyped, params } = context;
  // A board being picked up keeps the step it goes back to; a saved one is the project's now.
  const step = context.resumeStep ?? context.step;
  if (context.savedProject !== null || context.projectId !== null) return null;
  if (context.way === 'files' && uploadId !== null && context.error === null) return { way: 'files', uploadId, archiveName, title, titleTyped, params, step };
  if (context.way === 'manual') return { way: 'manual', uploadId: null, archiveName: '', title, titleTyped, params, step };
  return null;
}
