import type { BoardAnalysis, BoardFile, UploadState } from '../../contract/board-files';
import type { CapabilityTable } from '../../contract/dfm';
import { DEFAULT_CAPABILITIES } from '../../contract/capabilities';
import type { BomSummary, Project } from '../../contract/projects';
import type { WizardResume } from './wizard-board-types';
import { SAMPLE_PARAMS, SAMPLE_QUOTE } from '../price-quote/samples';

// Sample payloads of the board wizard: the registry's path walks and the unit tests.
// Parameters and prices are the price machine's (../price-quote/samples.ts).

export const SAMPLE_UPLOAD_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const file = (id: string, name: string, order: number, layer: Pick<BoardFile, 'type' | 'side' | 'format'>): BoardFile => ({
  id, name, bytes: 24_000, ...layer, identifiedBy: 'name', order, hidden: false, error: null,
});

/** A two-layer board as the gateway reports it: 54 × 69 mm (Arduino Uno-like), smallest hole 0.6 mm. */
export const SAMPLE_ANALYSIS: BoardAnalysis = {
  uploadId: SAMPLE_UPLOAD_ID,
  archiveName: 'arduino-uno.zip',
  boardName: 'Arduino Uno R3',
  files: [
    file('f1', 'arduino-uno.cmp', 0, { type: 'copper', side: 'top', format: 'gerber' }),
    file('f2', 'arduino-uno.sol', 1, { type: 'copper', side: 'bottom', format: 'gerber' }),
    file('f3', 'arduino-uno.drd', 2, { type: 'drill', side: 'all', format: 'drill' }),
    file('f4', 'arduino-uno.gko', 3, { type: 'outline', side: 'all', format: 'gerber' }),
  ],
  measurements: {
    widthMm: 68.58, heightMm: 53.34, sizeFromOutline: true, layerCount: 2, copperLayers: ['top', 'bottom'],
    drillHits: 212, smallestHoleMm: 0.6, holeSizesMm: [0.6, 0.8, 1.0, 3.2], pasteTop: true, pasteBottom: false,
    pasteWidthMm: 60, pasteHeightMm: 45,
  },
  alerts: [{ code: 'unknownFiles', level: 'warning', fileId: null }],
  images: { top: `/files/boards/${SAMPLE_UPLOAD_ID}/top.svg`, bottom: `/files/boards/${SAMPLE_UPLOAD_ID}/bottom.svg`, layers: {} },
};

/** The capability table the gateway serves by default, under a version of its own. */
export const SAMPLE_CAPABILITIES: CapabilityTable = { ...DEFAULT_CAPABILITIES, version: 'sample' };

/** The sample board's DFM, measured after it: 0.08 mm tracks, which the fine class allows, and silk over a pad. */
export const SAMPLE_ANALYSIS_MEASURED: BoardAnalysis = {
  ...SAMPLE_ANALYSIS,
  dfmStatus: 'done',
  dfm: {
    places: [
      { rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 10, y: 15 }, feature: 'track' },
      { rule: 'silkOverPad', fileId: 'f1', valueMm: -0.43, at: { x: 14, y: 30 } },
    ],
    moreByRule: [],
    pictureBoxMm: [0, 0, 68.58, 53.34],
    outerCopperFileIds: ['f1', 'f2'],
  },
};

/** The same board measured with nothing finer than the standard class needs: 0.12 mm tracks. */
export const SAMPLE_ANALYSIS_STANDARD: BoardAnalysis = {
  ...SAMPLE_ANALYSIS_MEASURED,
  dfm: { places: [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.12, at: { x: 10, y: 15 }, feature: 'track' }], moreByRule: [], pictureBoxMm: null },
};

const uploadState = (status: UploadState['status'], extra: Partial<UploadState> = {}): UploadState => ({
  uploadId: SAMPLE_UPLOAD_ID, clientId: 1, status, step: status === 'processing' ? 'unpack' : 'check',
  error: null, message: null, analysis: null, ...extra,
});

export const SAMPLE_UPLOAD_PROCESSING = uploadState('processing');
export const SAMPLE_UPLOAD_DONE = uploadState('done', { analysis: SAMPLE_ANALYSIS });
export const SAMPLE_UPLOAD_FAILED = uploadState('failed', {
  step: 'identify', error: 'noBoardFiles', message: 'В архиве нет файлов платы',
});

/** SetLayers' answer: the bottom copper hidden and the board measured again. */
export const SAMPLE_LAYERS_APPLIED = uploadState('done', {
  analysis: {
    ...SAMPLE_ANALYSIS,
    files: SAMPLE_ANALYSIS.files.map((item) => (item.id === 'f2' ? { ...item, hidden: true, identifiedBy: 'user' as const } : item)),
  },
});

export const SAMPLE_BOM: BomSummary = {
  kind: 'bom', rows: 31, skippedLines: [], columns: ['Designator', 'Quantity', 'Footprint'],
  mounting: { components: 42, uniqueParts: 18, smd: 38, tht: 4, sides: 1 },
};
export const SAMPLE_PNP: BomSummary = {
  kind: 'pnp', rows: 42, skippedLines: [7], columns: ['Designator', 'Mid X', 'Mid Y', 'Layer'],
  mounting: { components: 42, uniqueParts: 0, smd: 42, tht: 0, sides: 2 },
};

const project = (id: number, analysis: BoardAnalysis | null): Project => ({
  id, title: analysis ? 'Arduino Uno' : 'Плата питания', status: 'draft', productType: 'pcb', isFavorite: false,
  clientId: 1, clientName: 'Электронные системы', quantity: 10, price: 12_480, widthMm: 100, heightMm: 80, layers: 2,
  versionNumber: 1, createdAt: '2025-09-01T10:00:00.000Z', updatedAt: '2025-09-02T10:00:00.000Z',
  previewUrl: analysis?.images.top ?? null, params: SAMPLE_PARAMS, quote: SAMPLE_QUOTE, versionId: id * 10,
  versions: [{
    id: id * 10, number: 1, createdAt: '2025-09-01T10:00:00.000Z', uploadId: analysis?.uploadId ?? null,
    archiveName: analysis?.archiveName ?? null, boardName: analysis?.boardName ?? null, fileCount: analysis?.files.length ?? 0,
  }],
  analysis, isEditable: true,
});

/** A saved project with files, and one entered by hand. */
export const SAMPLE_PROJECT = project(7, SAMPLE_ANALYSIS);
export const SAMPLE_MANUAL_PROJECT = project(8, null);

/** Boards picked up after a reload of /quote: an upload, and parameters entered by hand. */
export const SAMPLE_RESUME_UPLOAD: WizardResume = {
  way: 'files', uploadId: SAMPLE_UPLOAD_ID, archiveName: 'arduino-uno.zip', title: '', titleTyped: false, params: SAMPLE_PARAMS, step: 'files',
};
export const SAMPLE_RESUME_MANUAL: WizardResume = {
  way: 'manual', uploadId: null, archiveName: '', title: 'Плата', titleTyped: false, params: SAMPLE_PARAMS, step: 'parameters',
};
/** Boards left on a later step, which they open on again. */
export const SAMPLE_RESUME_ON_ORDER: WizardResume = { ...SAMPLE_RESUME_UPLOAD, step: 'order' };
export const SAMPLE_RESUME_MANUAL_ON_SUMMARY: WizardResume = { ...SAMPLE_RESUME_MANUAL, step: 'summary' };
