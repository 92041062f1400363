import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import type { DfmPlace, DfmRule } from '../../src/contract/dfm';
import { findingsOf } from '../../src/contract/dfm-findings';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { featureFinder } from '../../server/gerber/dfm/features';
import { readFile } from '../../server/gerber/read-file';
import { drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * What a place is on: a pour's own strokes (a KiCad 5 zone's outline, an old EAGLE pour's rows) are the
 * pour, and the fab pulls a pour back in preparation; a track beside, along or out of a pour, a bus of tracks and
 * a track drawn as an arc stay tracks, and their places stay errors. Each board is drawn in full below; the board's
 * edge is the 30 × 20 mm outline's centre line.
 */

const OUTLINE = gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]);
/** A few vias far from everything, so the outline is taken for the board. */
const VIAS: [number, Point[]] = [0.3, [[3, 17], [4, 17], [3, 18]]];
const VIA_PADS = ['D99*', `${xy([3, 17])}D03*`, `${xy([4, 17])}D03*`, `${xy([3, 18])}D03*`];
const VIA_APERTURE = '%ADD99C,0.600*%';

const region = (points: Point[]) => ['G36*', `${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`), 'G37*'];
const path = (points: Point[]) => [`${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`)];
const rectangle = ([x0, y0]: Point, [x1, y1]: Point): Point[] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];

/** KiCad 5's zone: its filled region, and the region's outline stroked with the zone's min width (0.157 mm here). */
const kicad5Zone = (corners: Point[]) => [...region(corners), 'D20*', ...path(corners)];
const ZONE_APERTURE = '%ADD20C,0.157*%';

async function placesOf(rule: DfmRule, copper: string, holes: [number, Point[]][] = []): Promise<DfmPlace[]> {
  const found = await places({ 'board-Edge_Cuts.gm1': OUTLINE, 'board-F_Cu.gtl': copper, 'board.drl': drill([...holes, VIAS]) });
  return found.filter((place) => place.rule === rule).sort((a, b) => (a.at?.x ?? 0) - (b.at?.x ?? 0) || (a.at?.y ?? 0) - (b.at?.y ?? 0));
}

/** What each place is on, its value (to the micron) and whether the finding the standard class makes of it is an error. */
function judged(found: DfmPlace[]): [string | undefined, number, string | undefined][] {
  const findings = findingsOf({ places: found, moreByRule: [], pictureBoxMm: null }, DEFAULT_CAPABILITIES, defaultParams('pcb'));
  return found.map((place) => [place.feature, Math.round(place.valueMm * 1000) / 1000,
    findings.find((finding) => finding.at?.x === place.at?.x && finding.at?.y === place.at?.y && finding.rule === place.rule)?.severity]);
}

describe('a KiCad 5 zone\'s outline stroke', () => {
  it('is the pour: its rim 0.18 mm from the edge along one long stroke is a pour pulled back (a notice)', async () => {
    // The zone's right side: one 10 mm stroke at x = 29.7415, its rim at 29.82, 0.18 mm from the edge at x = 30.
    const found = await placesOf('copperToEdge', gerber([ZONE_APERTURE, VIA_APERTURE], [...kicad5Zone(rectangle([20, 5], [29.7415, 15])), ...VIA_PADS]));
    expect(judged(found)).toEqual([['pour', 0.18, 'notice']]);
  });

  it('leaves a track a track: beside a zone, along its side but past its rim, run out of it along its rim, ending in it', async () => {
    // The zone (rim 0.42 mm from the right edge, 5 mm from the bottom) with, all 0.25 mm wide and 0.18 mm from an edge:
    // a track of another net above it, a track along its right side 0.195 mm outside the rim's centre line, a track
    // on its left side's centre line run on to the top edge, and a track from inside it down to the bottom edge.
    const zone = kicad5Zone(rectangle([8, 5], [29.5, 12]));
    const tracks = [
      'D21*',
      ...line([20, 13.5], [29.695, 13.5]),
      ...line([29.695, 6], [29.695, 11]),
      ...line([8, 8], [8, 19.695]),
      ...line([24, 6], [24, 0.305]),
    ];
    const found = await placesOf('copperToEdge', gerber([ZONE_APERTURE, '%ADD21C,0.250*%', VIA_APERTURE], [...zone, ...tracks, ...VIA_PADS]));
    expect(judged(found)).toEqual([['track', 0.18, 'error'], ['track', 0.18, 'error'], ['track', 0.18, 'error'], ['track', 0.18, 'error']]);
  });
});

/** An old EAGLE pour of 0.4064 mm strokes: outline and horizontal rows 0.404 mm apart (they overlap by 2.4 µm). */
const EAGLE_WIDTH = 0.4064;
const EAGLE_PITCH = 0.404;

/**
 * The pour's outline: a V whose bottom (18.5, 0.4) lies 0.197 mm from the bottom edge with its rim, sides at 3.3°
 * to the rows (a row ends on them every 7 mm, as on the 8bit-mixtape cassette), then straight up to y = 8.
 */
