import { describe, expect, it } from 'vitest';
import { QUOTE_DEBOUNCE_MS } from '../../src/machines/price-quote/price-quote';
import {
  SAMPLE_ANALYSIS, SAMPLE_ANALYSIS_MEASURED, SAMPLE_ANALYSIS_STANDARD, SAMPLE_BOM, SAMPLE_CAPABILITIES, SAMPLE_LAYERS_APPLIED,
  SAMPLE_MANUAL_PROJECT, SAMPLE_PNP, SAMPLE_PROJECT, SAMPLE_RESUME_MANUAL, SAMPLE_RESUME_MANUAL_ON_SUMMARY, SAMPLE_RESUME_ON_ORDER,
  SAMPLE_RESUME_UPLOAD, SAMPLE_UPLOAD_DONE,
  SAMPLE_UPLOAD_FAILED, SAMPLE_UPLOAD_ID, SAMPLE_UPLOAD_PROCESSING,
} from '../../src/machines/wizard-board/samples';
import { boardToKeep, MANUAL_STEPS, resumedContext } from '../../src/machines/wizard-board/wizard-board-rules';
import { WIZARD_STEPS } from '../../src/machines/wizard-board/wizard-board-types';
import { startWizard, type WizardHarness } from './wizard-board-harness';

const items = [{ name: 'uno.zip' }];

/** Files way up to the layers step, processing reported step by step. */
async function uploadToLayers(wizard: WizardHarness) {
  wizard.send({ type: 'wizard.chooseFiles' });
  wizard.send({ type: 'wizard.pickFiles', name: 'arduino-uno.zip', items });
  wizard.upload.send({ type: 'wizard.uploadProgress', percent: 60 });
  wizard.upload.send({ type: 'wizard.uploaded', state: SAMPLE_UPLOAD_PROCESSING });
  wizard.processing.send({ type: 'wizard.processingStep', step: 'render', percent: 55 });
  wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE });
  await wizard.settle();
}

describe('wizard: manual entry', () => {
  it('goes from the choice of way through parameters, order and summary to a saved project', async () => {
    const wizard = startWizard();
    expect(wizard.snapshot().value).toBe('way');
    expect(wizard.context().stepIds).toEqual(WIZARD_STEPS);

    wizard.send({ type: 'wizard.chooseManual' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context().stepIds).toEqual(MANUAL_STEPS);
    expect(wizard.context().furthestStep).toBe(MANUAL_STEPS.indexOf('parameters'));

    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 120, heightMm: 90, layers: 4, thicknessMm: 1.6 } });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toBe('order');
    wizard.send({ type: 'wizard.setOrder', quantity: 25, urgency: 'express' });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });

    wizard.send({ type: 'wizard.save', status: 'actual' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
    wizard.send({ type: 'wizard.setTitle', title: '  Плата питания ' });
    wizard.send({ type: 'wizard.save', status: 'actual' });
    expect(wizard.snapshot().value).toEqual({ summary: 'saving' });
    const saving = wizard.saveProject.last();
    expect(saving?.input).toEqual({
      projectId: null,
      body: {
        clientId: 1, title: 'Плата питания', uploadId: null, status: 'actual',
        params: expect.objectContaining({ quantity: 25, urgency: 'express', board: expect.objectContaining({ widthMm: 120, layers: 4 }) }),
      },
    });

    saving?.call.resolve(SAMPLE_MANUAL_PROJECT);
    await wizard.settle();
    expect(wizard.snapshot().value).toBe('saved');
    expect(wizard.context().savedProject).toEqual(SAMPLE_MANUAL_PROJECT);
    expect(wizard.context().projectId).toBe(SAMPLE_MANUAL_PROJECT.id);
    expect(wizard.projectSaved).toHaveBeenCalledWith(SAMPLE_MANUAL_PROJECT);
  });

  it('keeps the summary and shows the message when saving fails', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setTitle', title: 'Плата' });
    wizard.send({ type: 'wizard.save', status: 'draft' });
    wizard.saveProject.last()?.call.reject(new Error('Название проекта слишком длинное'));
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
    expect(wizard.context().error).toBe('Название проекта слишком длинное');
    expect(wizard.projectSaved).not.toHaveBeenCalled();
  });
});

