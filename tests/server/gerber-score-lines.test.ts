import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusBoard } from '../../scripts/gerber-corpus';
import { boardEdge } from '../../server/gerber/board-edge';
import { edgeIndex } from '../../server/gerber/dfm/edges';
import type { Line } from '../../server/gerber/geometry';
import { boardHoles } from '../../server/gerber/holes';
import { identifyFiles } from '../../server/gerber/identify';
import { analyseFiles, unpackUpload, type SourceFile } from '../../server/gerber/pipeline';
import { boardUnits, readFile } from '../../server/gerber/read-file';
import { scoreLinesOf } from '../../server/gerber/score-lines';
import { contentFormat } from '../../server/gerber/sniff';

/**
 * A panel's V-score lines on its outline layer, as KiKit draws them — straight across the panel, 3 mm past
 * its frame at both ends, a 'V-CUT' label beyond. A 2 × 2 panel of 40 × 30 mm boards, four layers; in each board a
 * pour of the first inner layer comes to 0.001 mm from a score line (the miss the issue found on a real KiKit panel),
 * the second inner layer stays 1 mm back from every edge.
 */
const coord = (value: number) => String(Math.round(value * 1e6));
const xy = (x: number, y: number) => `X${coord(x)}Y${coord(y)}`;
const line = (x1: number, y1: number, x2: number, y2: number) => `${xy(x1, y1)}D02*\n${xy(x2, y2)}D01*\n`;
const gerber = (fileFunction: string, apertures: string, body: string) =>
  `%TF.FileFunction,${fileFunction}*%\n%FSLAX46Y46*%\n%MOMM*%\n%LPD*%\nG01*\n${apertures}${body}M02*\n`;
const rectangle = (x1: number, y1: number, x2: number, y2: number) =>
  `G36*\n${xy(x1, y1)}D02*\n${xy(x2, y1)}D01*\n${xy(x2, y2)}D01*\n${xy(x1, y2)}D01*\n${xy(x1, y1)}D01*\nG37*\n`;

const CELLS = [[0, 0], [40, 0], [0, 30], [40, 30]] as const;
/** Two holes in each board, with their pads. */
const HOLES = CELLS.flatMap(([x, y]) => [[x + 10, y + 15], [x + 30, y + 15]] as const);

/** Each board poured whole, 1 mm back from the frame and the score lines. */
const clearPours = CELLS.map(([x, y]) => rectangle(x + 1, y + 1, x + 39, y + 29)).join('');
/** In each board a pour 0.001 mm from one score line, far from the other boards' pours: where each comes near it. */
const NEAR_SCORE = [
  { pour: [1, 1, 39.999, 10], x: 39.999, y: [1, 10] },
  { pour: [50, 1, 79, 29.999], x: [50, 79], y: 29.999 },
  { pour: [1, 30.001, 30, 59], x: [1, 30], y: 30.001 },
  { pour: [40.001, 50, 79, 59], x: 40.001, y: [50, 59] },
] as const;
const nearPours = NEAR_SCORE.map(({ pour: [x1, y1, x2, y2] }) => rectangle(x1, y1, x2, y2)).join('');

