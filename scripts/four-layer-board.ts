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
  // Corners cut at 45°: a square corner would come within 0.2 mm of the rounded outline (a copper-to-edge finding).
  // 2 mm: cut by the outline's 3 mm, the second plane's corner would run 0.19 mm into the mounting holes
  // (DFM measures the copper a hole stands in).
  const cut = 2;
  return region([
    [inset + cut, inset], [WIDTH - inset - cut, inset], [WIDTH - inset, inset + cut], [WIDTH - inset, HEIGHT - inset - cut],
    [WIDTH - inset - cut, HEIGHT - inset], [inset + cut, HEIGHT - inset], [inset, HEIGHT - inset - cut], [inset, inset + cut], [inset + cut, inset],
  ]);
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

/**
 * Known DFM violations, each drawn in the free strip left of the header, on the top side: a trace of a chosen width, a
 * pad with a chosen annular ring, a pad at a chosen distance from the left edge, two tracks from test pads at a chosen
 * spacing, a silkscreen line across a pad, two mask openings a chosen web apart, a slot of a chosen width. Each is its
 * own aperture, so a clean board keeps its files as they were.
 */
export interface Violations {
  traceWidthMm?: number;
  annularRingMm?: number;
  edgeClearanceMm?: number;
  trackSpacingMm?: number;
  silkOverPad?: boolean;
  /** The web of solder mask left between two round openings. */
  maskSliverMm?: number;
  /** The width of a G85 slot. */
  slotWidthMm?: number;
}

/** Where each violation is and what it measures, worked out from the same numbers the files are written from. */
export const VIOLATION_DRAWING = {
  trace: { from: [10, 12] as Point, to: [10, 18] as Point },
  ringHole: { at: [12, 22] as Point, diameterMm: 0.4 },
  edgePad: { y: 30, diameterMm: 1 },
  spacing: { end: [12, 44] as Point, widthMm: 0.25, fromX: 10, toX: 14 },
  silkPad: { at: [14, 30] as Point, diameterMm: 1, maskMm: 1.1, silkWidthMm: 0.15, silkOffsetMm: 0.2 },
  maskWeb: { at: [6, 36] as Point, openingMm: 1 },
  slot: { from: [6, 40] as Point, to: [7.5, 40] as Point },
};

export function expectedViolations(v: Violations): { rule: string; valueMm: number; at: Point }[] {
  const d = VIOLATION_DRAWING;
  const found: { rule: string; valueMm: number; at: Point }[] = [];
  if (v.traceWidthMm !== undefined) found.push({ rule: 'trackWidth', valueMm: v.traceWidthMm, at: [10, 15] });
  if (v.annularRingMm !== undefined) found.push({ rule: 'annularRing', valueMm: v.annularRingMm, at: d.ringHole.at });
  if (v.edgeClearanceMm !== undefined) found.push({ rule: 'copperToEdge', valueMm: v.edgeClearanceMm, at: [v.edgeClearanceMm, d.edgePad.y] });
  if (v.trackSpacingMm !== undefined) {
    found.push({ rule: 'trackSpacing', valueMm: v.trackSpacingMm, at: [d.spacing.end[0], d.spacing.end[1] + d.spacing.widthMm / 2 + v.trackSpacingMm / 2] });
  }
  if (v.silkOverPad) {
    // How far into the bare copper the silk reaches: from the pad's rim (the mask opening round it is bare laminate).
    const { at, diameterMm, silkWidthMm, silkOffsetMm } = d.silkPad;
    found.push({ rule: 'silkOverPad', valueMm: silkOffsetMm - silkWidthMm / 2 - diameterMm / 2, at: [at[0], at[1] + silkOffsetMm] });
  }
  if (v.maskSliverMm !== undefined) {
    const { at, openingMm } = d.maskWeb;
    found.push({ rule: 'maskSliver', valueMm: v.maskSliverMm, at: [at[0] + openingMm / 2 + v.maskSliverMm / 2, at[1]] });
  }
  // A slot's place is where it starts.
  if (v.slotWidthMm !== undefined) found.push({ rule: 'slotSize', valueMm: v.slotWidthMm, at: d.slot.from });
  return found;
}

