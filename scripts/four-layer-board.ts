/**
 * A four-layer board written from scratch: KiCad-style names and Gerber X2 attributes, two inner copper planes,
 * masks, silkscreen, top paste, a rounded 80 × 60 mm outline and an Excellon drill file. The numbers a reader of
 * the files should find are exported beside it (FOUR_LAYER_BOARD), derived from the same data the files are.
 *
 * `npx tsx scripts/four-layer-board.ts out.zip` writes it as a zip, for uploading by hand.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';

export interface GeneratedFile { name: string; content: string }

const WIDTH = 80;
const HEIGHT = 60;
const CORNER = 3;

type Point = [number, number];

const mountingHoles: Point[] = [[4, 4], [WIDTH - 4, 4], [4, HEIGHT - 4], [WIDTH - 4, HEIGHT - 4]];
/** A 2 × 8 pin header on a 2.54 mm pitch. */
const headerPins: Point[] = Array.from({ length: 16 }, (_, index) => [20 + 2.54 * (index % 8), 50 + 2.54 * Math.floor(index / 8)]);
/** A 6 × 4 field of vias. */
const vias: Point[] = Array.from({ length: 24 }, (_, index) => [30 + 5 * (index % 6), 15 + 5 * Math.floor(index / 6)]);
/** An SO-8 footprint's pads: the board's only SMD pads, so the top paste is exactly these. */
const smdPads: Point[] = Array.from({ length: 8 }, (_, index) => [55 + 1.27 * (index % 4), 20 + 5.4 * Math.floor(index / 4)]);
const SMD_PAD: Point = [0.6, 1.5];

const DRILLS = [
  { tool: 1, diameterMm: 0.3, hits: vias },
  { tool: 2, diameterMm: 0.8, hits: headerPins },
  { tool: 3, diameterMm: 3.2, hits: mountingHoles },
];

function extent(points: Point[], [w, h]: Point): Point {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.max(...xs) - Math.min(...xs) + w, Math.max(...ys) - Math.min(...ys) + h];
}

const [pasteWidth, pasteHeight] = extent(smdPads, SMD_PAD);

/** What the files describe, for tests to compare with what a reader finds. */
export const FOUR_LAYER_BOARD = {
  widthMm: WIDTH,
  heightMm: HEIGHT,
  layerCount: 4,
  drillHits: DRILLS.reduce((sum, drill) => sum + drill.hits.length, 0),
  holeSizesMm: DRILLS.map((drill) => drill.diameterMm),
  smallestHoleMm: Math.min(...DRILLS.map((drill) => drill.diameterMm)),
  pasteWidthMm: Math.round(pasteWidth * 100) / 100,
  pasteHeightMm: Math.round(pasteHeight * 100) / 100,
} as const;

/** Format 4.6 in mm with leading zeros omitted: a coordinate is its value in nanometres. */
const coord = (value: number) => String(Math.round(value * 1e6));
const xy = ([x, y]: Point) => `X${coord(x)}Y${coord(y)}`;

function gerber(fileFunction: string, apertures: string[], body: string[]): string {
  return [
    '%TF.GenerationSoftware,PCB Portal,four-layer-board,1*%',
    `%TF.FileFunction,${fileFunction}*%`,
    '%FSLAX46Y46*%',
    '%MOMM*%',
    '%LPD*%',
    'G01*',
    ...apertures,
    ...body,
    'M02*',
    '',
  ].join('\n');
}

const flashes = (aperture: number, points: Point[]) => [`D${aperture}*`, ...points.map((point) => `${xy(point)}D03*`)];
const line = (from: Point, to: Point) => [`${xy(from)}D02*`, `${xy(to)}D01*`];
const region = (points: Point[]) => ['G36*', `${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`), 'G37*'];

function plane(inset: number): string[] {
  return region([[inset, inset], [WIDTH - inset, inset], [WIDTH - inset, HEIGHT - inset], [inset, HEIGHT - inset], [inset, inset]]);
}