describe('wizard: files', () => {
  it('uploads, follows the processing steps and proposes the measured parameters on the layers step', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseFiles' });
    expect(wizard.snapshot().value).toEqual({ files: 'picking' });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ files: 'picking' });

    wizard.send({ type: 'wizard.pickFiles', name: 'arduino-uno.zip', items });
    expect(wizard.snapshot().value).toEqual({ files: 'uploading' });
    expect(wizard.upload.inputs).toEqual([{ clientId: 1, projectId: null, name: 'arduino-uno.zip', items }]);
    wizard.upload.send({ type: 'wizard.uploadProgress', percent: 60 });
    expect(wizard.context().uploadPercent).toBe(60);

    wizard.upload.send({ type: 'wizard.uploaded', state: SAMPLE_UPLOAD_PROCESSING });
    expect(wizard.snapshot().value).toEqual({ files: 'processing' });
    expect(wizard.processing.inputs).toEqual([{ uploadId: SAMPLE_UPLOAD_ID }]);
    wizard.processing.send({ type: 'wizard.processingStep', step: 'measure', percent: 70 });
    expect(wizard.context()).toMatchObject({ processingStep: 'measure', processingPercent: 70 });

    wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    const { context } = wizard.snapshot();
    expect(context.analysis).toEqual(SAMPLE_ANALYSIS);
    expect(context.files.map((file) => file.id)).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(context.params.board).toMatchObject({ widthMm: 68.58, heightMm: 53.34, layers: 2, minHoleMm: 0.6 });
    // Named after the board its files name, not after the uploaded file.
    expect(context.title).toBe('Arduino Uno R3');
    expect(context.furthestStep).toBe(WIZARD_STEPS.indexOf('layers'));

    // The price follows the measured parameters.
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    expect(wizard.quotes.at(-1)?.params.board.widthMm).toBe(68.58);
    expect(wizard.quoteSnapshot()?.value).toBe('quoted');
  });

  it('shows why processing failed and takes another set of files', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseFiles' });
    wizard.send({ type: 'wizard.pickFiles', name: 'photo.gbr', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: SAMPLE_UPLOAD_PROCESSING });
    wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_FAILED });
    expect(wizard.snapshot().value).toEqual({ files: 'failed' });
    expect(wizard.context().error).toBe('В архиве нет файлов платы');
    expect(wizard.context().analysis).toBeNull();

    wizard.send({ type: 'wizard.pickFiles', name: 'board.zip', items });
    expect(wizard.snapshot().value).toEqual({ files: 'uploading' });
    expect(wizard.context().error).toBeNull();
    wizard.upload.send({ type: 'wizard.uploadFailed', message: 'Архив больше 25 МБ' });
    expect(wizard.snapshot().value).toEqual({ files: 'failed' });
    expect(wizard.context().error).toBe('Архив больше 25 МБ');

    wizard.send({ type: 'wizard.pickFiles', name: 'board.zip', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: SAMPLE_UPLOAD_PROCESSING });
    wizard.processing.send({ type: 'wizard.processingFailed', message: 'Соединение потеряно' });
    expect(wizard.snapshot().value).toEqual({ files: 'failed' });
    expect(wizard.context().error).toBe('Соединение потеряно');
  });

  it('a refusal answered at once by the upload fails without processing', () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseFiles' });
    wizard.send({ type: 'wizard.pickFiles', name: 'bomb.zip', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: SAMPLE_UPLOAD_FAILED });
    expect(wizard.snapshot().value).toEqual({ files: 'failed' });
    expect(wizard.processing.inputs).toEqual([]);
  });

  it('a new set of files from the layers step replaces the old analysis', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.pickFiles', name: 'rev-b.zip', items });
    expect(wizard.snapshot().value).toEqual({ files: 'uploading' });
    // The old board's name goes with its files: the new files name theirs.
    expect(wizard.context()).toMatchObject({ analysis: null, files: [], archiveName: 'rev-b.zip', title: '' });
    expect(wizard.context().furthestStep).toBe(WIZARD_STEPS.indexOf('files'));
    wizard.send({ type: 'wizard.goTo', step: 'layers' });
    expect(wizard.snapshot().value).toEqual({ files: 'uploading' });
  });
});