function eaglePour(): string[] {
  const outline: Point[] = [[8, 8], [8, 1], [18.5, 0.4], [29, 1], [29, 8], [8, 8]];
  const rows: string[] = [];
  for (let y = 0.4 + EAGLE_PITCH; y < 8; y += EAGLE_PITCH) {
    const left = y < 1 ? 18.5 - ((y - 0.4) * 10.5) / 0.6 : 8;
    rows.push(...line([left, y], [37 - left, y]));
  }
  return ['D22*', ...path(outline), ...rows];
}
const EAGLE_APERTURE = `%ADD22C,${EAGLE_WIDTH}*%`;

describe('strokes side by side', () => {
  it('are a pour where rows of one width overlap (old EAGLE): its rim 0.197 mm from the edge where its sides meet is pulled back', async () => {
    const found = await placesOf('copperToEdge', gerber([EAGLE_APERTURE, VIA_APERTURE], [...eaglePour(), ...VIA_PADS]));
    expect(judged(found)).toEqual([['pour', Math.round((0.4 - EAGLE_WIDTH / 2) * 1000) / 1000, 'notice']]);
  });

  it('leave a track of the rows\' width a track beside the pour: 0.18 mm from the edge, an error', async () => {
    // The track's lower side 0.12 mm above the pour's top rim (8.2032), its end's rim at x = 29.82, 1 mm from the
    // pour's corner: four strokes pass within a millimetre of the place, none of them a row the track abuts.
    const y = 8 + EAGLE_WIDTH + 0.12;
    const found = await placesOf(
      'copperToEdge',
      gerber([EAGLE_APERTURE, VIA_APERTURE], [...eaglePour(), ...line([10, y], [29.82 - EAGLE_WIDTH / 2, y]), ...VIA_PADS]),
    );
    expect(judged(found.filter((place) => (place.at?.y ?? 0) > 8.3))).toEqual([['track', 0.18, 'error']]);
  });

  it('are tracks in a bus: four 0.2 mm tracks 0.15 mm apart, the first 0.15 mm from a hole\'s wall', async () => {
    // A 1 mm hole at (15, 10), its wall at x = 15.5; tracks at x = 15.75 … 16.8, drawn as two strokes each (a vertex
    // at y = 10, as a router leaves them).
    const bus = [0, 1, 2, 3].flatMap((index) => [...path([[15.75 + index * 0.35, 5], [15.75 + index * 0.35, 10], [15.75 + index * 0.35, 15]])]);
    const found = await placesOf('drillToCopper', gerber(['%ADD23C,0.200*%', VIA_APERTURE], ['D23*', ...bus, ...VIA_PADS]), [[1, [[15, 10]]]]);
    expect(judged(found)).toEqual([['track', 0.15, 'error']]);
  });

  it('are a track where an arc is cut into chords: an arc track 0.18 mm from the edge is an error', async () => {
    // A half circle of radius 2.695 about (27, 10), 0.25 mm wide: its outer rim reaches x = 29.82.
    const arc = ['D21*', `${xy([27, 10 - 2.695])}D02*`, 'G75*', 'G03*', `${xy([27, 10 + 2.695])}I0J${Math.round(2.695 * 1e6)}D01*`, 'G01*'];
    const found = await placesOf('copperToEdge', gerber(['%ADD21C,0.250*%', VIA_APERTURE], [...arc, ...VIA_PADS]));
    expect(judged(found)).toEqual([['track', 0.18, 'error']]);
  });
});

describe('copper too near a hole', () => {
  // A 1 mm hole at (15, 10) in a 10 × 10 mm pour, its clearance cut in clear 0.1 mm wider than the hole's wall.
  const pour = [...region(rectangle([10, 5], [20, 15])), '%LPC*%', 'D24*', `${xy([15, 10])}D03*`, '%LPD*%'];
  const HOLE: [number, Point[]] = [1, [[15, 10]]];

  it('is a pour pulled back in preparation where the pour is (a notice)', async () => {
    const found = await placesOf('drillToCopper', gerber(['%ADD24C,1.200*%', VIA_APERTURE], [...pour, ...VIA_PADS]), [HOLE]);
    expect(judged(found)).toEqual([['pour', 0.1, 'notice']]);
  });

  it('stays an error on a track or a pad of another net, and beside a pour pulled back from the same hole', async () => {
    // Alone: a 0.2 mm track whose side passes 0.1 mm from the wall (x = 15.6 … 15.8); a 1 mm pad 0.1 mm off it.
    const track = ['D23*', ...line([15.7, 8], [15.7, 12])];
    const pad = ['D25*', `${xy([15, 11.1])}D03*`];
    const alone = async (body: string[]) =>
      judged(await placesOf('drillToCopper', gerber(['%ADD23C,0.200*%', '%ADD25C,1.000*%', VIA_APERTURE], [...body, ...VIA_PADS]), [HOLE]));
    expect(await alone(track)).toEqual([['track', 0.1, 'error']]);
    expect(await alone(pad)).toEqual([['pad', 0.1, 'error']]);
    // A pour 0.1 mm from the wall on the left (its clearance 1.2 mm, the pour ending at x = 15.3) and a track of another
    // net 0.15 mm from it on the right: the pour is pulled back, the track is still said.
    const both = await placesOf(
      'drillToCopper',
      gerber(
        ['%ADD23C,0.200*%', '%ADD24C,1.200*%', VIA_APERTURE],
        [
          ...region(rectangle([10, 5], [15.3, 15])),
          '%LPC*%',
          'D24*',
          `${xy([15, 10])}D03*`,
          '%LPD*%',
          'D23*',
          ...line([15.75, 8], [15.75, 12]),
          ...VIA_PADS,
        ],
      ),
      [HOLE],
    );
    expect(judged(both)).toEqual([['pour', 0.1, 'notice'], ['track', 0.15, 'error']]);
  });
});