function outline(): string[] {
  // Counter-clockwise with quarter-circle corners (G75 multi-quadrant arcs, centre given by I/J).
  const r = CORNER;
  const arc = (to: Point, i: number, j: number) => `${xy(to)}I${coord(i)}J${coord(j)}D01*`;
  return [
    'D10*', 'G75*', `${xy([r, 0])}D02*`,
    `${xy([WIDTH - r, 0])}D01*`, 'G03*', arc([WIDTH, r], 0, r), 'G01*',
    `${xy([WIDTH, HEIGHT - r])}D01*`, 'G03*', arc([WIDTH - r, HEIGHT], -r, 0), 'G01*',
    `${xy([r, HEIGHT])}D01*`, 'G03*', arc([0, HEIGHT - r], 0, -r), 'G01*',
    `${xy([0, r])}D01*`, 'G03*', arc([r, 0], r, 0), 'G01*',
  ];
}

function copper(fileFunction: string, top: boolean): string {
  const traces = headerPins.slice(0, 8).flatMap((pin, index) => line(pin, vias[index] ?? pin));
  return gerber(fileFunction, ['%ADD10C,0.250*%', '%ADD11C,1.700*%', '%ADD12C,0.600*%', '%ADD13R,0.600X1.500*%', '%ADD14C,6.000*%'], [
    'D10*', ...traces,
    ...flashes(11, headerPins), ...flashes(12, vias), ...flashes(14, mountingHoles),
    ...(top ? flashes(13, smdPads) : []),
  ]);
}

function innerPlane(fileFunction: string, inset: number): string {
  // A plane with clearances around the header pins (clear polarity), as CAD tools draw one.
  return gerber(fileFunction, ['%ADD10C,1.200*%'], [...plane(inset), '%LPC*%', ...flashes(10, headerPins), '%LPD*%']);
}

function mask(fileFunction: string, top: boolean): string {
  return gerber(fileFunction, ['%ADD10C,1.800*%', '%ADD11R,0.700X1.600*%', '%ADD12C,6.200*%'], [
    ...flashes(10, headerPins), ...flashes(12, mountingHoles), ...(top ? flashes(11, smdPads) : []),
  ]);
}

function drill(): string {
  const mm = (value: number) => value.toFixed(3);
  return [
    'M48',
    '; #@! TF.GenerationSoftware,PCB Portal,four-layer-board,1',
    '; #@! TF.FileFunction,Plated,1,4,PTH',
    'FMAT,2',
    'METRIC',
    ...DRILLS.map((entry) => `T${entry.tool}C${entry.diameterMm.toFixed(3)}`),
    '%',
    'G90',
    'G05',
    ...DRILLS.flatMap((entry) => [`T${entry.tool}`, ...entry.hits.map(([x, y]) => `X${mm(x)}Y${mm(y)}`)]),
    'T0',
    'M30',
    '',
  ].join('\n');
}

export function fourLayerBoard(): GeneratedFile[] {
  return [
    { name: 'board-F_Cu.gbr', content: copper('Copper,L1,Top', true) },
    { name: 'board-In1_Cu.gbr', content: innerPlane('Copper,L2,Inr', 1) },
    { name: 'board-In2_Cu.gbr', content: innerPlane('Copper,L3,Inr', 1.5) },
    { name: 'board-B_Cu.gbr', content: copper('Copper,L4,Bot', false) },
    { name: 'board-F_Mask.gbr', content: mask('Soldermask,Top', true) },
    { name: 'board-B_Mask.gbr', content: mask('Soldermask,Bot', false) },
    { name: 'board-F_SilkS.gbr', content: gerber('Legend,Top', ['%ADD10C,0.150*%'], ['D10*', ...line([18, 48], [39.8, 48]), ...line([39.8, 48], [39.8, 54.6]), ...line([39.8, 54.6], [18, 54.6]), ...line([18, 54.6], [18, 48])]) },
    { name: 'board-F_Paste.gbr', content: gerber('Paste,Top', ['%ADD10R,0.600X1.500*%'], flashes(10, smdPads)) },
    { name: 'board-Edge_Cuts.gbr', content: gerber('Profile,NP', ['%ADD10C,0.100*%'], outline()) },
    { name: 'board.drl', content: drill() },
  ];
}

/** The board as one zip, the way a customer uploads it. */
export function fourLayerBoardZip(): Uint8Array {
  return zipSync(Object.fromEntries(fourLayerBoard().map((file) => [`four-layer/${file.name}`, strToU8(file.content)])));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const target = process.argv[2] ?? 'four-layer-board.zip';
  writeFileSync(target, fourLayerBoardZip());
  console.log(`${target}: ${fourLayerBoard().length} files, ${FOUR_LAYER_BOARD.widthMm} × ${FOUR_LAYER_BOARD.heightMm} mm, 4 layers`);
}
