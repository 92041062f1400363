import type { BoardMeasurements } from '../../src/contract/board-files';
import { copperFiles, union, visible, type AnalysedFile } from './analysed';
import type { BoardEdge } from './board-edge';
import { roundDiameter } from './excellon';
import type { Box } from './geometry';
import type { BoardHoles } from './holes';

const round = (value: number) => Math.round(value * 1000) / 1000;

export function measureBoard(files: AnalysedFile[], holes: BoardHoles, edge: BoardEdge | null): BoardMeasurements | null {
  if (!edge) return null;
  const copper = copperFiles(files);
  const sizes = [...holes.holes.map((hole) => hole.diameterMm), ...holes.paths.map((path) => path.diameterMm)].filter((size) => size > 0);
  const holeSizesMm = [...new Set(sizes.map(roundDiameter))].sort((a, b) => a - b);
  const pasteBoxes = (side: 'top' | 'bottom') => visible(files)
    .filter((entry) => entry.file.type === 'solderpaste' && entry.file.side === side)
    .map((entry) => entry.file.read.gerber?.boxMm ?? null).filter((box) => box !== null);
  const top = pasteBoxes('top');
  const bottom = pasteBoxes('bottom');
  const paste = union([...top, ...bottom]);
  const width = (box: Box) => round(box[2] - box[0]);
  const height = (box: Box) => round(box[3] - box[1]);
  return {
    widthMm: width(edge.box),
    heightMm: height(edge.box),
    sizeFromOutline: edge.source !== 'extent',
    layerCount: copper.length,
    copperLayers: copper.map((entry) => entry.file.side === 'top' || entry.file.side === 'bottom' ? entry.file.side : 'inner'),
    drillHits: holes.holes.length + holes.paths.length,
    smallestHoleMm: holeSizesMm[0] ?? null,
    holeSizesMm,
    pasteTop: top.length > 0,
    pasteBottom: bottom.length > 0,
    pasteWidthMm: paste ? width(paste) : null,
    pasteHeightMm: paste ? height(paste) : null,
  };
}
