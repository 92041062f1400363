import type { PanelParams, PcbParams } from '../../../contract/board';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface PanelDrawing {
  width: number;
  height: number;
  boards: Rect[];
  rails: Rect[];
  fiducials: { x: number; y: number }[];
  vcuts: Line[];
  slots: Line[];
}

const FIDUCIAL_INSET_MM = 5;
const TAB_MM = 5;

function edges(start: number, size: number, count: number, spacing: number): number[] {
  const found = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    const from = start + index * (size + spacing);
    found.add(Number(from.toFixed(3)));
    found.add(Number((from + size).toFixed(3)));
  }
  return [...found];
}

/** One board edge as a routed slot, broken in the middle by a tab that holds the board until it is snapped out. */
function slotWithTab(from: Line): Line[] {
  const length = Math.hypot(from.x2 - from.x1, from.y2 - from.y1);
  const tab = Math.min(TAB_MM, length / 3);
  const cut = (length - tab) / 2 / length;
  const at = (share: number) => ({ x: from.x1 + (from.x2 - from.x1) * share, y: from.y1 + (from.y2 - from.y1) * share });
  const a = at(cut);
  const b = at(1 - cut);
  return [
    { x1: from.x1, y1: from.y1, x2: a.x, y2: a.y },
    { x1: b.x, y1: b.y, x2: from.x2, y2: from.y2 },
  ];
}

/**
 * Where everything of a panel lies, in mm. The outer size comes from the shared `panelSizeMm` (what the price
 * uses); whatever it adds around the boards is drawn as rails, split evenly between the opposite sides.
 */
export function panelDrawing(board: PcbParams, panel: PanelParams, size: { widthMm: number; heightMm: number }): PanelDrawing {
  const { widthMm: w, heightMm: h } = board;
  const gap = panel.spacingMm;
  const blockW = panel.columns * w + (panel.columns - 1) * gap;
  const blockH = panel.rows * h + (panel.rows - 1) * gap;
  const railX = Math.max(0, (size.widthMm - blockW) / 2);
  const railY = Math.max(0, (size.heightMm - blockH) / 2);
  const width = Math.max(size.widthMm, blockW);
  const height = Math.max(size.heightMm, blockH);

  const boards: Rect[] = [];
  for (let row = 0; row < panel.rows; row += 1) {
    for (let column = 0; column < panel.columns; column += 1) {
      boards.push({ x: railX + column * (w + gap), y: railY + row * (h + gap), width: w, height: h });
    }
  }
  const rails: Rect[] = [];
  if (railY > 0) rails.push({ x: 0, y: 0, width, height: railY }, { x: 0, y: height - railY, width, height: railY });
  if (railX > 0) rails.push({ x: 0, y: 0, width: railX, height }, { x: width - railX, y: 0, width: railX, height });

  const fiducials: { x: number; y: number }[] = [];
  if (panel.fiducials && (railX > 0 || railY > 0)) {
    // Three marks, not four: an asymmetric set tells the placement machine which way round the panel lies.
    if (railY >= railX) {
      const y1 = railY / 2;
      const y2 = height - railY / 2;
      fiducials.push({ x: FIDUCIAL_INSET_MM, y: y1 }, { x: width - FIDUCIAL_INSET_MM, y: y1 }, { x: FIDUCIAL_INSET_MM, y: y2 });
    } else {
      const x1 = railX / 2;
      const x2 = width - railX / 2;
      fiducials.push({ x: x1, y: FIDUCIAL_INSET_MM }, { x: x1, y: height - FIDUCIAL_INSET_MM }, { x: x2, y: FIDUCIAL_INSET_MM });
    }
  }

  const vcuts: Line[] = [];
  const slots: Line[] = [];
  if (panel.separation === 'vcut') {
    // A V-cut scores straight across the whole panel along every board edge.
    for (const x of edges(railX, w, panel.columns, gap)) vcuts.push({ x1: x, y1: 0, x2: x, y2: height });
    for (const y of edges(railY, h, panel.rows, gap)) vcuts.push({ x1: 0, y1: y, x2: width, y2: y });
  } else {
    const offset = Math.max(gap, 1) / 2;
    for (const rect of boards) {
      const left = rect.x - offset;
      const right = rect.x + rect.width + offset;
      const top = rect.y - offset;
      const bottom = rect.y + rect.height + offset;
      slots.push(
        ...slotWithTab({ x1: left, y1: top, x2: right, y2: top }),
        ...slotWithTab({ x1: right, y1: top, x2: right, y2: bottom }),
        ...slotWithTab({ x1: right, y1: bottom, x2: left, y2: bottom }),
        ...slotWithTab({ x1: left, y1: bottom, x2: left, y2: top }),
      );
    }
  }
  return { width, height, boards, rails, fiducials, vcuts, slots };
}