const mmAperture = (code: number, diameter: number) => `%ADD${code}C,${diameter.toFixed(4)}*%`;

function violationCopper(v: Violations): { apertures: string[]; body: string[] } {
  const d = VIOLATION_DRAWING;
  const apertures: string[] = [];
  const body: string[] = [];
  if (v.traceWidthMm !== undefined) { apertures.push(mmAperture(20, v.traceWidthMm)); body.push('D20*', ...line(d.trace.from, d.trace.to)); }
  if (v.annularRingMm !== undefined) {
    apertures.push(mmAperture(21, d.ringHole.diameterMm + 2 * v.annularRingMm));
    body.push(...flashes(21, [d.ringHole.at]));
  }
  if (v.edgeClearanceMm !== undefined) {
    apertures.push(mmAperture(22, d.edgePad.diameterMm));
    body.push(...flashes(22, [[v.edgeClearanceMm + d.edgePad.diameterMm / 2, d.edgePad.y]]));
  }
  if (v.trackSpacingMm !== undefined) {
    const { end, widthMm, fromX, toX } = d.spacing;
    const y = end[1] + widthMm + v.trackSpacingMm;
    // Each track leaves a test pad (the spacing rule guards copper of a net, not floating copper).
    apertures.push(mmAperture(23, widthMm), mmAperture(25, 0.6));
    body.push('D23*', ...line([end[0], end[1] - 5], end), ...line([fromX, y], [toX, y]), ...flashes(25, [[end[0], end[1] - 5], [toX, y]]));
  }
  if (v.silkOverPad) { apertures.push(mmAperture(24, d.silkPad.diameterMm)); body.push(...flashes(24, [d.silkPad.at])); }
  return { apertures, body };
}

function copper(fileFunction: string, top: boolean, v: Violations = {}): string {
  // Straight down from the header's first row, clear of the vias (a trace across the via field passed within 0.04 mm of a via).
  const traces = headerPins.slice(0, 8).flatMap((pin) => line(pin, [pin[0], pin[1] - 10]));
  const extra = top ? violationCopper(v) : { apertures: [], body: [] };
  return gerber(fileFunction, ['%ADD10C,0.250*%', '%ADD11C,1.700*%', '%ADD12C,0.600*%', '%ADD13R,0.600X1.500*%', '%ADD14C,6.000*%', ...extra.apertures], [
    'D10*', ...traces,
    ...flashes(11, headerPins), ...flashes(12, vias), ...flashes(14, mountingHoles),
    ...(top ? flashes(13, smdPads) : []),
    ...extra.body,
  ]);
}

function innerPlane(fileFunction: string, inset: number): string {
  // A plane with clearances around the header pins (clear polarity), as CAD tools draw one.
  return gerber(fileFunction, ['%ADD10C,1.200*%'], [...plane(inset), '%LPC*%', ...flashes(10, headerPins), '%LPD*%']);
}

function mask(fileFunction: string, top: boolean, v: Violations = {}): string {
  const silkPad = top && v.silkOverPad;
  const web = top ? v.maskSliverMm : undefined;
  const { at, openingMm } = VIOLATION_DRAWING.maskWeb;
  return gerber(
    fileFunction,
    [
      '%ADD10C,1.800*%',
      '%ADD11R,0.700X1.600*%',
      '%ADD12C,6.200*%',
      ...(silkPad ? [mmAperture(20, VIOLATION_DRAWING.silkPad.maskMm)] : []),
      ...(web === undefined ? [] : [mmAperture(21, openingMm)]),
    ],
    [
      ...flashes(10, headerPins),
      ...flashes(12, mountingHoles),
      ...(top ? flashes(11, smdPads) : []),
      ...(silkPad ? flashes(20, [VIOLATION_DRAWING.silkPad.at]) : []),
      ...(web === undefined ? [] : flashes(21, [at, [at[0] + openingMm + web, at[1]]])),
    ],
  );
}

