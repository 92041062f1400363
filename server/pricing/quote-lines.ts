import { hasEdgeConnector, type MountingParams, type ProjectParams, type StencilParams } from '../../src/contract/board';
import { panelSizeMm } from '../../src/contract/board-checks';
import type { PriceTable } from './price-table';

/** Codes of the price lines; each has a text `pricing.lines.<code>` in both locales. */
export const PRICE_LINE_CODES = [
  'setup', 'boards', 'panels', 'material', 'thickness', 'copper', 'finish', 'maskColor', 'fineFeatures', 'edgeConnector',
  'panelFee', 'separation', 'fiducials', 'stencil', 'stencilSides', 'stencilThickness',
  'mountingSetup', 'smd', 'tht', 'twoSided', 'urgency',
] as const;
export type PriceLineCode = (typeof PRICE_LINE_CODES)[number];

/** A line before rounding; `detail` holds numbers only, so it reads the same in both languages. */
export interface RawLine { code: PriceLineCode; amount: number; detail: string }

/** Kopecks, half away from zero; the tiny bias keeps 0.125 from landing on 0.12 through binary noise. */
export const roundKopecks = (value: number): number => Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7) / 100;
const num = (value: number) => String(roundKopecks(value));

/**
 * Each multiplier other than 1 becomes its own line: what it adds to the amount so far. Taken in a fixed order,
 * the lines add up to base × every multiplier exactly.
 */
function multiplierLines(base: number, multipliers: [PriceLineCode, number][]): RawLine[] {
  const lines: RawLine[] = [];
  let running = base;
  for (const [code, factor] of multipliers) {
    if (factor === 1) continue;
    lines.push({ code, amount: running * (factor - 1), detail: `×${factor}` });
    running *= factor;
  }
  return lines;
}

/** The option multipliers of a board, in the order of docs/pricing.md. */
export function boardMultipliers(params: ProjectParams, table: PriceTable): [PriceLineCode, number][] {
  const b = params.board;
  const t = table.pcb;
  const fine = b.minTrackMm < t.fineFeatures.trackBelowMm || b.minHoleMm < t.fineFeatures.holeBelowMm;
  return [
    ['material', t.material[b.material]],
    ['thickness', t.thickness[`${b.thicknessMm}`]],
    ['copper', t.copper[`${b.copperUm}`]],
    ['finish', t.finish[b.finish]],
    ['maskColor', t.maskColor[b.maskColor]],
    ['fineFeatures', fine ? t.fineFeatures.multiplier : 1],
  ];
}

/** Loose boards (pcb, module) or whole panels: set-up, area charge, option multipliers, panel fees. */
export function boardLines(params: ProjectParams, table: PriceTable): RawLine[] {
  const t = table.pcb;
  const layers = `${params.board.layers}` as const;
  const panel = params.productType === 'panel' ? params.panel : null;
  const size = panel ? panelSizeMm(params.board, panel) : params.board;
  const areaDm2 = (size.widthMm * size.heightMm) / 10_000;
  const perItem = Math.max(areaDm2 * t.ratePerDm2ByLayers[layers], t.minBoardCharge);
  const count = params.quantity;
  const base = perItem * count;
  const lines: RawLine[] = [
    { code: 'setup', amount: t.setupByLayers[layers], detail: `${params.board.layers}` },
    { code: panel ? 'panels' : 'boards', amount: base, detail: `${count} × ${num(perItem)}` },
    ...multiplierLines(base, boardMultipliers(params, table)),
  ];
  if (hasEdgeConnector(params.board)) {
    // Every board is bevelled and plated, a panel's boards too; the option multipliers price the laminate, not this.
    const boards = panel ? count * panel.columns * panel.rows : count;
    const { setup, perBoard } = t.edgeConnector;
    lines.push({ code: 'edgeConnector', amount: setup + perBoard * boards, detail: `${num(setup)} + ${boards} × ${num(perBoard)}` });
  }
  if (panel) {
    const p = table.panel;
    const separation = panel.separation === 'vcut' ? p.vcutPerPanel : p.tabPerPanel;
    lines.push(
      { code: 'panelFee', amount: p.perPanel * count, detail: `${count} × ${num(p.perPanel)}` },
      { code: 'separation', amount: separation * count, detail: `${count} × ${num(separation)}` },
    );
    if (panel.fiducials) {
      lines.push({ code: 'fiducials', amount: p.fiducialsPerPanel * count, detail: `${count} × ${num(p.fiducialsPerPanel)}` });
    }
  }
  return lines;
}

/** The price of the smallest size class that holds the stencil's longer side. */
export function stencilClassPrice(stencil: StencilParams, table: PriceTable): number {
  const side = Math.max(stencil.widthMm, stencil.heightMm);
  const sizeClass = table.stencil.sizeClasses.find((item) => side <= item.maxSideMm);
  // The table is validated to cover the largest stencil the contract accepts.
  if (!sizeClass) throw new Error(`no stencil size class holds ${side} mm`);
  return sizeClass.price;
}

export function stencilLines(stencil: StencilParams, quantity: number, table: PriceTable): RawLine[] {
  const t = table.stencil;
  const classPrice = stencilClassPrice(stencil, table);
  const sides = stencil.sides === 'both' ? 2 : 1;
  const base = classPrice * quantity;
  const sideAmount = t.perSide * sides * quantity;
  return [
    { code: 'stencil', amount: base, detail: `${quantity} × ${num(classPrice)}` },
    { code: 'stencilSides', amount: sideAmount, detail: `${quantity} × ${sides} × ${num(t.perSide)}` },
    ...multiplierLines(base + sideAmount, [['stencilThickness', t.thickness[`${stencil.thicknessMm}`]]]),
  ];
}

export function mountingLines(mounting: MountingParams, quantity: number, table: PriceTable): RawLine[] {
  const t = table.mounting;
  const smd = t.perSmd * mounting.smd * quantity;
  const tht = t.perTht * mounting.tht * quantity;
  const lines: RawLine[] = [
    {
      code: 'mountingSetup', amount: t.setupBase + t.setupPerUniquePart * mounting.uniqueParts,
      detail: `${num(t.setupBase)} + ${mounting.uniqueParts} × ${num(t.setupPerUniquePart)}`,
    },
  ];
  if (mounting.smd > 0) lines.push({ code: 'smd', amount: smd, detail: `${quantity} × ${mounting.smd} × ${num(t.perSmd)}` });
  if (mounting.tht > 0) lines.push({ code: 'tht', amount: tht, detail: `${quantity} × ${mounting.tht} × ${num(t.perTht)}` });
  if (mounting.sides === 2) lines.push(...multiplierLines(smd + tht, [['twoSided', t.twoSidedMultiplier]]));
  return lines;
}