describe('wizard: the project named after its board', () => {
  /** Layers → stack-up → parameters → order → summary, where the title field is. */
  const toSummary = (wizard: WizardHarness) => {
    for (let step = 0; step < 4; step += 1) wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
  };
  const secondBoard = { ...SAMPLE_UPLOAD_DONE, analysis: { ...SAMPLE_ANALYSIS, boardName: 'OtterPill' } };

  it('a title typed in the summary stays when new files finish processing', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    toSummary(wizard);
    expect(wizard.context().title).toBe('Arduino Uno R3');
    wizard.send({ type: 'wizard.setTitle', title: 'Блок питания, ревизия 2' });
    wizard.send({ type: 'wizard.goTo', step: 'layers' });
    wizard.send({ type: 'wizard.pickFiles', name: 'OtterPill-B_Cu.zip', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: secondBoard });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context().title).toBe('Блок питания, ревизия 2');
  });

  it('a title left untyped (or cleared) follows the board the new files name', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    toSummary(wizard);
    wizard.send({ type: 'wizard.setTitle', title: 'Временное' });
    wizard.send({ type: 'wizard.setTitle', title: ' ' });
    wizard.send({ type: 'wizard.goTo', step: 'layers' });
    wizard.send({ type: 'wizard.pickFiles', name: 'OtterPill-B_Cu.zip', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: secondBoard });
    expect(wizard.context().title).toBe('OtterPill');
  });

  it('files that name no board leave the title for the user, never a file name', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseFiles' });
    wizard.send({ type: 'wizard.pickFiles', name: 'Gerber_BoardOutlineLayer.zip', items });
    wizard.upload.send({ type: 'wizard.uploaded', state: { ...SAMPLE_UPLOAD_DONE, analysis: { ...SAMPLE_ANALYSIS, boardName: null } } });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context().title).toBe('');
  });

  it('an analysis stored before boards were named leaves the kept title as it was', () => {
    const { boardName: _unnamed, ...before } = SAMPLE_ANALYSIS;
    const wizard = startWizard({ clientId: 1, editing: null, resume: { ...SAMPLE_RESUME_UPLOAD, title: 'uno-old' } });
    wizard.processing.send({ type: 'wizard.processed', state: { ...SAMPLE_UPLOAD_DONE, analysis: before } });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context().title).toBe('uno-old');
  });

  it('a title typed before a reload stays the user\'s when the board comes back', () => {
    const kept = boardToKeep({ ...resumedContext(null, SAMPLE_RESUME_UPLOAD), title: 'Моя плата', titleTyped: true });
    expect(kept).toMatchObject({ title: 'Моя плата', titleTyped: true });
    const wizard = startWizard({ clientId: 1, editing: null, resume: kept });
    wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE });
    expect(wizard.context().title).toBe('Моя плата');
  });
});