function silk(v: Violations): string {
  const { at, silkWidthMm, silkOffsetMm } = VIOLATION_DRAWING.silkPad;
  const across = v.silkOverPad ? ['D11*', ...line([at[0] - 1, at[1] + silkOffsetMm], [at[0] + 1, at[1] + silkOffsetMm])] : [];
  return gerber('Legend,Top', ['%ADD10C,0.150*%', ...(v.silkOverPad ? [mmAperture(11, silkWidthMm)] : [])], [
    'D10*', ...line([18, 48], [39.8, 48]), ...line([39.8, 48], [39.8, 54.6]), ...line([39.8, 54.6], [18, 54.6]), ...line([18, 54.6], [18, 48]),
    ...across,
  ]);
}

function drill(v: Violations = {}): string {
  const drills = v.annularRingMm === undefined ? DRILLS
    : [...DRILLS, { tool: 4, diameterMm: VIOLATION_DRAWING.ringHole.diameterMm, hits: [VIOLATION_DRAWING.ringHole.at] }];
  const mm = (value: number) => value.toFixed(3);
  const { from, to } = VIOLATION_DRAWING.slot;
  const slot = v.slotWidthMm === undefined ? [] : [`T5`, `X${mm(from[0])}Y${mm(from[1])}G85X${mm(to[0])}Y${mm(to[1])}`];
  return [
    'M48',
    '; #@! TF.GenerationSoftware,PCB Portal,four-layer-board,1',
    '; #@! TF.FileFunction,Plated,1,4,PTH',
    'FMAT,2',
    'METRIC',
    ...drills.map((entry) => `T${entry.tool}C${entry.diameterMm.toFixed(3)}`),
    ...(v.slotWidthMm === undefined ? [] : [`T5C${v.slotWidthMm.toFixed(3)}`]),
    '%',
    'G90',
    'G05',
    ...drills.flatMap((entry) => [`T${entry.tool}`, ...entry.hits.map(([x, y]) => `X${mm(x)}Y${mm(y)}`)]),
    ...slot,
    'T0',
    'M30',
    '',
  ].join('\n');
}

export function fourLayerBoard(violations: Violations = {}): GeneratedFile[] {
  return [
    { name: 'board-F_Cu.gbr', content: copper('Copper,L1,Top', true, violations) },
    { name: 'board-In1_Cu.gbr', content: innerPlane('Copper,L2,Inr', 1) },
    { name: 'board-In2_Cu.gbr', content: innerPlane('Copper,L3,Inr', 1.5) },
    { name: 'board-B_Cu.gbr', content: copper('Copper,L4,Bot', false) },
    { name: 'board-F_Mask.gbr', content: mask('Soldermask,Top', true, violations) },
    { name: 'board-B_Mask.gbr', content: mask('Soldermask,Bot', false) },
    { name: 'board-F_SilkS.gbr', content: silk(violations) },
    { name: 'board-F_Paste.gbr', content: gerber('Paste,Top', ['%ADD10R,0.600X1.500*%'], flashes(10, smdPads)) },
    { name: 'board-Edge_Cuts.gbr', content: gerber('Profile,NP', ['%ADD10C,0.100*%'], outline()) },
    { name: 'board.drl', content: drill(violations) },
  ];
}

/** The board as one zip, the way a customer uploads it. */
export function fourLayerBoardZip(violations: Violations = {}): Uint8Array {
  return zipSync(Object.fromEntries(fourLayerBoard(violations).map((file) => [`four-layer/${file.name}`, strToU8(file.content)])));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const target = process.argv[2] ?? 'four-layer-board.zip';
  writeFileSync(target, fourLayerBoardZip());
  console.log(`${target}: ${fourLayerBoard().length} files, ${FOUR_LAYER_BOARD.widthMm} × ${FOUR_LAYER_BOARD.heightMm} mm, 4 layers`);
}
