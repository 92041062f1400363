import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import type { DfmPlace } from '../../src/contract/dfm';
import { findingsOf } from '../../src/contract/dfm-findings';
import { boardEdge } from '../../server/gerber/board-edge';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { measureDfm } from '../../server/gerber/dfm/measure';
import { boardHoles } from '../../server/gerber/holes';
import { identifyFiles } from '../../server/gerber/identify';
import { loadPolygons } from '../../server/gerber/polygons/module';
import { readFile } from '../../server/gerber/read-file';
import { coord, drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * DFM measured on each layer's real copper. The boards the stroke-by-stroke checks missed, each drawn small
 * with its one violation, found at its place (±0.1 mm) with its value (±0.01 mm), worked out by hand below; and
 * boards of tricky but clean geometry, where nothing is found. A table of what was expected and found is printed.
 */

const OUTLINE = gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]);
/** A few vias far from everything, so the outline is taken for the board. */
const VIAS: [number, Point[]] = [0.3, [[27, 17], [28, 17], [27, 18]]];
const VIA_PADS = ['D99*', `${xy([27, 17])}D03*`, `${xy([28, 17])}D03*`, `${xy([27, 18])}D03*`];
const VIA_APERTURE = '%ADD99C,0.600*%';

const box = ([x0, y0]: Point, [x1, y1]: Point) => [...line([x0, y0], [x1, y0]), `${xy([x1, y1])}D01*`, `${xy([x0, y1])}D01*`, `${xy([x0, y0])}D01*`];
const region = (points: Point[]) => ['G36*', `${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`), 'G37*'];
const flash = (point: Point) => `${xy(point)}D03*`;

interface Expected { rule: string; value: number; at: Point }
const rows: string[] = [];
afterAll(() => { console.log(['board | rule | expected value @ place | found', ...rows].join('\n')); });

/** The places of the rules a board is judged by, past the standard class's limits (what a default order is held to). */
const LIMITS: Record<string, number> = {
  trackWidth: 0.1,
  trackSpacing: 0.1,
  annularRing: 0.13,
  drillToCopper: 0.2,
  copperToEdge: 0.25,
  maskSliver: 0.1,
  silkOverPad: 0,
};
const findings = (found: DfmPlace[]) => found.filter((place) => place.valueMm < (LIMITS[place.rule] ?? -Infinity));

/** Every expected violation found at its place with its value, and nothing else past a limit. */
function expectExactly(name: string, found: DfmPlace[], expected: Expected[]): void {
  const past = findings(found);
  for (const each of expected) {
    const hit = past.find((place) => place.rule === each.rule && Math.abs(place.valueMm - each.value) <= 0.01
      && place.at !== null && Math.hypot(place.at.x - each.at[0], place.at.y - each.at[1]) <= 0.1);
    rows.push(
      `${name} | ${each.rule} | ${each.value.toFixed(3)} @ (${each.at.join(', ')}) | ${hit ? `${hit.valueMm.toFixed(3)} @ (${hit.at?.x.toFixed(3)}, ${hit.at?.y.toFixed(3)})` : 'MISSED'}`,
    );
  }
  if (expected.length === 0) rows.push(`${name} | - | nothing | ${past.length === 0 ? 'nothing' : JSON.stringify(past)}`);
  const unexpected = past.filter((place) => !expected.some((each) => place.rule === each.rule && Math.abs(place.valueMm - each.value) <= 0.01
    && place.at !== null && Math.hypot(place.at.x - each.at[0], place.at.y - each.at[1]) <= 0.1));
  expect(unexpected, 'found past a limit where nothing was expected').toEqual([]);
  for (const each of expected) {
    expect(
      past.some(
        (place) =>
          place.rule === each.rule &&
          Math.abs(place.valueMm - each.value) <= 0.01 &&
          place.at !== null &&
          Math.hypot(place.at.x - each.at[0], place.at.y - each.at[1]) <= 0.1,
      ),
      `${each.rule} ${each.value} at ${each.at.join(', ')}`,
    ).toBe(true);
  }
}

