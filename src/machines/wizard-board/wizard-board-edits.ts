import {
  DEFAULT_MOUNTING, DEFAULT_PANEL, DEFAULT_STENCIL, type MountingParams, type ProductType, type ProjectParams,
} from '../../contract/board';
import { paramsFromMeasurements, stencilSizeMm } from '../../contract/board-checks';
import type { BoardFile, BoardMeasurements } from '../../contract/board-files';
import type { BomSummary } from '../../contract/projects';
import { withParams } from './wizard-board-rules';
import type { WizardBoardContext, WizardBoardEvent } from './wizard-board-types';

// Pure edits of the board wizard's working copy: its parameters and its files, one function per kind of event.

/** Counts come from the BOM, the sides from the pick-and-place file when there is one. */
function mountingOf(bom: BomSummary | null, pnp: BomSummary | null, base: MountingParams): MountingParams {
  const counts = bom?.mounting ?? pnp?.mounting ?? base;
  return { ...counts, sides: pnp?.mounting.sides ?? counts.sides };
}

/** A BOM and a pick-and-place file may both be read; the mounting parameters follow when the product takes them. */
export function bomRead(context: WizardBoardContext, summary: BomSummary): Partial<WizardBoardContext> {
  const bom = summary.kind === 'bom' ? summary : context.bom;
  const pnp = summary.kind === 'pnp' ? summary : context.pnp;
  const { mounting } = context.params;
  return { bom, pnp, error: null, ...(mounting ? withParams({ ...context.params, mounting: mountingOf(bom, pnp, mounting) }, context.analysis) : {}) };
}

interface ProductSources {
  measurements: BoardMeasurements | null;
  bom: BomSummary | null;
  pnp: BomSummary | null;
}

/** Parts that do not apply to the product type are null; the ones that do keep their values or get defaults. */
function paramsForProductType(params: ProjectParams, productType: ProductType, sources: ProductSources): ProjectParams {
  const takesMounting = productType === 'mounting' || productType === 'module';
  const stencilOf = (): ProjectParams['stencil'] => {
    if (params.stencil) return params.stencil;
    if (sources.measurements) {
      return paramsFromMeasurements(sources.measurements, { ...params, productType: 'stencil', stencil: null }).stencil;
    }
    const size = stencilSizeMm(params.board.widthMm, params.board.heightMm, DEFAULT_STENCIL.frameMarginMm);
    return { ...DEFAULT_STENCIL, ...size };
  };
  const mounting = params.mounting ?? mountingOf(sources.bom, sources.pnp, DEFAULT_MOUNTING);
  return {
    ...params, productType,
    panel: productType === 'panel' ? (params.panel ?? { ...DEFAULT_PANEL }) : null,
    stencil: productType === 'stencil' ? stencilOf() : null,
    mounting: takesMounting ? mounting : null,
  };
}

/** Moves a file to another place in the build; `order` follows the index. */
function movedFiles(files: readonly BoardFile[], id: string, toIndex: number): BoardFile[] {
  const moving = files.find((file) => file.id === id);
  if (!moving) return [...files];
  const rest = files.filter((file) => file.id !== id);
  const at = Math.min(Math.max(0, Math.trunc(toIndex)), rest.length);
  return [...rest.slice(0, at), moving, ...rest.slice(at)].map((file, index) => ({ ...file, order: index }));
}

/** The parameters after an editing event; null for an event that does not edit them (or edits an absent part). */
export function paramsEdited(context: WizardBoardContext, event: WizardBoardEvent): ProjectParams | null {
  const { params } = context;
  switch (event.type) {
    case 'wizard.setBoard':
      return { ...params, board: { ...params.board, ...event.patch } };
    case 'wizard.setLayerCount':
      return { ...params, board: { ...params.board, layers: event.layers } };
    case 'wizard.setPanel':
      return params.panel ? { ...params, panel: { ...params.panel, ...event.patch } } : null;
    case 'wizard.setStencil':
      return params.stencil ? { ...params, stencil: { ...params.stencil, ...event.patch } } : null;
    case 'wizard.setMounting':
      return params.mounting ? { ...params, mounting: { ...params.mounting, ...event.patch } } : null;
    case 'wizard.setOrder':
      return { ...params, quantity: event.quantity ?? params.quantity, urgency: event.urgency ?? params.urgency };
    case 'wizard.setProductType': {
      const sources = { measurements: context.analysis?.measurements ?? null, bom: context.bom, pnp: context.pnp };
      return paramsForProductType(params, event.productType, sources);
    }
    default:
      return null;
  }
}

/** The working copy of the files after a layer correction: a type and side (the user's now), hidden, or moved. */
export function filesEdited(files: readonly BoardFile[], event: WizardBoardEvent): BoardFile[] {
  switch (event.type) {
    case 'wizard.setLayer':
      return files.map((file) => (file.id === event.id
        ? { ...file, type: event.layerType, side: event.side, identifiedBy: 'user' as const, needsCheck: false }
        : file));
    case 'wizard.toggleFile':
      return files.map((file) => (file.id === event.id ? { ...file, hidden: !file.hidden } : file));
    case 'wizard.moveFile':
      return movedFiles(files, event.id, event.toIndex);
    default:
      return [...files];
  }
}
