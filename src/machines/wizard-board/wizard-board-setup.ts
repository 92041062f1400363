import { assertEvent, assign, enqueueActions, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import type { UploadState } from '../../contract/board-files';
import type { BomSummary, Project } from '../../contract/projects';
import { priceQuoteMachine } from '../price-quote/price-quote';
import { readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { bomRead, filesEdited, paramsEdited } from './wizard-board-edits';
import {
  analysisApplied, canGoTo, canSave, dfmChangesParams, dfmReadInto, freshContext, inBuildOrder, isDfmToRead, layersChanged, orderReady,
  parametersReady, stepIdsOf, uploadStateOf, uploadTracked, withParams,
} from './wizard-board-rules';
import type {
  ApplyLayersInput, ReadBomInput, SaveProjectInput, UploadFilesInput, WatchProcessingInput, WizardBoardContext,
  WizardBoardEvent, WizardBoardInput, WizardStepId, WizardWay,
} from './wizard-board-types';

/** A streaming actor declared by name, provided by the services; running the placeholder is a wiring mistake. */
const callbackNotProvided = <Input>(name: string) =>
  fromCallback<EventObject, Input>(() => {
    throw new Error(`${name}: not provided`);
  });

/**
 * The words the board wizard's chart (wizard-board.ts) is written in: the price child, the gateway and streaming
 * actors, the actions and guards, registered by name. The chart reads top-down there; what each name does is here.
 */
export const wizardBoardSetup = setup({
  types: {
    context: {} as WizardBoardContext,
    events: {} as WizardBoardEvent,
    input: {} as WizardBoardInput,
    children: {} as {
      quote: 'quote'; uploadFiles: 'uploadFiles'; watchProcessing: 'watchProcessing';
      applyLayers: 'applyLayers'; readBom: 'readBom'; saveProject: 'saveProject';
    },
  },
  actors: {
    quote: priceQuoteMachine,
    uploadFiles: callbackNotProvided<UploadFilesInput>('uploadFiles'),
    watchProcessing: callbackNotProvided<WatchProcessingInput>('watchProcessing'),
    applyLayers: notProvided<UploadState, ApplyLayersInput>('applyLayers'),
    readBom: notProvided<BomSummary, ReadBomInput>('readBom'),
    saveProject: notProvided<Project, SaveProjectInput>('saveProject'),
  },
  actions: {
    /** Provided by the view: toast, counters refresh, the project's page. */
    projectSaved: (_, _params: { project: Project }) => {},
    /** A picked-up board goes on to the step that was on screen (through the side menu's own rule), once. */
    goToResumedStep: enqueueActions(({ context, enqueue }) => {
      if (context.resumeStep === null) return;
      enqueue.raise({ type: 'wizard.goTo', step: context.resumeStep });
      enqueue.assign({ resumeStep: null });
    }),
    notifyQuote: sendTo('quote', ({ context }) => ({ type: 'quote.paramsChanged' as const, params: context.params, problems: context.problems })),
    reach: assign(({ context }, params: { step: WizardStepId }) => ({
      step: params.step,
      furthestStep: Math.max(context.furthestStep, context.stepIds.indexOf(params.step)),
    })),
    chooseWay: assign(({ context }, params: { way: WizardWay }) => ({
      way: params.way,
      stepIds: stepIdsOf(params.way),
      furthestStep: context.way === params.way ? context.furthestStep : 0,
      ...(params.way === 'manual' ? { uploadId: null, archiveName: '', analysis: null, dfmRead: false, files: [], ...withParams(context.params, null) } : {}),
    })),
    /** Starting over while changing a project changes it still; once saved, the next one is a new project. */
    restart: assign(({ context }) => (context.projectId !== null && context.savedProject === null
      ? freshContext(context.clientId, context.projectId, context.title)
      : freshContext(context.clientId))),
    setTitle: assign(({ event }) => {
      assertEvent(event, 'wizard.setTitle');
      return { title: event.title, titleTyped: event.title.trim() !== '' };
    }),
    /** The upload and processing actors report here; a pick starts over with an empty analysis. */
    trackUpload: assign(({ context, event }) => uploadTracked(context, event)),
    assignError: assign((_, params: { error: unknown }) => ({ error: readGatewayError(params.error).errorMessage || null })),
    clearError: assign({ error: null }),
    editLayers: assign(({ context, event }) => ({ files: filesEdited(context.files, event) })),
    assignLayersApplied: assign(({ context }, params: { state: UploadState }) => (params.state.analysis && params.state.status === 'done'
      ? { ...analysisApplied(context, params.state.analysis), error: null }
      : { error: params.state.message ?? null })),
    readDfm: assign(({ context, event }) => {
      assertEvent(event, 'wizard.dfmMeasured');
      return dfmReadInto(context, event.analysis, event.table);
    }),
    toggleStackupEdit: assign(({ context }) => ({ stackupEdit: !context.stackupEdit })),
    closeStackupEdit: assign({ stackupEdit: false }),
    /** Corrections not sent with `wizard.applyLayers` are dropped when the step is left. */
    discardLayerEdits: assign(({ context }) => (layersChanged(context) && context.analysis
      ? { files: inBuildOrder(context.analysis.files) }
      : {})),
    editParams: assign(({ context, event }) => {
      const params = paramsEdited(context, event);
      return params ? withParams(params, context.analysis) : {};
    }),
    assignBom: assign(({ context }, params: { summary: BomSummary }) => bomRead(context, params.summary)),
    assignSaved: assign((_, params: { project: Project }) => ({ savedProject: params.project, projectId: params.project.id, error: null })),
  },
  guards: {
    isEditingWithFiles: ({ context }) => context.projectId !== null && context.analysis !== null,
    isEditing: ({ context }) => context.projectId !== null,
    // A board picked up after a reload: its upload's analysis is asked for again.
    isResumingUpload: ({ context }) => context.uploadId !== null && context.analysis === null,
    isManualWay: ({ context }) => context.way === 'manual',
    isFilesWay: ({ context }) => context.way === 'files',
    hasAnalysis: ({ context }) => context.analysis !== null,
    isDoneState: ({ event }) => {
      const state = uploadStateOf(event);
      return state?.status === 'done' && state.analysis !== null;
    },
    isFailedState: ({ event }) => uploadStateOf(event)?.status === 'failed',
    isDfmToRead: ({ context, event }) => event.type === 'wizard.dfmMeasured' && isDfmToRead(context, event.analysis),
    isDfmChangingParams: ({ context, event }) => event.type === 'wizard.dfmMeasured' && dfmChangesParams(context, event.analysis, event.table),
    layersChanged: ({ context }) => layersChanged(context),
    layersUnchanged: ({ context }) => !layersChanged(context),
    isStackupEdit: ({ context }) => context.stackupEdit,
    parametersReady: ({ context }) => parametersReady(context),
    orderReady: ({ context }) => orderReady(context),
    canSave: ({ context }) => canSave(context),
    canGoTo: ({ context, event }, params: { step: WizardStepId }) =>
      event.type === 'wizard.goTo' && event.step === params.step && canGoTo(context, params.step),
  },
});