describe('narrow copper', () => {
  it('is found where a thin track runs across a row of pads: between them it is the track\'s width', async () => {
    // A 0.08 mm track along y = 10 through five 1 mm pads at x = 5, 7, … 13: between the pads, 1 mm of bare track.
    const pads = [5, 7, 9, 11, 13].map((x): Point => [x, 10]);
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(
        ['%ADD10C,0.080*%', '%ADD11R,1.000X1.000*%', VIA_APERTURE],
        ['D10*', ...line([4, 10], [14, 10]), 'D11*', ...pads.map(flash), ...VIA_PADS],
      ),
      'board.drl': drill([VIAS]),
    });
    // One stretch per stretch of bare track (they are 1 mm apart, one stretch apart); the first between x 5.5 and 6.5.
    const thin = findings(found).filter((place) => place.rule === 'trackWidth');
    expect(thin.length).toBeGreaterThanOrEqual(1);
    for (const place of thin) {
      expect(place.valueMm).toBeCloseTo(0.08, 2);
      expect(Math.abs((place.at?.y ?? 0) - 10)).toBeLessThanOrEqual(0.1);
      expect(pads.every(([x]) => Math.abs((place.at?.x ?? 0) - x) >= 0.5 - 0.1)).toBe(true);
    }
    rows.push(
      `thin track across pads | trackWidth | 0.080 between the pads | ${thin.map((place) => `${place.valueMm} @ (${place.at?.x}, ${place.at?.y})`).join('; ')}`,
    );
    expect(findings(found).filter((place) => place.rule !== 'trackWidth')).toEqual([]);
  });

  it('is found at a thin neck of a pour, as wide as the neck', async () => {
    // Two 5 × 5 mm pours joined by a neck 0.08 mm high and 1 mm long, centred at (10.5, 10).
    const pour = region([
      [5, 7.5],
      [10, 7.5],
      [10, 9.96],
      [11, 9.96],
      [11, 7.5],
      [16, 7.5],
      [16, 12.5],
      [11, 12.5],
      [11, 10.04],
      [10, 10.04],
      [10, 12.5],
      [5, 12.5],
      [5, 7.5],
    ]);
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber([VIA_APERTURE], [...pour, ...VIA_PADS]),
      'board.drl': drill([VIAS]),
    });
    expectExactly('thin neck in a pour', found, [{ rule: 'trackWidth', value: 0.08, at: [10.5, 10] }]);
  });

  it('is found on a track drawn with a rectangular aperture', async () => {
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(['%ADD10R,0.080X0.080*%', VIA_APERTURE], ['D10*', ...line([5, 10], [15, 10]), ...VIA_PADS]),
      'board.drl': drill([VIAS]),
    });
    expectExactly('rectangular-aperture track', found, [{ rule: 'trackWidth', value: 0.08, at: [10, 10] }]);
  });

  it('is found where clear polarity leaves a sliver of a pour', async () => {
    // A 10 × 6 mm pour; two clear rectangles cut into it from above and below leave 0.08 mm of copper at x 10 to 11.
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(
        [VIA_APERTURE],
        [
          ...region([
            [5, 7],
            [16, 7],
            [16, 13],
            [5, 13],
            [5, 7],
          ]),
          '%LPC*%',
          ...region([
            [10, 6],
            [11, 6],
            [11, 9.96],
            [10, 9.96],
            [10, 6],
          ]),
          ...region([
            [10, 10.04],
            [11, 10.04],
            [11, 14],
            [10, 14],
            [10, 10.04],
          ]),
          '%LPD*%',
          ...VIA_PADS,
        ],
      ),
      'board.drl': drill([VIAS]),
    });
    expectExactly('clear-polarity sliver', found, [{ rule: 'trackWidth', value: 0.08, at: [10.5, 10] }]);
  });

  it('is found on every copy of a step-and-repeat block', async () => {
    // A 2 mm track 0.08 mm wide, repeated three times 5 mm apart.
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(['%ADD10C,0.080*%', VIA_APERTURE], ['%SRX3Y1I5.0J0*%', 'D10*', ...line([4, 10], [6, 10]), '%SR*%', ...VIA_PADS]),
      'board.drl': drill([VIAS]),
    });
    expectExactly('step-and-repeat', found, [5, 10, 15].map((x) => ({ rule: 'trackWidth', value: 0.08, at: [x, 10] as Point })));
  });
});

