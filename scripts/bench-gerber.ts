/**
 * `npm run bench:gerber`: how long the gateway takes to unpack and analyse each fixture board (and the generated
 * four-layer one), the median of three runs, and how much memory it takes meanwhile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { analyseFiles, unpackUpload, type ProcessingResult } from '../server/board-files/pipeline';
import { fourLayerBoardZip } from './four-layer-board';

const RUNS = 3;
const TARGET_MS = 2000;
const MB = 1024 * 1024;
const boardsDir = resolve(import.meta.dirname, '../node_modules/@tracespace/fixtures/boards');

interface Board { name: string; zip: Uint8Array }

function fixtureBoards(): Board[] {
  return readdirSync(boardsDir).sort().flatMap((name) => {
    let manifest: { layers: { name: string }[] };
    try {
      manifest = JSON.parse(readFileSync(join(boardsDir, name, 'manifest.json'), 'utf8')) as typeof manifest;
    } catch {
      return [];
    }
    const files = Object.fromEntries(manifest.layers.map((layer) => [layer.name, new Uint8Array(readFileSync(join(boardsDir, name, layer.name)))]));
    return [{ name, zip: zipSync(files) }];
  });
}

/** Samples the heap while the board is processed: the pipeline yields between files, so the timer gets its turns. */
function sampler() {
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 2);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peakHeap, process.memoryUsage().heapUsed);
    },
  };
}

async function runOnce(board: Board): Promise<{ ms: number; result: ProcessingResult }> {
  const started = performance.now();
  const files = unpackUpload(board.zip, `${board.name}.zip`);
  const result = await analyseFiles(files, null, () => undefined);
  return { ms: performance.now() - started, result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const pad = (value: string | number, width: number) => String(value).padEnd(width);
const padLeft = (value: string | number, width: number) => String(value).padStart(width);

async function main() {
  const boards = [...fixtureBoards(), { name: 'four-layer (generated)', zip: fourLayerBoardZip() }];
  const gc = (globalThis as { gc?: () => void }).gc;
  console.log(`Gerber processing: unpack + analyse, median of ${RUNS} runs; target < ${TARGET_MS / 1000} s for a typical two-layer board`);
  console.log(`Node ${process.version}, baseline RSS ${Math.round(process.memoryUsage().rss / MB)} MB${gc ? '' : ' (run with --expose-gc for per-board heap figures)'}\n`);
  console.log(`${pad('board', 24)}${pad('files', 7)}${pad('layers', 8)}${pad('size, mm', 16)}${padLeft('time, ms', 9)}${padLeft('heap peak, MB', 15)}${padLeft('RSS peak, MB', 14)}  target`);
  let slowestTwoLayer = 0;
  for (const board of boards) {
    gc?.();
    const memory = sampler();
    const runs: number[] = [];
    let last: ProcessingResult | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const { ms, result } = await runOnce(board);
      runs.push(ms);
      last = result;
    }
    const heapPeak = memory.stop();
    const time = median(runs);
    const measured = last?.measurements;
    const layers = measured?.layerCount ?? 0;
    if (layers <= 2) slowestTwoLayer = Math.max(slowestTwoLayer, time);
    const size = measured ? `${measured.widthMm} × ${measured.heightMm}` : '—';
    const verdict = layers <= 2 ? (time < TARGET_MS ? 'ok (< 2 s)' : 'MISSED (≥ 2 s)') : '';
    // maxRSS is the process's peak so far (kB): it only grows, so it reads as "the most any board needed".
    const rssPeak = process.resourceUsage().maxRSS / 1024;
    console.log(`${pad(board.name, 24)}${pad(last?.files.length ?? 0, 7)}${pad(layers, 8)}${pad(size, 16)}${padLeft(Math.round(time), 9)}${padLeft(Math.round(heapPeak / MB), 15)}${padLeft(Math.round(rssPeak), 14)}  ${verdict}`);
  }
  console.log('\nRSS peak: the process\'s peak resident memory so far (it only grows), the baseline included.');
  console.log(`Slowest two-layer board: ${Math.round(slowestTwoLayer)} ms (target < ${TARGET_MS} ms): ${slowestTwoLayer < TARGET_MS ? 'met' : 'MISSED'}`);
}

await main();
