import type { PcbParams } from '../contract/board';
import type { BoardFile } from '../contract/board-files';
import { standardStackupOf, type PrepregStyle, type StackDielectric } from '../contract/stackups';

export type StackKind = 'silk' | 'mask' | 'copper' | 'prepreg' | 'core';

export interface StackRow {
  kind: StackKind;
  side: 'top' | 'bottom' | 'inner' | null;
  /** 1-based copper layer number; null for the others. */
  copper: number | null;
  thicknessMm: number;
  /** A prepreg's glass styles, outside in; empty for the others. */
  sheets: readonly PrepregStyle[];
  /** The file drawn on this layer, when the files have one. */
  fileName: string | null;
}

/** The dielectric between an outer copper layer and the plane next to it: what its tracks' impedance depends on. */
export interface ReferenceHeight {
  copper: number;
  reference: number;
  heightMm: number;
}

export interface Stackup {
  rows: StackRow[];
  /** Mirror-equal about the middle: it keeps a board flat through the press and the reflow oven. */
  symmetric: boolean;
  /** Copper layers the (used) files carry; null without files. */
  copperInFiles: number | null;
  /** The line's standard stack-up it is (docs/stackups.md); null: none for this build, the engineer chooses one. */
  standard: { code: string; material: string } | null;
  referenceHeights: ReferenceHeight[];
}

/** Typical heights of the finishing layers; they sit on top of the board's nominal thickness. */
const SILK_MM = 0.015;
const MASK_MM = 0.02;
/** Inner copper of a build the table lacks: 1 oz whatever the outer copper is (docs/decisions.md "Stack-up"). */
const INNER_COPPER_MM = 0.035;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function copperFiles(files: readonly BoardFile[]) {
  const used = files.filter((file) => file.type === 'copper' && !file.hidden && !file.error);
  return {
    top: used.find((file) => file.side === 'top')?.name ?? null,
    bottom: used.find((file) => file.side === 'bottom')?.name ?? null,
    inner: used.filter((file) => file.side === 'inner').map((file) => file.name),
    count: used.length,
  };
}

/**
 * The dielectrics between copper layers, top to bottom, and the inner copper. A build of the standard table is
 * pressed as the table says; one or two layers are a core that takes what the copper leaves of the thickness; any
 * other build is drawn as an even split, prepreg and core alternating from the outside in, until an engineer picks it.
 */
function dielectricsOf(board: PcbParams, outerMm: number) {
  const n = board.layers;
  const standard = standardStackupOf(n, board.thicknessMm);
  if (standard) return { standard, innerMm: standard.innerCopperMm, dielectrics: standard.dielectrics };
  const copperMm = Math.min(n, 2) * outerMm + Math.max(0, n - 2) * INNER_COPPER_MM;
  const count = Math.max(1, n - 1);
  const thicknessMm = round4(Math.max(0, board.thicknessMm - copperMm) / count);
  const dielectrics: StackDielectric[] = Array.from({ length: count }, (_, index) => ({
    kind: n <= 2 || index % 2 === 1 ? 'core' : 'prepreg', thicknessMm, sheets: [],
  }));
  return { standard: null, innerMm: INNER_COPPER_MM, dielectrics };
}

/** The board's cross-section from the top: silkscreen, mask, copper and the dielectric between copper layers. */
export function stackupOf(board: PcbParams, files: readonly BoardFile[] = []): Stackup {
  const n = board.layers;
  const outer = board.copperUm / 1000;
  const found = copperFiles(files);
  const { standard, innerMm, dielectrics } = dielectricsOf(board, outer);
  const copperMm = (index: number) => (index === 0 || index === n - 1 ? outer : innerMm);
  const mask = board.maskColor !== 'none';
  const silk = board.silkColor !== 'none';
  const twoSided = n >= 2;

  const rows: StackRow[] = [];
  const finish = (side: 'top' | 'bottom') => {
    const layers: StackRow[] = [];
    if (silk) layers.push({ kind: 'silk', side, copper: null, thicknessMm: SILK_MM, sheets: [], fileName: null });
    if (mask) layers.push({ kind: 'mask', side, copper: null, thicknessMm: MASK_MM, sheets: [], fileName: null });
    return side === 'top' ? layers : layers.reverse();
  };
  rows.push(...finish('top'));
  let inner = 0;
  for (let index = 0; index < n; index += 1) {
    const side = index === 0 ? 'top' : index === n - 1 ? 'bottom' : 'inner';
    const fileName = side === 'top' ? found.top : side === 'bottom' ? found.bottom : found.inner[inner++] ?? null;
    rows.push({ kind: 'copper', side, copper: index + 1, thicknessMm: copperMm(index), sheets: [], fileName });
    const dielectric = dielectrics[index];
    if (dielectric && (index < n - 1 || !twoSided)) {
      rows.push({ kind: dielectric.kind, side: null, copper: null, thicknessMm: dielectric.thicknessMm, sheets: dielectric.sheets, fileName: null });
    }
  }
  if (twoSided) rows.push(...finish('bottom'));

  const kinds = rows.map((row) => `${row.kind}:${row.thicknessMm}:${row.sheets.join('+')}`);
  const symmetric = twoSided && kinds.every((kind, index) => kind === kinds[kinds.length - 1 - index]);
  const first = dielectrics[0];
  const last = dielectrics[n - 2];
  const referenceHeights: ReferenceHeight[] = twoSided && first && last
    ? [{ copper: 1, reference: 2, heightMm: first.thicknessMm }, { copper: n, reference: n - 1, heightMm: last.thicknessMm }]
    : [];
  return {
    rows, symmetric, copperInFiles: files.length > 0 ? found.count : null,
    standard: standard ? { code: standard.code, material: standard.material } : null, referenceHeights,
  };
}
