/**
 * The many-layer half of `npm run bench:gerber`'s DFM figures: the 8-layer target (DFM ≤ 3 s), and what
 * measuring the layers side by side could at best reach. Each copper layer of a board of six or more is measured
 * again alone, the board's other copper, mask and silk hidden: the slowest of them is a floor that no sharing of one
 * board's layers between cores goes under (its copper rules on one layer, in one thread).
 */
import { performance } from 'node:perf_hooks';
import type { BoardFile } from '../src/contract/board-files';
import { analyseBoard, analyseFiles, unpackUpload } from '../server/gerber/pipeline';
import type { BoardFigures } from './bench-gerber-boards';

const TARGET_MANY_LAYER_DFM_MS = 3000;
const MANY_LAYERS = 6;

/**
 * The DFM time of one copper layer measured alone: every other copper, mask and silk file hidden (as a customer hides
 * a layer), the rest identified as in the whole board, so the edge, units and holes stay the board's.
 */
async function aloneMs(figures: BoardFigures, identified: BoardFile[], copperId: string): Promise<number> {
  const surface = new Set(['copper', 'soldermask', 'silkscreen']);
  const overrides = identified.map((file) => ({
    id: file.id, type: file.type, side: file.side, order: file.order,
    hidden: file.hidden || (file.id !== copperId && file.type !== null && surface.has(file.type)),
  }));
  const files = unpackUpload(figures.board.upload, figures.board.uploadName);
  const started = performance.now();
  const result = await analyseFiles(files, overrides, () => undefined);
  return result.dfmMs ?? performance.now() - started;
}

export async function printLayerFloor(boards: readonly BoardFigures[]): Promise<void> {
  const many = boards.filter((figures) => (figures.measurements?.layerCount ?? 0) >= MANY_LAYERS && figures.dfm);
  if (many.length === 0) return;
  console.log(`\n4. Boards of ${MANY_LAYERS} layers or more: DFM against the target ≤ ${TARGET_MANY_LAYER_DFM_MS} ms, and each copper layer measured alone`);
  console.log('   (the other copper, mask and silk hidden, in this process): the slowest layer alone is the floor of measuring the layers side by side.\n');
  for (const figures of many) {
    // The layers as the whole board's analysis identifies them (its first stage only).
    const identified = (await analyseBoard(unpackUpload(figures.board.upload, figures.board.uploadName), null, () => undefined)).analysed.files;
    const copper = identified.filter((file) => file.type === 'copper');
    const alone: { name: string; ms: number }[] = [];
    for (const file of copper) alone.push({ name: file.name, ms: await aloneMs(figures, identified, file.id) });
    const slowest = alone.reduce((worst, each) => (each.ms > worst.ms ? each : worst), { name: '—', ms: 0 });
    const sum = alone.reduce((total, each) => total + each.ms, 0);
    const verdict = figures.dfmMs <= TARGET_MANY_LAYER_DFM_MS ? 'met' : 'MISSED';
    console.log(
      `${figures.board.name}: DFM ${Math.round(figures.dfmMs)} ms (${verdict}); ${copper.length} copper layers alone: ${Math.round(sum)} ms in all, ` +
        `slowest ${Math.round(slowest.ms)} ms (${slowest.name}); the whole board takes ${(figures.dfmMs / Math.max(1, slowest.ms)).toFixed(1)}× its slowest layer`,
    );
  }
}
