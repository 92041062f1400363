import pcbStackup from 'pcb-stackup';
import { MM_PER, plotLayer, type LayerPlot } from './convert';
import type { IdentifiedFile } from './identify';
import type { FileError, PlotSummary } from './measure';
import { hasEndMarker } from './sniff';

/** Each layer alone is drawn in `currentColor`; this colour makes it read as its layer in an <img>. */
const LAYER_COLORS: Record<string, string> = {
  copper: '#b87333', soldermask: '#1b5e20', silkscreen: '#37474f', solderpaste: '#78909c',
  drill: '#000000', outline: '#000000', drawing: '#3949ab',
};

const latin1 = new TextDecoder('latin1');

export interface PlottedFile { plot: LayerPlot | null; error: FileError | null }

/**
 * Parses and draws one file; a file that throws, or a Gerber file cut short (no M02), fails alone as
 * 'unparsable'. A file of unknown content is drawn only when the user gave it a type.
 */
export function plotFile(file: IdentifiedFile): PlottedFile {
  const unknownContent = file.format === 'unknown';
  if (file.hidden || (unknownContent && file.type === null)) {
    return { plot: null, error: unknownContent ? 'unknownType' : null };
  }
  let plot: LayerPlot;
  try {
    plot = plotLayer(latin1.decode(file.source.content), `l-${file.source.id}`, {
      outline: file.type === 'outline',
      color: LAYER_COLORS[file.type ?? ''] ?? '#616161',
    });
  } catch {
    return { plot: null, error: 'unparsable' };
  }
  // A drill file without M30 is accepted while it has holes: some CAM tools end it with nothing.
  const cutShort = !unknownContent && !hasEndMarker(file.source.content, file.format)
    && (file.format === 'gerber' || plot.flashes === 0);
  if (cutShort || (unknownContent && plot.empty)) return { plot: null, error: 'unparsable' };
  return { plot, error: file.type === null ? 'unknownType' : null };
}

export function summarise(plot: LayerPlot): PlotSummary {
  const { viewBox, units } = plot.converter;
  const scale = (MM_PER[units] ?? 25.4) / 1000;
  const [x = 0, y = 0, w = 0, h = 0] = viewBox;
  const drawn = !plot.empty && (w > 0 || h > 0);
  return {
    boxMm: drawn ? [x * scale, y * scale, (x + w) * scale, (y + h) * scale] : null,
    flashes: plot.flashes,
    toolDiametersMm: plot.toolDiametersMm,
    closed: plot.closed,
  };
}

const STACKED = new Set(['copper', 'soldermask', 'silkscreen', 'solderpaste', 'drill', 'outline']);

/** Top and bottom views with pcb-stackup, from the layers already drawn (it does not parse them again). */
export async function renderSides(files: { file: IdentifiedFile; plot: LayerPlot }[]): Promise<{ top: string; bottom: string } | null> {
  const layers = files
    .filter(({ file }) => file.type !== null && STACKED.has(file.type))
    .sort((a, b) => a.file.order - b.file.order)
    .map(({ file, plot }) => ({ filename: file.source.name, type: file.type, side: file.side, converter: plot.converter }));
  if (layers.length === 0) return null;
  const stackup = await pcbStackup(layers, { id: 'board' });
  return { top: stackup.top.svg, bottom: stackup.bottom.svg };
}
