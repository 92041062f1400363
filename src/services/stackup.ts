import type { PcbParams } from '../contract/board';
import type { BoardFile } from '../contract/board-files';

export type StackKind = 'silk' | 'mask' | 'copper' | 'prepreg' | 'core';

export interface StackRow {
  kind: StackKind;
  side: 'top' | 'bottom' | 'inner' | null;
  /** 1-based copper layer number; null for the others. */
  copper: number | null;
  thicknessMm: number;
  /** The file drawn on this layer, when the files have one. */
  fileName: string | null;
}

export interface Stackup {
  rows: StackRow[];
  /** Mirror-equal about the middle: it keeps a board flat through the press and the reflow oven. */
  symmetric: boolean;
  /** Copper layers the (used) files carry; null without files. */
  copperInFiles: number | null;
}

/** Typical heights of the finishing layers; they sit on top of the board's nominal thickness. */
const SILK_MM = 0.015;
const MASK_MM = 0.02;
/** Inner layers are 1 oz whatever the outer copper is (docs/decisions.md "Stack-up"). */
const INNER_COPPER_MM = 0.035;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

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
 * The board's cross-section from the top: silkscreen, mask, copper and the dielectric between copper layers. The
 * dielectric takes what the copper leaves of the nominal thickness, split evenly; on multilayer boards prepreg and
 * core alternate from the outside in, as a pressed stack-up does.
 */
export function stackupOf(board: PcbParams, files: readonly BoardFile[] = []): Stackup {
  const n = board.layers;
  const outer = board.copperUm / 1000;
  const found = copperFiles(files);
  const copperMm = (index: number) => (index === 0 || index === n - 1 ? outer : INNER_COPPER_MM);
  const totalCopper = Array.from({ length: n }, (_, index) => copperMm(index)).reduce((sum, mm) => sum + mm, 0);
  const dielectrics = Math.max(1, n - 1);
  const dielectricMm = round3(Math.max(0, board.thicknessMm - totalCopper) / dielectrics);
  const mask = board.maskColor !== 'none';
  const silk = board.silkColor !== 'none';
  const twoSided = n >= 2;

  const rows: StackRow[] = [];
  const finish = (side: 'top' | 'bottom') => {
    const layers: StackRow[] = [];
    if (silk) layers.push({ kind: 'silk', side, copper: null, thicknessMm: SILK_MM, fileName: null });
    if (mask) layers.push({ kind: 'mask', side, copper: null, thicknessMm: MASK_MM, fileName: null });
    return side === 'top' ? layers : layers.reverse();
  };
  rows.push(...finish('top'));
  let inner = 0;
  for (let index = 0; index < n; index += 1) {
    const side = index === 0 ? 'top' : index === n - 1 ? 'bottom' : 'inner';
    const fileName = side === 'top' ? found.top : side === 'bottom' ? found.bottom : found.inner[inner++] ?? null;
    rows.push({ kind: 'copper', side, copper: index + 1, thicknessMm: copperMm(index), fileName });
    if (index < n - 1) {
      const kind: StackKind = n <= 2 || index % 2 === 1 ? 'core' : 'prepreg';
      rows.push({ kind, side: null, copper: null, thicknessMm: dielectricMm, fileName: null });
    }
  }
  // A single-sided board is copper on a core: the core lies under its only copper layer.
  if (!twoSided) rows.push({ kind: 'core', side: null, copper: null, thicknessMm: dielectricMm, fileName: null });
  if (twoSided) rows.push(...finish('bottom'));

  const kinds = rows.map((row) => `${row.kind}:${row.thicknessMm}`);
  const symmetric = twoSided && kinds.every((kind, index) => kind === kinds[kinds.length - 1 - index]);
  return { rows, symmetric, copperInFiles: files.length > 0 ? found.count : null };
}