describe('wizard: a board picked up after a reload (/quote)', () => {
  it('asks for the upload’s analysis again and goes on to its layers with the parameters kept', async () => {
    const params = { ...SAMPLE_RESUME_UPLOAD.params, quantity: 40, urgency: 'fast' as const };
    const wizard = startWizard({ clientId: null, editing: null, resume: { ...SAMPLE_RESUME_UPLOAD, params, title: 'Моя плата' } });
    expect(wizard.snapshot().value).toEqual({ files: 'processing' });
    expect(wizard.processing.inputs).toEqual([{ uploadId: SAMPLE_UPLOAD_ID }]);
    expect(wizard.context()).toMatchObject({ way: 'files', archiveName: 'arduino-uno.zip', title: 'Моя плата' });

    wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE });
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    // The files' measurements again; the visitor's own choices stay.
    expect(wizard.context().params).toMatchObject({ quantity: 40, urgency: 'fast', board: { widthMm: 68.58, layers: 2 } });
    expect(wizard.context().analysis).toEqual(SAMPLE_ANALYSIS);
  });

  it('an upload the gateway no longer has fails on the files step, where other files can be picked', () => {
    const wizard = startWizard({ clientId: null, editing: null, resume: SAMPLE_RESUME_UPLOAD });
    wizard.processing.send({ type: 'wizard.processingFailed', message: 'Расчёт не найден' });
    expect(wizard.snapshot().value).toEqual({ files: 'failed' });
    wizard.send({ type: 'wizard.pickFiles', name: 'arduino-uno.zip', items });
    expect(wizard.snapshot().value).toEqual({ files: 'uploading' });
  });

  it('parameters by hand open on the parameters step as they were', () => {
    const params = { ...SAMPLE_RESUME_MANUAL.params, quantity: 7 };
    const wizard = startWizard({ clientId: null, editing: null, resume: { ...SAMPLE_RESUME_MANUAL, params } });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context()).toMatchObject({ way: 'manual', step: 'parameters', title: 'Плата', params: { quantity: 7 } });
    expect(wizard.processing.inputs).toEqual([]);
  });
});

describe('wizard: a board picked up after a reload comes back on its step', () => {
  it('an upload left on the order step opens there once its analysis is back, with the later steps reachable', async () => {
    const params = { ...SAMPLE_RESUME_ON_ORDER.params, quantity: 40 };
    const wizard = startWizard({ clientId: 1, editing: null, resume: { ...SAMPLE_RESUME_ON_ORDER, params } });
    expect(wizard.snapshot().value).toEqual({ files: 'processing' });
    wizard.processing.send({ type: 'wizard.processed', state: SAMPLE_UPLOAD_DONE });
    await wizard.settle();
    expect(wizard.snapshot().value).toBe('order');
    expect(wizard.context()).toMatchObject({ step: 'order', resumeStep: null, params: { quantity: 40 } });
    // Once there, the board is kept on that step again.
    expect(boardToKeep(wizard.context())?.step).toBe('order');
  });

  it('parameters by hand left on the summary open there', () => {
    const wizard = startWizard({ clientId: 1, editing: null, resume: SAMPLE_RESUME_MANUAL_ON_SUMMARY });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
  });

  it('while the analysis is asked for again, the step it goes back to is what is kept', () => {
    const wizard = startWizard({ clientId: 1, editing: null, resume: SAMPLE_RESUME_ON_ORDER });
    expect(boardToKeep(wizard.context())?.step).toBe('order');
  });

  it('a saved board is not kept: the next visit starts afresh', () => {
    expect(boardToKeep({ ...resumedContext(1, SAMPLE_RESUME_MANUAL), savedProject: SAMPLE_MANUAL_PROJECT })).toBeNull();
  });
});

