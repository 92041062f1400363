import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import {
  SAMPLE_ANALYSIS_MEASURED,
  SAMPLE_ANALYSIS_STANDARD,
  SAMPLE_BOM,
  SAMPLE_CAPABILITIES,
  SAMPLE_LAYERS_APPLIED,
  SAMPLE_MANUAL_PROJECT,
  SAMPLE_PNP,
  SAMPLE_PROJECT,
  SAMPLE_RESUME_MANUAL,
  SAMPLE_RESUME_MANUAL_ON_SUMMARY,
  SAMPLE_RESUME_ON_ORDER,
  SAMPLE_RESUME_UPLOAD,
  SAMPLE_UPLOAD_DONE,
  SAMPLE_UPLOAD_FAILED,
  SAMPLE_UPLOAD_PROCESSING,
} from './samples';
import { wizardBoardMachine } from './wizard-board';
import { canSave, layersChanged, orderReady, parametersReady, problemsOf, stepIdsOf } from './wizard-board-rules';
import { WIZARD_STEPS } from './wizard-board-types';

// Registry entry of the board wizard; src/machines/index.ts lists it with the rest.

export const wizardBoard = defineEntry({
  machine: wizardBoardMachine,
  title: { ru: 'Мастер платы', en: 'Board wizard' },
  screen: '/wizard-board',
  input: { clientId: 1, editing: null },
  extraInputs: [
    { clientId: 1, editing: SAMPLE_PROJECT }, { clientId: 1, editing: SAMPLE_MANUAL_PROJECT },
    { clientId: null, editing: null, resume: SAMPLE_RESUME_UPLOAD }, { clientId: null, editing: null, resume: SAMPLE_RESUME_MANUAL },
    { clientId: 1, editing: null, resume: SAMPLE_RESUME_ON_ORDER }, { clientId: 1, editing: null, resume: SAMPLE_RESUME_MANUAL_ON_SUMMARY },
  ],
  events: [
    { type: 'wizard.chooseFiles' },
    { type: 'wizard.chooseManual' },
    { type: 'wizard.pickFiles', name: 'arduino-uno.zip', items: [] },
    { type: 'wizard.uploadProgress', percent: 40 },
    { type: 'wizard.uploaded', state: SAMPLE_UPLOAD_PROCESSING },
    { type: 'wizard.uploaded', state: SAMPLE_UPLOAD_DONE },
    { type: 'wizard.uploaded', state: SAMPLE_UPLOAD_FAILED },
    { type: 'wizard.uploadFailed', message: 'Архив больше 25 МБ' },
    { type: 'wizard.processingStep', step: 'render', percent: 55 },
    { type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE },
    { type: 'wizard.processed', state: SAMPLE_UPLOAD_FAILED },
    { type: 'wizard.processingFailed', message: 'Обработка не удалась' },
    { type: 'wizard.dfmMeasured', analysis: SAMPLE_ANALYSIS_MEASURED, table: SAMPLE_CAPABILITIES },
    { type: 'wizard.dfmMeasured', analysis: SAMPLE_ANALYSIS_STANDARD, table: SAMPLE_CAPABILITIES },
    { type: 'wizard.setLayer', id: 'f4', layerType: 'drawing', side: 'top' },
    { type: 'wizard.toggleFile', id: 'f2' },
    { type: 'wizard.moveFile', id: 'f3', toIndex: 0 },
    { type: 'wizard.applyLayers' },
    { type: 'wizard.toggleStackupEdit' },
    { type: 'wizard.setLayerCount', layers: 4 },
    { type: 'wizard.setProductType', productType: 'panel' },
    { type: 'wizard.setProductType', productType: 'stencil' },
    { type: 'wizard.setProductType', productType: 'module' },
    { type: 'wizard.setProductType', productType: 'pcb' },
    { type: 'wizard.setBoard', patch: { widthMm: 1000 } },
    { type: 'wizard.setBoard', patch: { widthMm: 120 } },
    { type: 'wizard.setPanel', patch: { columns: 3 } },
    { type: 'wizard.setStencil', patch: { thicknessMm: 0.15 } },
    { type: 'wizard.setMounting', patch: { components: 12, uniqueParts: 6, smd: 10, tht: 2 } },
    { type: 'wizard.setOrder', quantity: 0 },
    { type: 'wizard.setOrder', quantity: 50, urgency: 'fast' },
    { type: 'wizard.setTitle', title: 'Arduino Uno' },
    { type: 'wizard.setTitle', title: ' ' },
    { type: 'wizard.pickBom', kind: 'bom', fileName: 'bom.csv', item: null },
    { type: 'wizard.pickBom', kind: 'pnp', fileName: 'pnp.csv', item: null },
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    ...WIZARD_STEPS.map((step) => ({ type: 'wizard.goTo' as const, step })),
    { type: 'wizard.save', status: 'draft' },
    { type: 'wizard.save', status: 'actual' },
    { type: 'wizard.restart' },
  ],
  actorOutputs: {
    applyLayers: [SAMPLE_LAYERS_APPLIED],
    readBom: [SAMPLE_BOM, SAMPLE_PNP],
    saveProject: [SAMPLE_PROJECT],
  },
  actorErrors: {
    saveProject: [sampleError({ ru: 'Название проекта слишком длинное', en: 'The project name is too long' })],
  },
  // Everything a guard reads, reduced to what tells its answer apart.
  graphContext: (context) => ({
    way: context.way,
    furthestStep: context.furthestStep,
    analysis: context.analysis !== null,
    dfmRead: context.dfmRead,
    layersChanged: layersChanged(context),
    stackupEdit: context.stackupEdit,
    parametersReady: parametersReady(context),
    orderReady: orderReady(context),
    saveable: canSave(context),
  }),
  // Each guard needs one thing out of the ordinary at a time (unsent layer edits, stack-up edit mode, a problem of
  // the parameters or of the order); their combinations would only multiply the graph. A saved project, or one
  // being changed that goes back to the choice of way, goes on as a new project's flow, explored from the start.
  explore: ({ context, value }) => [
    layersChanged(context), context.stackupEdit, !parametersReady(context), !orderReady(context),
  ].filter(Boolean).length <= 1 && !(context.projectId !== null && (value === 'way' || value === 'saved')),
  invariants: (snapshot) => {
    const { context } = snapshot;
    const { params, way, stepIds, step, furthestStep } = context;
    const inFilesSteps = snapshot.matches('files') || snapshot.matches('layers') || snapshot.matches('stackup');
    return firstBroken([
      [JSON.stringify(context.problems) === JSON.stringify(problemsOf(params, context.analysis)), 'problems are problemsOf(params, analysis)'],
      [stepIds.join() === stepIdsOf(way).join(), 'stepIds are the steps of the chosen way'],
      [!(way === 'manual' && inFilesSteps), 'the manual way skips files, layers and stack-up'],
      [!(snapshot.matches('layers') || snapshot.matches('stackup')) || context.analysis !== null, 'layers and stack-up need a done analysis'],
      [snapshot.matches('start') || (stepIds.indexOf(step) >= 0 && stepIds.indexOf(step) <= furthestStep), 'the current step is a reached step of the way'],
      [furthestStep < stepIds.length, 'furthestStep indexes stepIds'],
      [!snapshot.matches('saved') || context.savedProject?.id === context.projectId, 'saved holds the saved project'],
      [context.uploadPercent >= 0 && context.uploadPercent <= 100, 'upload percent is 0–100'],
      [(params.panel !== null) === (params.productType === 'panel'), 'panel parameters exactly for a panel'],
      [(params.stencil !== null) === (params.productType === 'stencil'), 'stencil parameters exactly for a stencil'],
      [(params.mounting !== null) === (params.productType === 'mounting' || params.productType === 'module'), 'mounting parameters exactly for assembly'],
    ]);
  },
});
