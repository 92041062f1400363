import { LIMITS } from '../../src/contract/board';
import type { BoardAlert, BoardMeasurements } from '../../src/contract/board-files';
import { copperFiles, visible, type AnalysedFile } from './analysed';
import type { BoardEdge } from './board-edge';
import { layerConflicts } from './layer-check';

const alert = (code: BoardAlert['code'], level: BoardAlert['level'], fileId: string | null = null): BoardAlert =>
  ({ code, level, fileId });

/**
 * Whether the copper files make a board that can be built: a layer number in the X2 attributes beyond the files at
 * hand, inner layers without both outer ones, an odd count above two, two files on one side. Drill spans are
 * layer-check.ts's.
 */
function layerCountDoubtful(files: AnalysedFile[]): boolean {
  const copper = copperFiles(files);
  const count = copper.length;
  if (count === 0) return false;
  const sides = (side: string) => copper.filter((entry) => entry.file.side === side).length;
  const inner = sides('inner');
  if (sides('top') > 1 || sides('bottom') > 1) return true;
  if (inner > 0 && (sides('top') !== 1 || sides('bottom') !== 1)) return true;
  if (count > 2 && count % 2 === 1) return true;
  const x2Numbers = copper.map((entry) => entry.file.copperNumber).filter((number) => number !== null);
  if (x2Numbers.some((number) => number > count)) return true;
  // The bottom layer's number is the layer count: Copper,L4,Bot beside two copper files is a four-layer board.
  if (copper.some((entry) => entry.file.side === 'bottom' && entry.file.copperNumber !== null && entry.file.copperNumber !== count)) {
    return true;
  }
  return false;
}

/** What is missing or doubtful, the worst first. */
export function checkBoard(files: AnalysedFile[], measurements: BoardMeasurements | null, edge: BoardEdge | null): BoardAlert[] {
  const shown = visible(files);
  const alerts: BoardAlert[] = [];
  if (copperFiles(files).length === 0) alerts.push(alert('noCopper', 'error'));
  for (const entry of shown) {
    if (entry.error === 'unparsable') alerts.push(alert('fileFailed', 'error', entry.file.read.source.id));
    if (entry.error === 'geometryOutOfRange') alerts.push(alert('fileOutOfRange', 'error', entry.file.read.source.id));
  }
  if (!edge || edge.source === 'extent') alerts.push(alert('noOutline', 'warning'));
  else if (edge.source === 'layers') alerts.push(alert('outlineFromLayers', 'warning', edge.fileId));
  else if (!edge.closed) alerts.push(alert('outlineOpen', 'warning', edge.fileId));
  if (!shown.some((entry) => entry.file.type === 'drill')) alerts.push(alert('noDrill', 'warning'));
  if (layerCountDoubtful(files)) alerts.push(alert('layerCountMismatch', 'warning'));
  // Sides that contradict each other, drill spans that do not fit: each names the file to look at first.
  for (const conflict of layerConflicts(files.map((entry) => entry.file))) alerts.push(alert(conflict.code, 'warning', conflict.fileIds.at(-1) ?? null));
  if (measurements?.smallestHoleMm != null && measurements.smallestHoleMm < LIMITS.minHoleMm.min) {
    alerts.push(alert('smallHole', 'warning'));
  }
  for (const entry of shown) {
    if (entry.error === 'unknownType') alerts.push(alert('unknownFiles', 'info', entry.file.read.source.id));
  }
  return alerts;
}