describe('wizard: layer corrections', () => {
  it('sends the changed types, hidden files and build order, and takes the measured-again analysis', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.applyLayers' });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });

    wizard.send({ type: 'wizard.setLayer', id: 'f4', layerType: 'drawing', side: 'top' });
    wizard.send({ type: 'wizard.toggleFile', id: 'f2' });
    wizard.send({ type: 'wizard.moveFile', id: 'f3', toIndex: 0 });
    expect(wizard.context().files.map((file) => [file.id, file.order])).toEqual([['f3', 0], ['f1', 1], ['f2', 2], ['f4', 3]]);
    expect(wizard.context().files.find((file) => file.id === 'f4')).toMatchObject({ type: 'drawing', side: 'top', identifiedBy: 'user' });

    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });

    wizard.send({ type: 'wizard.applyLayers' });
    expect(wizard.snapshot().value).toEqual({ layers: 'applying' });
    expect(wizard.applyLayers.last()?.input).toEqual({
      uploadId: SAMPLE_UPLOAD_ID,
      files: [
        { id: 'f3', type: 'drill', side: 'all', hidden: false, order: 0 },
        { id: 'f1', type: 'copper', side: 'top', hidden: false, order: 1 },
        { id: 'f2', type: 'copper', side: 'bottom', hidden: true, order: 2 },
        { id: 'f4', type: 'drawing', side: 'top', hidden: false, order: 3 },
      ],
    });
    wizard.applyLayers.last()?.call.resolve(SAMPLE_LAYERS_APPLIED);
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context().analysis).toEqual(SAMPLE_LAYERS_APPLIED.analysis);
    expect(wizard.context().files.find((file) => file.id === 'f2')?.hidden).toBe(true);

    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toBe('stackup');
  });

  it('keeps the corrections and shows the message when the gateway refuses them; drops them when the step is left', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.toggleFile', id: 'f2' });
    wizard.send({ type: 'wizard.applyLayers' });
    wizard.applyLayers.last()?.call.reject(new Error('Сервис временно недоступен, попробуйте позже'));
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context().error).toBe('Сервис временно недоступен, попробуйте позже');
    expect(wizard.context().files.find((file) => file.id === 'f2')?.hidden).toBe(true);

    wizard.send({ type: 'wizard.back' });
    expect(wizard.snapshot().value).toEqual({ files: 'picking' });
    expect(wizard.context().files.find((file) => file.id === 'f2')?.hidden).toBe(false);
  });

  it('changes the layer count only in the stack-up edit mode, which closes with the step', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setLayerCount', layers: 4 });
    expect(wizard.context().params.board.layers).toBe(2);
    wizard.send({ type: 'wizard.toggleStackupEdit' });
    wizard.send({ type: 'wizard.setLayerCount', layers: 4 });
    expect(wizard.context().params.board.layers).toBe(4);
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context().stackupEdit).toBe(false);
  });
});

describe('wizard: parameters', () => {
  it('reads a BOM into the mounting counts and a pick-and-place file into its sides', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.setProductType', productType: 'module' });
    expect(wizard.context().params.mounting).toEqual({ components: 0, uniqueParts: 0, smd: 0, tht: 0, sides: 1 });
    expect(wizard.context().problems).toContainEqual({ field: 'mounting.components', code: 'noComponents' });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });

    wizard.send({ type: 'wizard.pickBom', kind: 'bom', fileName: 'bom.csv', item: 'file' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'readingBom' });
    expect(wizard.readBom.last()?.input).toEqual({ kind: 'bom', fileName: 'bom.csv', item: 'file' });
    wizard.readBom.last()?.call.resolve(SAMPLE_BOM);
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context().params.mounting).toEqual(SAMPLE_BOM.mounting);
    expect(wizard.context().problems).toEqual([]);

    wizard.send({ type: 'wizard.pickBom', kind: 'pnp', fileName: 'pnp.csv', item: 'file' });
    wizard.readBom.last()?.call.resolve(SAMPLE_PNP);
    await wizard.settle();
    expect(wizard.context().params.mounting).toEqual({ ...SAMPLE_BOM.mounting, sides: 2 });
    expect(wizard.context()).toMatchObject({ bom: SAMPLE_BOM, pnp: SAMPLE_PNP });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toBe('order');
  });

  it('keeps a read BOM for when the product type takes assembly later, and shows a failed read', async () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.pickBom', kind: 'bom', fileName: 'bom.xlsx', item: 'file' });
    wizard.readBom.last()?.call.resolve(SAMPLE_BOM);
    await wizard.settle();
    expect(wizard.context().params.mounting).toBeNull();
    wizard.send({ type: 'wizard.setProductType', productType: 'mounting' });
    expect(wizard.context().params.mounting).toEqual(SAMPLE_BOM.mounting);

    wizard.send({ type: 'wizard.pickBom', kind: 'pnp', fileName: 'broken.csv', item: 'file' });
    wizard.readBom.last()?.call.reject(new Error('Не найдены столбцы'));
    await wizard.settle();
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context().error).toBe('Не найдены столбцы');
  });

  it('fills the part of the product type and clears the others; a stencil is sized from the paste layers', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.goTo', step: 'parameters' });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setProductType', productType: 'panel' });
    expect(wizard.context().params).toMatchObject({ productType: 'panel', stencil: null, mounting: null });
    expect(wizard.context().params.panel).not.toBeNull();
    wizard.send({ type: 'wizard.setProductType', productType: 'stencil' });
    // Paste 60 × 45 mm plus a 20 mm margin on each side, in 10 mm steps; top paste only.
    expect(wizard.context().params).toMatchObject({ panel: null, stencil: { sides: 'top', widthMm: 100, heightMm: 90 } });
    wizard.send({ type: 'wizard.setStencil', patch: { thicknessMm: 0.15 } });
    expect(wizard.context().params.stencil?.thicknessMm).toBe(0.15);
  });
});