function panel(): SourceFile[] {
  const pads = `%ADD10C,1.600*%\nD10*\n${HOLES.map(([x, y]) => `${xy(x, y)}D03*\n`).join('')}`;
  const frame = line(0, 0, 80, 0) + line(80, 0, 80, 60) + line(80, 60, 0, 60) + line(0, 60, 0, 0);
  const scores = line(40, -3, 40, 63) + line(-3, 30, 83, 30);
  // 'V-CUT' beside the line's end, as a few strokes of text.
  const label = line(39, 64, 39.5, 66) + line(39.5, 66, 40, 64) + line(40.5, 64, 41.5, 64);
  const files: Record<string, string> = {
    'panel-F_Cu.gbr': gerber('Copper,L1,Top', '', pads),
    'panel-In1_Cu.gbr': gerber('Copper,L2,Inr', '', nearPours),
    'panel-In2_Cu.gbr': gerber('Copper,L3,Inr', '', clearPours),
    'panel-B_Cu.gbr': gerber('Copper,L4,Bot', '', pads),
    'panel-F_Mask.gbr': gerber('Soldermask,Top', '', pads),
    'panel-B_Mask.gbr': gerber('Soldermask,Bot', '', pads),
    'panel-Edge_Cuts.gbr': gerber('Profile,NP', '%ADD10C,0.100*%\nD10*\n', frame + scores + label),
    'panel.drl':
      'M48\n; #@! TF.FileFunction,Plated,1,4,PTH\nMETRIC\nT1C0.800\n%\nG90\nG05\nT1\n' +
      `${HOLES.map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`).join('\n')}\nT0\nM30\n`,
  };
  return Object.entries(files).map(([name, content], index) => ({ id: `f${index + 1}`, name, content: strToU8(content) }));
}

/** The board edge the pipeline finds, from the same reading and identification as an upload's. */
function edgeOf(sources: SourceFile[]) {
  const drill = (source: SourceFile) => contentFormat(source.content) === 'drill';
  const gerbers = sources.filter((source) => !drill(source)).map((source) => readFile(source, {}));
  const drills = sources.filter(drill).map((source) => readFile(source, { units: boardUnits(gerbers) }));
  const read = [...gerbers, ...drills];
  const holes = read.flatMap((file) => file.excellon?.holes.map((hole): [number, number] => [hole.x, hole.y]) ?? []);
  const files = identifyFiles(read, null, { holes }).map((file) => ({ file, error: null }));
  return boardEdge(files, boardHoles(files));
}

const rounded = (lines: Line[]) => lines.map(({ from, to }) => [from, to].map((point) => point.map((value) => Math.round(value * 1000) / 1000)));

describe('a panel with V-score lines on its outline layer', () => {
  it('is as large as its frame, and lists its score lines across the frame', () => {
    const edge = edgeOf(panel());
    expect(edge?.box).toEqual([0, 0, 80, 60]);
    expect(rounded(edge?.scoreLines ?? [])).toEqual([[[0, 30], [80, 30]], [[40, 0], [40, 60]]]);
  });

  it('measures the copper of every board against the score lines, on the inner layer that comes 0.001 mm from them', async () => {
    const result = await analyseFiles(panel(), null, () => undefined);
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([80, 60]);
    const toEdge = result.dfm.places.filter((place) => place.rule === 'copperToEdge');
    const inner = result.files.find((file) => file.name === 'panel-In1_Cu.gbr')?.id;
    const within = (value: number, at: number | readonly [number, number]) =>
      (typeof at === 'number' ? Math.abs(value - at) <= 0.0005 : value >= at[0] - 0.1 && value <= at[1] + 0.1);
    // Every board's pour, on both sides of each score line, at the rim that nears it, and nothing else.
    expect(toEdge).toHaveLength(NEAR_SCORE.length);
    for (const near of NEAR_SCORE) {
      const found = toEdge.filter((place) => within(place.at?.x ?? NaN, near.x) && within(place.at?.y ?? NaN, near.y));
      expect(found.map((place) => [place.fileId, place.valueMm]), JSON.stringify(near)).toEqual([[inner, 0.001]]);
    }
  });
});

describe('SparkFun\'s Eagle panel of the corpus (25 boards, V-scored, rails drawn as rectangles of their own)', () => {
  let edge: ReturnType<typeof edgeOf>;
  beforeAll(() => {
    const board = corpusBoard('eagle9-2l-sparkfun-panel-zip');
    edge = edgeOf(unpackUpload(board.upload, board.uploadName));
  });

  it('lists its V-scores, the rails\' scored sides among them, and keeps the frame\'s size', () => {
    expect(edge?.box).toEqual([-6.858, -6.858, 135.89, 72.39]);
    const at = (horizontal: boolean) => (edge?.scoreLines ?? []).filter((line) => (line.from[1] === line.to[1]) === horizontal)
      .map((line) => Math.round((horizontal ? line.from[1] : line.from[0]) * 1000) / 1000);
    expect(at(false)).toEqual([-0.254, 25.654, 51.562, 77.47, 103.378, 129.286]);
    expect(at(true).sort((a, b) => a - b)).toEqual([-0.508, -0.254, 12.954, 26.162, 39.37, 52.578, 65.786, 66.04]);
  });

  it('has every board of the panel inside it for copper-to-edge, whichever column it is in', () => {
    const inside = edgeIndex(edge).inside;
    const centres = [12.7, 38.6, 64.5, 90.4, 116.3].flatMap((x) => [6.35, 32.3, 58.7].map((y) => inside(x, y)));
    expect(centres.every(Boolean)).toBe(true);
    expect([inside(140, 30), inside(60, 75)]).toEqual([false, false]);
  });
});

describe('which lines of an outline are score lines', () => {
  const frame: [number, number, number, number] = [0, 0, 100, 50];
  const of = (...lines: [number, number, number, number][]) =>
    rounded(scoreLinesOf(lines.map(([x1, y1, x2, y2]) => ({ from: [x1, y1], to: [x2, y2] })), frame));

  it('takes a straight line from one side of the frame to the other, whether it stops at the frame or runs past it', () => {
    expect(of([50, 0, 50, 50], [-5, 20, 105, 20])).toEqual([[[0, 20], [100, 20]], [[50, 0], [50, 50]]]);
  });

  it('takes a line drawn in pieces that continue each other as one', () => {
    expect(of([30, -2, 30, 20], [30, 20, 30, 52])).toEqual([[[30, 0], [30, 50]]]);
  });

  it('leaves the frame\'s own sides, a line that stops short of a side, and a slanted line', () => {
    expect(of([0, 0, 100, 0], [100, 0, 100, 50], [60, 0, 60, 45], [10, 0, 20, 50])).toEqual([]);
  });

  it('takes a hatch drawn across the frame for a drawing, not for hundreds of score lines', () => {
    const hatch = Array.from({ length: 240 }, (_, index): [number, number, number, number] => [0, 0.2 * (index + 1), 100, 0.2 * (index + 1)]);
    expect(of(...hatch)).toEqual([]);
  });
});