describe('spacing between copper of different nets', () => {
  it('is measured from the rim of a pour drawn as overlapping strokes (old EAGLE), not between its own strokes', async () => {
    // A pour of 0.2 mm strokes 0.15 mm apart (notches 0.04 mm deep between them) from y = 5 to 8.9; its rim at
    // y = 9.0. A track of another net 0.07 mm above it: its lower side at y = 9.07 (0.2 mm wide, centre 9.17).
    const fill = Array.from({ length: 27 }, (_, index) => line([5, 5 + index * 0.15], [15, 5 + index * 0.15])).flat();
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(['%ADD10C,0.200*%', VIA_APERTURE], ['D10*', ...fill, ...line([5, 9.17], [15, 9.17]), ...VIA_PADS]),
      'board.drl': drill([VIAS]),
    });
    const rim = 5 + 26 * 0.15 + 0.1;
    // The gap is the same along the pour's 10 mm rim: its place is the middle of the run.
    expectExactly(
      'vector pour rim',
      found.filter((place) => place.rule === 'trackSpacing'),
      [{ rule: 'trackSpacing', value: Math.round((9.07 - rim) * 1000) / 1000, at: [10, (rim + 9.07) / 2] }],
    );
  });
});

describe('annular rings', () => {
  it('are measured on a via pad drawn as a region', async () => {
    // An octagon of circumradius 0.3 mm round a 0.3 mm drill: its sides lie 0.3·cos(22.5°) from the centre.
    const pad = Array.from({ length: 9 }, (_, k): Point => [
      10 + 0.3 * Math.cos((k * Math.PI) / 4 + Math.PI / 8),
      10 + 0.3 * Math.sin((k * Math.PI) / 4 + Math.PI / 8),
    ]);
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber([VIA_APERTURE], [...region(pad), ...VIA_PADS]),
      'board.drl': drill([[0.3, [[10, 10], ...VIAS[1]]]]),
    });
    const ring = 0.3 * Math.cos(Math.PI / 8) - 0.15;
    expectExactly('via pad as a region', found, [{ rule: 'annularRing', value: Math.round(ring * 1000) / 1000, at: [10, 10] }]);
  });

  it('are measured round a plated slot', async () => {
    // A 3.0 mm slot from (8, 10) to (12, 10) in an obround pad 3.195 mm high: 0.0975 mm of copper round it, said at the
    // slot's middle as a round hole's ring is said at its centre.
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(['%ADD11O,7.195X3.195*%', VIA_APERTURE], ['D11*', flash([10, 10]), ...VIA_PADS]),
      'board.drl': ['M48', 'METRIC,TZ', 'T1C3.000', 'T2C0.300', '%', 'G90', 'G05', 'T1', 'X8.000Y10.000G85X12.000Y10.000', 'T2',
        ...VIAS[1].map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`), 'M30', ''].join('\n'),
    });
    expectExactly('plated slot', found, [{ rule: 'annularRing', value: 0.098, at: [10, 10] }]);
  });
});

describe('annular rings at the drill file\'s rounding', () => {
  // A 0.56 mm pad on a 0.3 mm drill: a 0.13 mm ring, the standard class's limit. The Gerber puts the pad at
  // (10.0005, 10.0005); the 3-decimal drill file can only say (10.001, 10.001), 0.7 µm off (mTrain's vias).
  const ringBoard = (pad: string, at: Point, hole: Point) => places({
    'board-Edge_Cuts.gm1': OUTLINE,
    'board-F_Cu.gtl': gerber([`%ADD11C,${pad}*%`, VIA_APERTURE], ['D11*', flash(at), ...VIA_PADS]),
    'board.drl': drill([[0.3, [hole, ...VIAS[1]]]]),
  });

  it('are measured from the pad\'s centre where only the drill file\'s rounding sets the hole off it', async () => {
    const found = await ringBoard('0.560', [10.0005, 10.0005], [10.001, 10.001]);
    expectExactly('ring at the limit, drill rounded off its pad', found, []);
  });

  it('still find a ring drawn a micron under the limit, rounded the same way', async () => {
    // A 0.558 mm pad: (0.558 − 0.3) / 2 = 0.129 mm.
    const found = await ringBoard('0.558', [10.0005, 10.0005], [10.001, 10.001]);
    expectExactly('ring a micron under, drill rounded off its pad', found, [{ rule: 'annularRing', value: 0.129, at: [10, 10] }]);
    expect(findings(found).find((place) => place.rule === 'annularRing')?.valueMm).toBe(0.129);
  });

  it('still find a ring narrowed by a drill placed off its pad by more than the rounding', async () => {
    // The pad 5 µm right of the drill: 0.13 − 0.005 = 0.125 mm on the narrow side.
    const found = await ringBoard('0.560', [10.005, 10], [10, 10]);
    expectExactly('drill 5 µm off its pad', found, [{ rule: 'annularRing', value: 0.125, at: [10, 10] }]);
    expect(findings(found).find((place) => place.rule === 'annularRing')?.valueMm).toBe(0.125);
  });
});

describe('thin copper of a pour', () => {
  const thin = async (files: Record<string, string>) => {
    const found = (await places(files)).filter((place) => place.rule === 'trackWidth' && place.valueMm < 0.1);
    const judged = findingsOf({ places: found, moreByRule: [], pictureBoxMm: null }, DEFAULT_CAPABILITIES, defaultParams('pcb'));
    return { found, judged };
  };
  const board = (body: string[]) => ({
    'board-Edge_Cuts.gm1': OUTLINE,
    'board-F_Cu.gtl': gerber(['%ADD11C,2.600*%', '%ADD12R,1.300X1.100*%', '%ADD13C,2.000*%', '%ADD14R,0.900X0.700*%', VIA_APERTURE], [...body, ...VIA_PADS]),
    'board.drl': drill([[1, [[12, 10]]], VIAS]),
  });

  it('is a sliver the fab removes where it joins nothing: the tongue a round and a square clearance leave (Sprint-Layout)', async () => {
    // As on the ATU-10: a 2.6 mm round clearance and a 1.3 × 1.1 mm one 1.851 mm right and 0.534 mm up overlap at
    // the bottom; above, the pour between them is a wedge narrowing to nothing, open to the pour at its wide end.
    const rect: Point = [13.851, 10.534];
    const { found, judged } = await thin(board([...region([[5, 5], [25, 5], [25, 15], [5, 15], [5, 5]]),
      '%LPC*%', 'D11*', flash([12, 10]), 'D12*', flash(rect), '%LPD*%', 'D13*', flash([12, 10]), 'D14*', flash(rect)]));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((place) => place.feature)).toEqual(found.map(() => 'sliver'));
    expect(judged.map((finding) => [finding.severity, finding.feature])).toEqual(found.map(() => ['notice', 'sliver']));
  });

  /** Two blocks of pour joined by a 0.08 mm bridge 2 mm long, and, with `band`, by a wide band along the top too. */
  const blocks = (band: boolean) => board(region([[5, 5], [14, 5], [14, 9.96], [16, 9.96], [16, 5], [25, 5], [25, 15], [16, 15], [16, 10.04],
    [14, 10.04], [14, 15], [5, 15], [5, 5]]).concat(band ? region([[5, 14], [25, 14], [25, 15], [5, 15], [5, 14]]) : []));

  it('is a neck, refused, where it alone joins two parts of the pour', async () => {
    const { found, judged } = await thin(blocks(false));
    expect(found.map((place) => [place.feature, place.valueMm])).toEqual([['pour', 0.08]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['error']);
  });

  /**
   * The blocks under a solder mask that opens elsewhere only; with `via`, a via of the pour in the right block too,
   * joined by a thermal relief's four 0.06 mm spokes with `thermal`.
   */
  const masked = (via: boolean, thermal = false) => {
    const files = blocks(false);
    return {
      ...files,
      'board-F_Cu.gtl': gerber(
        ['%ADD11C,2.600*%', '%ADD12R,1.300X1.100*%', '%ADD13C,2.000*%', '%ADD14R,0.900X0.700*%', '%ADD15C,1.200*%', '%ADD16C,0.060*%', VIA_APERTURE],
        [
          ...region([
            [5, 5],
            [14, 5],
            [14, 9.96],
            [16, 9.96],
            [16, 5],
            [25, 5],
            [25, 15],
            [16, 15],
            [16, 10.04],
            [14, 10.04],
            [14, 15],
            [5, 15],
            [5, 5],
          ]),
          ...VIA_PADS,
          ...(thermal ? ['%LPC*%', 'D15*', flash([20, 12]), '%LPD*%', 'D16*', ...line([19.3, 12], [20.7, 12]), ...line([20, 11.3], [20, 12.7])] : []),
          ...(via ? ['D99*', flash([20, 12])] : []),
        ],
      ),
      'board-F_Mask.gts': gerber(['%ADD30C,0.700*%'], ['D30*', flash([27, 17])]),
      'board.drl': drill([
        [1, [[12, 10]]],
        [0.3, [[27, 17], [28, 17], [27, 18], ...(via ? [[20, 12] as Point] : [])]],
      ]),
    };
  };

  it('is a sliver where the part it alone joins holds nothing a net reaches (no hole, pad or bare copper): cut off, it carries nothing (ATU-10)', async () => {
    const { found, judged } = await thin(masked(false));
    expect(found.map((place) => [place.feature, place.valueMm])).toEqual([['sliver', 0.08]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['notice']);
  });

  it('is a neck, refused, where the part it alone joins holds a via', async () => {
    const { found, judged } = await thin(masked(true));
    expect(found.map((place) => [place.feature, place.valueMm])).toEqual([['pour', 0.08]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['error']);
  });

  it('is a neck, refused, where the part it alone joins reaches a via only through a thermal relief\'s thin spokes', async () => {
    const { found, judged } = await thin(masked(true, true));
    const bridge = found.filter((place) => place.valueMm === 0.08);
    expect(bridge.map((place) => [place.feature, place.at?.x, place.at?.y])).toEqual([['pour', 15, 10]]);
    expect(judged.filter((finding) => finding.valueMm === 0.08).map((finding) => finding.severity)).toEqual(['error']);
  });

  it('is a sliver where the parts it joins are joined by wide copper as well', async () => {
    const { found, judged } = await thin(blocks(true));
    expect(found.map((place) => [place.feature, place.valueMm])).toEqual([['sliver', 0.08]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['notice']);
  });

  const rect = ([x0, y0]: Point, [x1, y1]: Point) => region([[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]);
  /** A board whose F_Cu is `body` (a 0.4 mm track aperture D11, a 1 mm pad D12, a via pad D99), with vias at `vias` too. */
  const layer = (body: string[], vias: Point[] = []) => ({
    'board-Edge_Cuts.gm1': OUTLINE,
    'board-F_Cu.gtl': gerber(['%ADD11C,0.400*%', '%ADD12R,1.000X1.000*%', VIA_APERTURE], [...body, ...VIA_PADS, 'D99*', ...vias.map(flash)]),
    'board.drl': drill([[0.3, [...VIAS[1], ...vias]]]),
  });

  /**
   * As on the ATU-10: the corners of two clearances 0.0707 mm apart across, (15.1, 9.925) and (15.15, 9.875), and a
   * strip of pour 0.115 mm wide running down from between them beside a third clearance. With `closed` the strip alone
   * joins a block of pour holding a via; else it opens into the pour again below.
   */
  const pinch = (closed: boolean) => layer([...rect([5, 5], [25, 15]), '%LPC*%', ...rect([10, 9.925], [15.1, 12]),
    ...rect([15.15, closed ? 8 : 7], [20, 9.875]), ...rect([10, closed ? 8 : 7], [15.035, 9.925]),
    ...(closed ? [...rect([10, 5.5], [13, 8]), ...rect([17, 5.5], [20, 8]), ...rect([10, 5.5], [20, 6])] : []), '%LPD*%'], closed ? [[15, 7]] : []);

  it('is a sliver where two clearances\' corners nearly meet beside a strip of pour that loops back into it (ATU-10)', async () => {
    // The opening keeps the pinch's middle (a disc on the pour's side covers it) and loses the strip beside it.
    const { found, judged } = await thin(pinch(false));
    expect(found.map((place) => [place.feature, place.valueMm, place.at?.x, place.at?.y])).toEqual([['sliver', 0.071, 15.125, 9.9]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['notice']);
  });

  it('is a neck, refused, where two clearances\' corners nearly meet beside a strip that alone joins a part holding a via', async () => {
    const { found, judged } = await thin(pinch(true));
    expect(found.map((place) => [place.feature, place.valueMm, place.at?.x, place.at?.y])).toEqual([['pour', 0.071, 15.125, 9.9]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['error']);
  });

  /**
   * As on the LimeSDR: a 0.4 mm track from a pad along y = 10, whose rim a tooth of the pour between two clearances
   * touches 0.056 mm wide at (11, 9.8). With `joined` the pour covers the track's far end as well.
   */
  const graze = (joined: boolean) => layer(['D11*', ...line([8, 10], [joined ? 16 : 13, 10]), 'D12*', flash([8, 10]),
    ...region([[9, 5], [9, 9.5], [10.85, 9.5], [10.98, 9.82], [11.02, 9.82], [11.15, 9.5], [13, 9.5],
      ...(joined ? [[15, 9.5], [15, 11], [18, 11], [18, 5]] as Point[] : [[13, 5]] as Point[]), [9, 5]])]);

  it('is a sliver where a pour\'s tooth grazes a wide track the pour is joined to by wide copper as well (LimeSDR)', async () => {
    const { found, judged } = await thin(graze(true));
    expect(found.map((place) => [place.feature, place.valueMm, place.at?.x, place.at?.y])).toEqual([['sliver', 0.056, 11, 9.8]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['notice']);
  });

  it('is a neck of the pour, refused, where a pour\'s tooth is a wide track\'s only joint to it', async () => {
    const { found, judged } = await thin(graze(false));
    expect(found.map((place) => [place.feature, place.valueMm, place.at?.x, place.at?.y])).toEqual([['pour', 0.056, 11, 9.8]]);
    expect(judged.map((finding) => finding.severity)).toEqual(['error']);
  });

  it('is a thin track, refused, where a thin track runs into a pour the track\'s far end is joined to as well', async () => {
    // A 0.08 mm track from a pad into the pour and on out of it to a pad the pour also covers: the track is no pour's.
    const files = layer(['%ADD13C,0.080*%', 'D13*', ...line([6, 10], [14, 10]), 'D12*', flash([6, 10]), flash([14, 10]),
      ...rect([9, 5], [11, 15]), ...rect([11, 5], [15, 6]), ...rect([13, 6], [15, 15])]);
    const { found, judged } = await thin(files);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((place) => place.feature)).toEqual(found.map(() => 'track'));
    expect(judged.map((finding) => finding.severity)).toEqual(found.map(() => 'error'));
  });
});

describe('copper to the edge', () => {
  beforeAll(async () => { await loadPolygons(); });

  it('is measured to a panel\'s V-score lines too, on inner layers as on outer ones', () => {
    // A 30 × 20 mm panel of two boards scored along x = 15; an inner pour of the first board stops 0.1 mm short of
    // the score. The score lines come with the board's edge (board-edge.ts): here they are given as the edge gives them.
    const files = identifyFiles(Object.entries({
      'panel-Edge_Cuts.gm1': OUTLINE,
      'panel-F_Cu.gtl': gerber([VIA_APERTURE], VIA_PADS),
      'panel-In1_Cu.g2': gerber([], region([[1, 1], [14.9, 1], [14.9, 19], [1, 19], [1, 1]])),
      'panel-In2_Cu.g3': gerber([VIA_APERTURE], VIA_PADS),
      'panel-B_Cu.gbl': gerber([VIA_APERTURE], VIA_PADS),
      'panel.drl': drill([VIAS]),
    }).map(([name, text], index) => readFile({ id: `f${index}`, name, content: new TextEncoder().encode(text) })), null, { holes: [] })
      .map((file) => ({ file, error: null }));
    const edge = boardEdge(files, boardHoles(files));
    const input = { files, edge, size: null, topSvg: null, units: 'mm' as const };
    const scored = measureDfm({ ...input, edge: edge && { ...edge, scoreLines: [{ from: [15, 0], to: [15, 20] }] } }, DEFAULT_CAPABILITIES).places;
    expectExactly('pour by a V-score', scored.filter((place) => place.rule === 'copperToEdge'), [{ rule: 'copperToEdge', value: 0.1, at: [14.9, 10] }]);
    expect(measureDfm(input, DEFAULT_CAPABILITIES).places.filter((place) => place.rule === 'copperToEdge')).toEqual([]);
  });
});

describe('clean boards of tricky geometry', () => {
  it('find nothing: a pour of overlapping strokes, a thermal relief, tangent arcs, a pad on its own track, a teardrop', async () => {
    const fill = Array.from({ length: 20 }, (_, index) => line([2, 2 + index * 0.15], [12, 2 + index * 0.15])).flat();
    // Two arcs meeting tangentially (an S bend), a track ending on its pad's middle, a teardrop widening into a pad.
    const sBend = [`${xy([15, 5])}D02*`, 'G75*', 'G03*', `${xy([17, 7])}I0J${coord(2)}D01*`, 'G02*', `${xy([19, 9])}I${coord(2)}J0D01*`, 'G01*'];
    const teardrop = region([[22, 9.9], [24.2, 9.6], [24.2, 10.4], [22, 10.1], [22, 9.9]]);
    // A thermal relief as KiCad draws one: a pour, a clear ring round the pad, four 0.3 mm spokes, the pad.
    const thermal = [...region([[4, 12], [12, 12], [12, 18], [4, 18], [4, 12]]), '%LPC*%', 'D13*', flash([8, 15]), '%LPD*%', 'D14*',
      ...line([7.2, 15], [8.8, 15]), ...line([8, 14.2], [8, 15.8]), 'D11*', flash([8, 15])];
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE,
      'board-F_Cu.gtl': gerber(['%ADD10C,0.200*%', '%ADD11C,1.000*%', '%ADD13C,1.600*%', '%ADD14C,0.300*%', VIA_APERTURE],
        ['D10*', ...fill, ...sBend, ...line([15, 15], [20, 15]), ...line([19, 10], [22, 10]), 'D11*', flash([20, 15]), flash([24.5, 10]),
          ...thermal, ...teardrop, ...VIA_PADS]),
      'board-F_Mask.gts': gerber(['%ADD11C,1.100*%'], ['D11*', flash([20, 15]), flash([24.5, 10]), flash([8, 15])]),
      'board-F_SilkS.gto': gerber(['%ADD10C,0.150*%'], ['D10*', ...box([18, 13.5], [22, 16.5])]),
      'board.drl': drill([[0.5, [[20, 15], [24.5, 10], [8, 15]]], VIAS]),
    });
    expectExactly('clean tricky board', found, []);
  });
});