describe('wizard: guards', () => {
  it('blocks next on the parameters and the order, and saving, while a problem remains', () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 1000 } });
    expect(wizard.context().problems).toContainEqual({ field: 'board.widthMm', code: 'boardSizeRange' });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });

    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 100 } });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setOrder', quantity: 0 });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toBe('order');
    wizard.send({ type: 'wizard.setOrder', quantity: 100_001 });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toBe('order');

    wizard.send({ type: 'wizard.setOrder', quantity: 100 });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setTitle', title: 'Плата' });
    wizard.send({ type: 'wizard.setOrder', quantity: 0 });
    wizard.send({ type: 'wizard.save', status: 'actual' });
    wizard.send({ type: 'wizard.save', status: 'draft' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
    expect(wizard.saveProject.calls).toEqual([]);
  });

  it('goes only to reached steps of the chosen way, and forward only past steps that could be left', () => {
    const wizard = startWizard();
    wizard.send({ type: 'wizard.goTo', step: 'parameters' });
    expect(wizard.snapshot().value).toBe('way');
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.next' });
    expect(wizard.context().furthestStep).toBe(MANUAL_STEPS.indexOf('summary'));

    wizard.send({ type: 'wizard.goTo', step: 'files' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });
    wizard.send({ type: 'wizard.goTo', step: 'parameters' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 1000 } });
    wizard.send({ type: 'wizard.goTo', step: 'summary' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 100 } });
    wizard.send({ type: 'wizard.goTo', step: 'summary' });
    expect(wizard.snapshot().value).toEqual({ summary: 'ready' });

    wizard.send({ type: 'wizard.back' });
    wizard.send({ type: 'wizard.back' });
    wizard.send({ type: 'wizard.back' });
    expect(wizard.snapshot().value).toBe('way');
  });

  it('restarts with a fresh project from any step but saving', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.send({ type: 'wizard.restart' });
    expect(wizard.snapshot().value).toBe('way');
    expect(wizard.context()).toMatchObject({ way: null, analysis: null, title: '', furthestStep: 0, uploadId: null });

    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.setTitle', title: 'Плата' });
    wizard.send({ type: 'wizard.save', status: 'draft' });
    wizard.send({ type: 'wizard.restart' });
    wizard.send({ type: 'wizard.goTo', step: 'order' });
    expect(wizard.snapshot().value).toEqual({ summary: 'saving' });
  });
});