describe('the places kept of a rule the fab fixes on some features only', () => {
  it('keep the one track too near a hole beside more pour notices than are kept per rule', async () => {
    // 60 holes of 1 mm in a pour, each cleared 0.1 mm round its wall (60 notices, worse than the track), and a 61st
    // hole whose only neighbour is a 0.2 mm track of another net 0.12 mm from its wall: an error the order must meet.
    const holes: Point[] = Array.from({ length: 60 }, (_, index) => [6 + (index % 10) * 1.6, 5 + Math.floor(index / 10) * 1.6]);
    const pour = [...region(rectangle([5, 4], [21.5, 14.5])), '%LPC*%', 'D24*', ...holes.map((hole) => `${xy(hole)}D03*`), '%LPD*%'];
    const track = ['D23*', ...line([25.72, 14], [25.72, 18])];
    const found = await placesOf('drillToCopper', gerber(['%ADD23C,0.200*%', '%ADD24C,1.200*%', VIA_APERTURE], [...pour, ...track, ...VIA_PADS]),
      [[1, [...holes, [25, 16]]]]);
    expect(judged(found).filter(([feature]) => feature === 'track')).toEqual([['track', 0.12, 'error']]);
    expect(found.filter((place) => place.feature === 'pour')).toHaveLength(50);
  });
});

describe('copper near the edge under a pour', () => {
  // A pour whose right side runs 0.05 mm from the edge at x = 30 (a notice: it is pulled back in preparation).
  const pour = region(rectangle([20, 5], [29.95, 15]));
  const apertures = ['%ADD26R,4.000X2.000*%', '%ADD21C,0.250*%', VIA_APERTURE];
  const edgePlaces = async (body: string[]) => judged(await placesOf('copperToEdge', gerber(apertures, [...pour, ...body, ...VIA_PADS])));

  it('keeps a pad of the pour 0.055 mm from the edge an error beside the pour\'s notice', async () => {
    // An edge-launch connector's ground pad, 4 × 2 mm, reaching x = 29.945: the pour covers it up to 29.95.
    expect(await edgePlaces(['D26*', `${xy([27.945, 10])}D03*`])).toEqual([['pad', 0.055, 'error'], ['pour', 0.05, 'notice']]);
  });

  it('keeps a track run into the pour 0.125 mm from the edge an error beside the pour\'s notice', async () => {
    expect(await edgePlaces(['D21*', ...line([24, 8], [29.75, 8])])).toEqual([['track', 0.125, 'error'], ['pour', 0.05, 'notice']]);
  });

  it('says only the pour\'s notice for a pour alone, and for a pad inside it far from the edge', async () => {
    expect(await edgePlaces([])).toEqual([['pour', 0.05, 'notice']]);
    expect(await edgePlaces(['D26*', `${xy([25, 10])}D03*`])).toEqual([['pour', 0.05, 'notice']]);
  });
});

describe('a zone outline written in micron steps (KiCad 4)', () => {
  it('is the pour at a step too short to lie along anything; a dot drawn as a stroke is still the stroke there', () => {
    // The zone's right side at x = 29.7415 with a 1 µm step at y = 10, written first (as it is found first); the
    // point on the stroke's rim beside the step.
    const side: Point[] = [[29.7415, 10], [29.7415, 10.001], [29.7415, 15], [20, 15], [20, 5], [29.7415, 5], [29.7415, 10]];
    const text = gerber([ZONE_APERTURE, '%ADD21C,0.600*%'], [...kicad5Zone(side), 'D21*', ...line([10, 10], [10, 10])]);
    const read = readFile({ id: 'f0', name: 'board-B_Cu.gbl', content: new TextEncoder().encode(text) });
    const objects = read.gerber?.objects;
    if (!objects) throw new Error('the layer was not read');
    const on = featureFinder(objects);
    expect(on(29.82, 10.0005)).toBe('pour');
    // A dot (a zero-length stroke) is all its line has: it is still what is drawn there.
    expect(on(10.3, 10)).toBe('track');
  });
});
