import type { Infer } from 'superstruct';
import type {
  MountingParams, PanelParams, PcbParams, ProductType, ProjectParams, StencilParams, Urgency,
} from '../../contract/board';
import type {
  BoardAnalysis, BoardFile, LayerSide, LayerType, ProcessingStep, UploadState,
} from '../../contract/board-files';
import type { CapabilityTable } from '../../contract/dfm';
import type { BomSummary, ParamProblem, Project, saveProjectRequest } from '../../contract/projects';

/** The wizard's steps in order (the one list the step type is read from); `saved` follows `summary` but is no step of its own. */
export const WIZARD_STEPS = ['way', 'files', 'layers', 'stackup', 'parameters', 'order', 'summary'] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number];

export type WizardWay = 'files' | 'manual';

export type SaveProjectRequest = Infer<typeof saveProjectRequest>;
export type SaveStatus = SaveProjectRequest['status'];

/**
 * A board being worked on when the page went (the instant quote keeps it in the browser): the wizard picks it up,
 * an upload by asking for its analysis again, parameters by hand on the parameters step.
 */
export interface WizardResume {
  way: WizardWay;
  /** The upload, on the files' way. */
  uploadId: string | null;
  archiveName: string;
  title: string;
  params: ProjectParams;
  /** The step that was on screen: opened again once the board is back. Absent from older saves: the first step. */
  step?: WizardStepId;
  /** The title is the user's, not the board's name from its files. Older saves hold the board's. */
  titleTyped?: boolean;
}

export interface WizardBoardInput {
  clientId: number | null;
  /** The project to change: the wizard starts on its parameters (or layers with files) and saving updates it. */
  editing: Project | null;
  /** A board to pick up (never with `editing`). */
  resume?: WizardResume | null;
}

export interface WizardBoardContext {
  way: WizardWay | null;
  /** The steps of the chosen way, for numbering ("step n of total") and the side menu. */
  stepIds: readonly WizardStepId[];
  /** The step on screen (also while busy inside it); `summary` once saved. */
  step: WizardStepId;
  /** Index in `stepIds` of the furthest step reached: the side menu's completed-step mode. */
  furthestStep: number;
  clientId: number | null;
  /** The project being changed; after saving, the saved one (a second save updates it). */
  projectId: number | null;
  title: string;
  /**
   * The title is the user's (typed, or a saved project's): the files' board name never replaces it. Clearing
   * the field gives the title back to the files.
   */
  titleTyped: boolean;
  uploadId: string | null;
  archiveName: string;
  uploadPercent: number;
  processingStep: ProcessingStep | null;
  processingPercent: number;
  /** The gateway's last done analysis of the files; its DFM joins it when measured (`wizard.dfmMeasured`). */
  analysis: BoardAnalysis | null;
  /**
   * The DFM of the analysis on show has been read into the parameters (the class its files need), or need
   * not be: a saved project's parameters stand as they were saved, as its sizes do.
   */
  dfmRead: boolean;
  /** The user's working copy of the analysis' files, in build order (index = order). */
  files: BoardFile[];
  params: ProjectParams;
  /** problemsOf(params, analysis): what cannot be made, and what is below the files; recomputed on every change. */
  problems: ParamProblem[];
  stackupEdit: boolean;
  bom: BomSummary | null;
  pnp: BomSummary | null;
  /** The last failure's message to show; null when the gateway gave none or nothing failed. */
  error: string | null;
  savedProject: Project | null;
  /** A picked-up board's step, gone to once its analysis is back; null once there or for none. */
  resumeStep: WizardStepId | null;
}

export type WizardBoardEvent =
  | { type: 'wizard.chooseFiles' }
  | { type: 'wizard.chooseManual' }
  /** The picked File objects, opaque here: handed to the uploadFiles actor. */
  | { type: 'wizard.pickFiles'; name: string; items: readonly unknown[] }
  | { type: 'wizard.uploadProgress'; percent: number }
  | { type: 'wizard.uploaded'; state: UploadState }
  | { type: 'wizard.uploadFailed'; message: string }
  | { type: 'wizard.processingStep'; step: ProcessingStep; percent: number }
  | { type: 'wizard.processed'; state: UploadState }
  | { type: 'wizard.processingFailed'; message: string }
  /**
   * The DFM of an analysis, measured seconds after it (or found failed), with the capability table it is judged by:
   * the page learns both (the findings panel waits for them) and hands them on.
   */
  | { type: 'wizard.dfmMeasured'; analysis: BoardAnalysis; table: CapabilityTable }
  /** The layer's type travels as `layerType`: `type` is the event's. */
  | { type: 'wizard.setLayer'; id: string; layerType: LayerType | null; side: LayerSide | null }
  | { type: 'wizard.toggleFile'; id: string }
  | { type: 'wizard.moveFile'; id: string; toIndex: number }
  | { type: 'wizard.applyLayers' }
  | { type: 'wizard.toggleStackupEdit' }
  | { type: 'wizard.setLayerCount'; layers: PcbParams['layers'] }
  | { type: 'wizard.setProductType'; productType: ProductType }
  | { type: 'wizard.setBoard'; patch: Partial<PcbParams> }
  | { type: 'wizard.setPanel'; patch: Partial<PanelParams> }
  | { type: 'wizard.setStencil'; patch: Partial<StencilParams> }
  | { type: 'wizard.setMounting'; patch: Partial<MountingParams> }
  | { type: 'wizard.setOrder'; quantity?: number; urgency?: Urgency }
  | { type: 'wizard.setTitle'; title: string }
  | { type: 'wizard.pickBom'; kind: BomSummary['kind']; fileName: string; item: unknown }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.goTo'; step: WizardStepId }
  | { type: 'wizard.save'; status: SaveStatus }
  | { type: 'wizard.restart' };

export interface UploadFilesInput {
  clientId: number | null;
  name: string;
  items: readonly unknown[];
  projectId: number | null;
}
export interface WatchProcessingInput {
  uploadId: string;
}
export interface LayerOverrideInput {
  id: string;
  type: LayerType | null;
  side: LayerSide | null;
  hidden: boolean;
  order: number;
}
export interface ApplyLayersInput {
  uploadId: string;
  files: LayerOverrideInput[];
}
export interface ReadBomInput {
  kind: BomSummary['kind'];
  fileName: string;
  item: unknown;
}
export interface SaveProjectInput {
  projectId: number | null;
  body: SaveProjectRequest;
}