describe('wizard: changing a saved project', () => {
  it('starts on the layers of a project with files and saves it as a change of that project', async () => {
    const wizard = startWizard({ clientId: 2, editing: SAMPLE_PROJECT });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    expect(wizard.context()).toMatchObject({
      way: 'files', projectId: SAMPLE_PROJECT.id, clientId: SAMPLE_PROJECT.clientId, title: 'Arduino Uno',
      uploadId: SAMPLE_UPLOAD_ID, furthestStep: WIZARD_STEPS.length - 1,
    });
    wizard.send({ type: 'wizard.goTo', step: 'summary' });
    wizard.send({ type: 'wizard.save', status: 'draft' });
    expect(wizard.saveProject.last()?.input).toMatchObject({
      projectId: SAMPLE_PROJECT.id, body: { clientId: SAMPLE_PROJECT.clientId, uploadId: SAMPLE_UPLOAD_ID, status: 'draft' },
    });
    wizard.saveProject.last()?.call.resolve(SAMPLE_PROJECT);
    await wizard.settle();
    expect(wizard.snapshot().value).toBe('saved');
  });

  it('starting over keeps changing that project until it is saved; after that the next one is new', async () => {
    const wizard = startWizard({ clientId: 1, editing: SAMPLE_MANUAL_PROJECT });
    wizard.send({ type: 'wizard.restart' });
    expect(wizard.snapshot().value).toBe('way');
    expect(wizard.context()).toMatchObject({ projectId: SAMPLE_MANUAL_PROJECT.id, title: SAMPLE_MANUAL_PROJECT.title, way: null });
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.save', status: 'actual' });
    expect(wizard.saveProject.last()?.input.projectId).toBe(SAMPLE_MANUAL_PROJECT.id);
    wizard.saveProject.last()?.call.resolve(SAMPLE_MANUAL_PROJECT);
    await wizard.settle();
    wizard.send({ type: 'wizard.restart' });
    expect(wizard.context()).toMatchObject({ projectId: null, title: '', savedProject: null });
  });

  it('opens a project saved below its files with the files\' problems on its fields, and saves it once they are raised', async () => {
    const board = { ...SAMPLE_PROJECT.params.board, widthMm: 10, heightMm: 10, layers: 1 as const };
    const wizard = startWizard({ clientId: 1, editing: { ...SAMPLE_PROJECT, params: { ...SAMPLE_PROJECT.params, board } } });
    expect(wizard.context().problems).toEqual([
      { field: 'board.widthMm', code: 'sizeBelowFiles' }, { field: 'board.heightMm', code: 'sizeBelowFiles' },
      { field: 'board.layers', code: 'layersBelowFiles' },
    ]);
    wizard.send({ type: 'wizard.goTo', step: 'summary' });
    expect(wizard.snapshot().value).toEqual({ layers: 'editing' });
    wizard.send({ type: 'wizard.goTo', step: 'parameters' });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 53.34, heightMm: 68.58, layers: 4 } });
    expect(wizard.context().problems).toEqual([]);
    wizard.send({ type: 'wizard.goTo', step: 'summary' });
    wizard.send({ type: 'wizard.save', status: 'draft' });
    expect(wizard.saveProject.last()?.input.body.params.board).toMatchObject({ widthMm: 53.34, heightMm: 68.58, layers: 4 });
  });

  it('starts on the parameters of a project entered by hand, its steps numbered for that way', () => {
    const wizard = startWizard({ clientId: 1, editing: SAMPLE_MANUAL_PROJECT });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    expect(wizard.context()).toMatchObject({ way: 'manual', stepIds: MANUAL_STEPS, params: SAMPLE_MANUAL_PROJECT.params });
    wizard.send({ type: 'wizard.back' });
    expect(wizard.snapshot().value).toBe('way');
  });
});

