import pcbStackup from '@pcb-portal/pcb-stackup';
import { layerSvg, readGerber } from './gerber-read';
import type { Line, Point, Units } from './geometry';
import { outerBoundary } from './outer-boundary';
import { visible, type AnalysedFile } from './analysed';
import type { BoardEdge } from './board-edge';

/** Each layer alone is drawn in `currentColor`; this colour makes it read as its layer in an <img>. */
const LAYER_COLORS: Record<string, string> = {
  copper: '#b87333', soldermask: '#1b5e20', silkscreen: '#37474f', solderpaste: '#78909c',
  drill: '#000000', outline: '#000000', drawing: '#3949ab',
};

export interface Render { name: string; svg: string }

/** The layer of every visible file that was read, each alone, in its layer's colour ('layer-<fileId>'). */
export function renderLayers(files: AnalysedFile[]): Render[] {
  return visible(files).flatMap((entry) => {
    const reading = entry.file.read.gerber;
    if (!reading || entry.error === 'unparsable') return [];
    return [{ name: `layer-${entry.file.read.source.id}`, svg: layerSvg(reading, LAYER_COLORS[entry.file.type ?? ''] ?? '#616161') }];
  });
}

const STACKED = new Set(['copper', 'soldermask', 'silkscreen', 'solderpaste', 'drill']);
/**
 * The board's edge as a Gerber outline of its own, in the board's units: whatever file it came from (an outline full
 * of notes and V-score lines, a fabrication drawing, the Profile strokes of every layer), the pictures are cut to the
 * board alone.
 */
function edgeOutline(edges: Line[], units: Units) {
  const coordinate = (mm: number) => Math.round((units === 'in' ? mm / 25.4 : mm) * 1e6);
  const polygon = outerBoundary(edges);
  const at = ([x, y]: Point) => `X${coordinate(x)}Y${coordinate(y)}`;
  const lines = polygon.map((point, index) => `${at(point)}D0${index === 0 ? 2 : 1}*`);
  if (polygon[0]) lines.push(`${at(polygon[0])}D01*`);
  const text = [
    '%FSLAX46Y46*%',
    units === 'in' ? '%MOIN*%' : '%MOMM*%',
    `%ADD10C,${units === 'in' ? '0.0004' : '0.010'}*%`,
    'D10*',
    ...lines,
    'M02*',
  ].join('\n');
  const reading = readGerber(text, 'board-edge', { plotAsOutline: 0.02 });
  layerSvg(reading, '#000000'); // pcb-stackup reads the stage's layer, which its flush completes
  return reading.svg;
}

/**
 * Top and bottom views with pcb-stackup from the layers already drawn (it does not parse them again), clipped to the
 * board's edge when it closes. Call after renderLayers: the layers' stages must be flushed.
 */
export async function renderSides(files: AnalysedFile[], edge: BoardEdge | null, units: Units): Promise<{ top: string; bottom: string } | null> {
  const layers: pcbStackup.InputLayer[] = visible(files)
    .filter((entry) => entry.file.type !== null && STACKED.has(entry.file.type) && entry.error !== 'unparsable')
    .sort((a, b) => a.file.order - b.file.order)
    .flatMap(({ file }) => (file.read.gerber ? [{ filename: file.read.source.name, type: file.type, side: file.side, converter: file.read.gerber.svg }] : []));
  if (layers.length === 0) return null;
  if (edge && edge.edges.length > 0) layers.push({ filename: 'board-edge', type: 'outline', side: 'all', converter: edgeOutline(edge.edges, units) });
  const stackup = await pcbStackup(layers, { id: 'board' });
  return { top: stackup.top.svg, bottom: stackup.bottom.svg };
}
