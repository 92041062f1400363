import type { BoardAlert, BoardFile, BoardMeasurements } from '../../src/contract/board-files';
import { checkBoard } from './alerts';
import type { LayerPlot } from './convert';
import { identifyFiles, type IdentifiedFile, type LayerOverride } from './identify';
import { measureBoard, type AnalysedFile } from './measure';
import { plotFile, renderSides, summarise } from './render';
import type { SourceFile } from './unpack';

export { UploadRefused, type RefusalCode } from './refusal';
export { unpackUpload, type SourceFile } from './unpack';
export type { LayerOverride } from './identify';

export interface ProcessingResult {
  files: BoardFile[];
  measurements: BoardMeasurements | null;
  alerts: BoardAlert[];
  /** 'top', 'bottom', 'layer-<fileId>'. */
  renders: { name: string; svg: string }[];
}

export type AnalysisStep = 'identify' | 'render' | 'measure' | 'check';

/** Lets the event loop run between steps and files: progress messages go out, other requests are served. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function boardFile(entry: AnalysedFile): BoardFile {
  const { file } = entry;
  return {
    id: file.source.id,
    name: file.source.name,
    bytes: file.source.content.length,
    format: file.format,
    type: file.type,
    side: file.side,
    identifiedBy: file.identifiedBy,
    order: file.order,
    hidden: file.hidden,
    error: entry.error,
  };
}

/**
 * identify → render → measure → check. A file that fails alone gets its `error`, the rest go on. The parsed
 * layers (large) live only through the render step; what is returned is text and numbers.
 */
export async function analyseFiles(
  files: SourceFile[], overrides: LayerOverride[] | null, onStep: (step: AnalysisStep) => void,
): Promise<ProcessingResult> {
  onStep('identify');
  await breathe();
  const identified = identifyFiles(files, overrides);

  onStep('render');
  await breathe();
  const analysed: AnalysedFile[] = [];
  const drawn: { file: IdentifiedFile; plot: LayerPlot }[] = [];
  const renders: ProcessingResult['renders'] = [];
  for (const file of identified) {
    const { plot, error } = plotFile(file);
    analysed.push({ file, plot: plot ? summarise(plot) : null, error });
    if (plot) {
      drawn.push({ file, plot });
      renders.push({ name: `layer-${file.source.id}`, svg: plot.svg });
    }
    await breathe();
  }
  // Side views that cannot be built leave the layers alone and the measurements standing.
  const sides = await renderSides(drawn).catch(() => null);
  if (sides) renders.unshift({ name: 'top', svg: sides.top }, { name: 'bottom', svg: sides.bottom });
  drawn.length = 0;

  onStep('measure');
  await breathe();
  const measurements = measureBoard(analysed);

  onStep('check');
  await breathe();
  const alerts = checkBoard(analysed, measurements);

  return { files: analysed.map(boardFile), measurements, alerts, renders };
}
