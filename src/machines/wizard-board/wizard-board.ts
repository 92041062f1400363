import { and, not, spawnChild, stateIn } from 'xstate';
import { errorOf } from '../shared/transitions';
import { editingContext, freshContext, layerOverrides, resumedContext, saveRequestOf } from './wizard-board-rules';
import { wizardBoardSetup } from './wizard-board-setup';
import { WIZARD_STEPS, type WizardStepId } from './wizard-board-types';

const isSaving = stateIn('#wizardBoard.summary.saving');
const isSaved = stateIn('#wizardBoard.saved');
const startingUpload = { target: '#wizardBoard.files.uploading', actions: 'trackUpload' } as const;
const reach = (step: WizardStepId) => ({ type: 'reach', params: { step } }) as const;

/**
 * The board wizard: way → files (upload, processing over /streaming) → layers → stack-up → parameters →
 * order → summary → saved; the manual way goes from `way` straight to the parameters. The live price is the
 * spawned `quote` child, told of every change of the parameters. Context-only edits are self-transitions, so the
 * steps stay few; busy work lives in a step's substates and its actor stops when the step is left.
 */
export const wizardBoardMachine = wizardBoardSetup.createMachine({
  id: 'wizardBoard',
  initial: 'start',
  context: ({ input }) => (input.editing ? editingContext(input.editing)
    : input.resume ? resumedContext(input.clientId, input.resume) : freshContext(input.clientId)),
  entry: [spawnChild('quote', { id: 'quote' }), 'notifyQuote'],
  on: {
    'wizard.restart': { guard: not(isSaving), target: '.way', actions: ['restart', 'notifyQuote'] },
    // DFM comes seconds after the analysis, on whatever step the user is; a save in flight keeps what it sends. The
    // price is asked again only for a class read from the files.
    'wizard.dfmMeasured': [
      { guard: and(['isDfmToRead', 'isDfmChangingParams', not(isSaving), not(isSaved)]), actions: ['readDfm', 'notifyQuote'] },
      { guard: and(['isDfmToRead', not(isSaving), not(isSaved)]), actions: 'readDfm' },
    ],
    // The side menu: one branch per step; the guard keeps to reached steps of the way, never while saving or saved.
    'wizard.goTo': WIZARD_STEPS.map((step) => ({
      guard: and([{ type: 'canGoTo', params: { step } }, not(isSaving), not(isSaved)]),
      target: `.${step}`,
      actions: 'clearError',
    })),
  },
  states: {
    start: {
      always: [
        { guard: 'isEditingWithFiles', target: 'layers' },
        { guard: 'isEditing', target: 'parameters' },
        { guard: 'isResumingUpload', target: 'files.processing' },
        { guard: 'isManualWay', target: 'parameters', actions: 'goToResumedStep' },
        { target: 'way' },
      ],
    },
    way: {
      entry: reach('way'),
      on: {
        'wizard.chooseFiles': { target: 'files', actions: { type: 'chooseWay', params: { way: 'files' } } },
        'wizard.chooseManual': { target: 'parameters', actions: [{ type: 'chooseWay', params: { way: 'manual' } }, 'notifyQuote'] },
      },
    },
    files: {
      entry: reach('files'),
      initial: 'picking',
      states: {
        picking: {
          on: {
            'wizard.pickFiles': startingUpload,
            'wizard.next': { guard: 'hasAnalysis', target: '#wizardBoard.layers' },
            'wizard.back': { target: '#wizardBoard.way' },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadFiles',
            src: 'uploadFiles',
            input: ({ context, event }) => ({
              clientId: context.clientId,
              projectId: context.projectId,
              name: event.type === 'wizard.pickFiles' ? event.name : context.archiveName,
              items: event.type === 'wizard.pickFiles' ? event.items : [],
            }),
          },
          on: {
            'wizard.uploadProgress': { actions: 'trackUpload' },
            'wizard.uploaded': [
              { guard: 'isDoneState', target: '#wizardBoard.layers', actions: ['trackUpload', 'notifyQuote'] },
              { guard: 'isFailedState', target: 'failed', actions: 'trackUpload' },
              { target: 'processing', actions: 'trackUpload' },
            ],
            'wizard.uploadFailed': { target: 'failed', actions: 'trackUpload' },
          },
        },
        processing: {
          invoke: {
            id: 'watchProcessing',
            src: 'watchProcessing',
            input: ({ context }) => ({ uploadId: context.uploadId ?? '' }),
          },
          on: {
            'wizard.processingStep': { actions: 'trackUpload' },
            'wizard.processed': [
              { guard: 'isDoneState', target: '#wizardBoard.layers', actions: ['trackUpload', 'notifyQuote', 'goToResumedStep'] },
              { target: 'failed', actions: 'trackUpload' },
            ],
            'wizard.processingFailed': { target: 'failed', actions: 'trackUpload' },
          },
        },
        failed: {
          on: {
            'wizard.pickFiles': startingUpload,
            'wizard.back': { target: '#wizardBoard.way', actions: 'clearError' },
          },
        },
      },
    },
    layers: {
      entry: reach('layers'),
      exit: 'discardLayerEdits',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'wizard.setLayer': { actions: 'editLayers' },
            'wizard.toggleFile': { actions: 'editLayers' },
            'wizard.moveFile': { actions: 'editLayers' },
            'wizard.applyLayers': { guard: 'layersChanged', target: 'applying', actions: 'clearError' },
            // Corrections not yet sent would be lost: the gateway keeps the layers the project is saved with.
            'wizard.next': { guard: 'layersUnchanged', target: '#wizardBoard.stackup' },
            'wizard.back': { target: '#wizardBoard.files' },
            'wizard.pickFiles': startingUpload,
          },
        },
        applying: {
          invoke: {
            id: 'applyLayers',
            src: 'applyLayers',
            input: ({ context }) => ({ uploadId: context.uploadId ?? '', files: layerOverrides(context.files) }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'assignLayersApplied', params: ({ event }) => ({ state: event.output }) }, 'notifyQuote'],
            },
            onError: { target: 'editing', actions: { type: 'assignError', params: errorOf } },
          },
        },
      },
    },
    stackup: {
      entry: reach('stackup'),
      exit: 'closeStackupEdit',
      on: {
        'wizard.toggleStackupEdit': { actions: 'toggleStackupEdit' },
        'wizard.setLayerCount': { guard: 'isStackupEdit', actions: ['editParams', 'notifyQuote'] },
        'wizard.next': { target: 'parameters' },
        'wizard.back': { target: 'layers' },
      },
    },
    parameters: {
      entry: reach('parameters'),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'wizard.setProductType': { actions: ['editParams', 'notifyQuote'] },
            'wizard.setBoard': { actions: ['editParams', 'notifyQuote'] },
            'wizard.setPanel': { actions: ['editParams', 'notifyQuote'] },
            'wizard.setStencil': { actions: ['editParams', 'notifyQuote'] },
            'wizard.setMounting': { actions: ['editParams', 'notifyQuote'] },
            'wizard.pickBom': { target: 'readingBom', actions: 'clearError' },
            'wizard.next': { guard: 'parametersReady', target: '#wizardBoard.order' },
            'wizard.back': [
              { guard: 'isFilesWay', target: '#wizardBoard.stackup' },
              { target: '#wizardBoard.way' },
            ],
          },
        },
        readingBom: {
          invoke: {
            id: 'readBom',
            src: 'readBom',
            input: ({ event }) => (event.type === 'wizard.pickBom'
              ? { kind: event.kind, fileName: event.fileName, item: event.item }
              : { kind: 'bom' as const, fileName: '', item: null }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'assignBom', params: ({ event }) => ({ summary: event.output }) }, 'notifyQuote'],
            },
            onError: { target: 'editing', actions: { type: 'assignError', params: errorOf } },
          },
        },
      },
    },
    order: {
      entry: reach('order'),
      on: {
        'wizard.setOrder': { actions: ['editParams', 'notifyQuote'] },
        'wizard.next': { guard: 'orderReady', target: 'summary' },
        'wizard.back': { target: 'parameters' },
      },
    },
    summary: {
      entry: reach('summary'),
      initial: 'ready',
      states: {
        ready: {
          on: {
            'wizard.setOrder': { actions: ['editParams', 'notifyQuote'] },
            'wizard.setTitle': { actions: 'setTitle' },
            'wizard.save': { guard: 'canSave', target: 'saving', actions: 'clearError' },
            'wizard.back': { target: '#wizardBoard.order' },
          },
        },
        saving: {
          invoke: {
            id: 'saveProject',
            src: 'saveProject',
            input: ({ context, event }) => ({
              projectId: context.projectId,
              body: saveRequestOf(context, event.type === 'wizard.save' ? event.status : 'draft'),
            }),
            onDone: {
              target: '#wizardBoard.saved',
              actions: [
                { type: 'assignSaved', params: ({ event }) => ({ project: event.output }) },
                { type: 'projectSaved', params: ({ event }) => ({ project: event.output }) },
              ],
            },
            onError: { target: 'ready', actions: { type: 'assignError', params: errorOf } },
          },
        },
      },
    },
    // The end of the page: it shows links to the project; `wizard.restart` starts another one.
    saved: {},
  },
});
