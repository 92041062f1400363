import type { BoardMeasurements } from '../../src/contract/board-files';
import type { IdentifiedFile } from './identify';

/** What measuring needs of a plotted file, kept after its converter is dropped. */
export interface PlotSummary {
  /** Extent in mm: [minX, minY, maxX, maxY]; null when the file draws nothing. */
  boxMm: [number, number, number, number] | null;
  flashes: number;
  toolDiametersMm: number[];
  /** Outline only: whether its path closes. */
  closed: boolean | null;
}

export type FileError = 'unparsable' | 'unknownType';

export interface AnalysedFile {
  file: IdentifiedFile;
  plot: PlotSummary | null;
  error: FileError | null;
}

type Box = [number, number, number, number];

const round = (value: number) => Math.round(value * 100) / 100;

function union(boxes: (Box | null)[]): Box | null {
  return boxes.reduce<Box | null>((result, box) => {
    if (!box) return result;
    if (!result) return [...box];
    return [Math.min(result[0], box[0]), Math.min(result[1], box[1]), Math.max(result[2], box[2]), Math.max(result[3], box[3])];
  }, null);
}

const width = (box: Box) => round(box[2] - box[0]);
const height = (box: Box) => round(box[3] - box[1]);

/** Files that count: not hidden by the user. */
export function visible(files: AnalysedFile[]): AnalysedFile[] {
  return files.filter((entry) => !entry.file.hidden);
}

/** Copper layers in stack order: the board's layers whether or not each parsed (a failed one is still a layer). */
export function copperFiles(files: AnalysedFile[]): AnalysedFile[] {
  return visible(files).filter((entry) => entry.file.type === 'copper')
    .sort((a, b) => a.file.order - b.file.order);
}

function boxesOf(files: AnalysedFile[], accept: (file: IdentifiedFile) => boolean): (Box | null)[] {
  return visible(files).filter((entry) => accept(entry.file) && entry.plot).map((entry) => entry.plot?.boxMm ?? null);
}

/**
 * Board size from the outline's centre line; without an outline, the extent of everything that is a layer of the
 * board (drawings are left out: a fabrication drawing's frame is larger than the board). Null when nothing drew.
 */
export function measureBoard(files: AnalysedFile[]): BoardMeasurements | null {
  const outline = union(boxesOf(files, (file) => file.type === 'outline'));
  const extent = outline ?? union(boxesOf(files, (file) => file.type !== null && file.type !== 'drawing'));
  if (!extent) return null;

  const copper = copperFiles(files);
  const drills = visible(files).filter((entry) => entry.file.type === 'drill' && entry.plot);
  const holeSizesMm = [...new Set(drills.flatMap((entry) => entry.plot?.toolDiametersMm ?? []))].sort((a, b) => a - b);
  const pasteBoxes = (side: 'top' | 'bottom') => boxesOf(files, (file) => file.type === 'solderpaste' && file.side === side)
    .filter((box) => box !== null);
  const top = pasteBoxes('top');
  const bottom = pasteBoxes('bottom');
  const paste = union([...top, ...bottom]);

  return {
    widthMm: width(extent),
    heightMm: height(extent),
    sizeFromOutline: outline !== null,
    layerCount: copper.length,
    copperLayers: copper.map((entry) => entry.file.side === 'top' || entry.file.side === 'bottom' ? entry.file.side : 'inner'),
    drillHits: drills.reduce((sum, entry) => sum + (entry.plot?.flashes ?? 0), 0),
    smallestHoleMm: holeSizesMm[0] ?? null,
    holeSizesMm,
    pasteTop: top.length > 0,
    pasteBottom: bottom.length > 0,
    pasteWidthMm: paste ? width(paste) : null,
    pasteHeightMm: paste ? height(paste) : null,
  };
}