describe('wizard: the DFM measured after the analysis', () => {
  const measured = { type: 'wizard.dfmMeasured', analysis: SAMPLE_ANALYSIS_MEASURED, table: SAMPLE_CAPABILITIES } as const;

  it('reads the class the files need into the parameters, on whatever step, and prices it', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    const asked = wizard.quotes.length;
    wizard.send({ type: 'wizard.next' });
    expect(wizard.context().params.board.minTrackMm).toBe(0.15);
    // 0.08 mm tracks: the fine class, read as the files' size was.
    wizard.send(measured);
    expect(wizard.snapshot().value).toBe('stackup');
    expect(wizard.context()).toMatchObject({ dfmRead: true, analysis: { dfmStatus: 'done', dfm: SAMPLE_ANALYSIS_MEASURED.dfm } });
    expect(wizard.context().params.board).toMatchObject({ minTrackMm: 0.075, widthMm: 68.58, minHoleMm: 0.6 });
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    expect(wizard.quotes).toHaveLength(asked + 1);
    expect(wizard.quotes.at(-1)?.params.board.minTrackMm).toBe(0.075);

    // Read once: the customer's own choice afterwards stands.
    wizard.send({ type: 'wizard.next' });
    expect(wizard.snapshot().value).toEqual({ parameters: 'editing' });
    wizard.send({ type: 'wizard.setBoard', patch: { minTrackMm: 0.1 } });
    wizard.send(measured);
    expect(wizard.context().params.board.minTrackMm).toBe(0.1);
  });

  it('asks no new price when the files need nothing finer than the parameters hold', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    const asked = wizard.quotes.length;
    const before = wizard.context().params;
    wizard.send({ type: 'wizard.dfmMeasured', analysis: SAMPLE_ANALYSIS_STANDARD, table: SAMPLE_CAPABILITIES });
    expect(wizard.context()).toMatchObject({ dfmRead: true, params: before });
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    expect(wizard.quotes).toHaveLength(asked);
  });

  it('takes no DFM of other layers, nor any while saving; a saved project keeps the class it was saved with', async () => {
    const wizard = startWizard();
    await uploadToLayers(wizard);
    const otherLayers = {
      ...SAMPLE_ANALYSIS_MEASURED,
      files: SAMPLE_ANALYSIS_MEASURED.files.map((file) => (file.id === 'f2' ? { ...file, hidden: true } : file)),
    };
    wizard.send({ ...measured, analysis: otherLayers });
    expect(wizard.context()).toMatchObject({ dfmRead: false, params: { board: { minTrackMm: 0.15 } } });
    expect(wizard.context().analysis?.dfm).toBeUndefined();
    for (let step = 0; step < 4; step += 1) wizard.send({ type: 'wizard.next' });
    wizard.send({ type: 'wizard.save', status: 'actual' });
    expect(wizard.snapshot().matches({ summary: 'saving' })).toBe(true);
    wizard.send(measured);
    expect(wizard.context()).toMatchObject({ dfmRead: false, params: { board: { minTrackMm: 0.15 } } });

    const editing = startWizard({ clientId: 2, editing: { ...SAMPLE_PROJECT, analysis: SAMPLE_ANALYSIS_MEASURED } });
    editing.send(measured);
    expect(editing.context().params.board.minTrackMm).toBe(SAMPLE_PROJECT.params.board.minTrackMm);
    editing.send({ type: 'wizard.pickFiles', name: 'new.zip', items });
    expect(editing.context().dfmRead).toBe(false);
  });
});

describe('wizard: the price child', () => {
  it('prices the starting parameters and every change, once each rests', async () => {
    const wizard = startWizard();
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    expect(wizard.quotes).toHaveLength(1);
    wizard.send({ type: 'wizard.chooseManual' });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 110 } });
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 120 } });
    wizard.clock.increment(QUOTE_DEBOUNCE_MS);
    await wizard.settle();
    expect(wizard.quotes).toHaveLength(2);
    expect(wizard.quotes[1]?.params.board.widthMm).toBe(120);
    wizard.send({ type: 'wizard.setBoard', patch: { widthMm: 1000 } });
    expect(wizard.quoteSnapshot()?.value).toBe('invalid');
  });
});
