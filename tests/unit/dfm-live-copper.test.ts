import { describe, expect, it } from 'vitest';
import type { DfmPlace } from '../../src/contract/dfm';
import { drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * Spacing is judged between copper of live nets only — a net holding a hole, a flashed pad or copper the
 * solder mask opens (without a mask file, any copper). Floating copper lettering and pour islands cut off by
 * clearances short nothing when bridged (clockblock, ATU-10); SMD pads drawn as regions or strokes are still nets.
 */

const OUTLINE = gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]);
const region = (points: Point[]) => ['G36*', `${xy(points[0] ?? [0, 0])}D02*`, ...points.slice(1).map((point) => `${xy(point)}D01*`), 'G37*'];
const rectangle = ([x0, y0]: Point, [x1, y1]: Point) => region([[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]);
const flash = (point: Point) => `${xy(point)}D03*`;

/** Vias of one net, far from everything: a hole, so their net is live; and a 0.2 mm track of theirs along y = 10.18. */
const VIAS: Point[] = [[27, 17], [28, 17], [27, 18], [17.5, 10.18]];
const APERTURES = ['%ADD99C,0.600*%', '%ADD20C,0.200*%'];
const VIA_NET = ['D99*', ...VIAS.map(flash), 'D20*', ...line([8, 10.18], [17.5, 10.18])];
/** Its upper rim lies at y 10.08: copper whose lower rim is at y 10 is 0.08 mm from it, the gap centred at 10.04. */
const GAP: { value: number; y: number } = { value: 0.08, y: 10.04 };

const spacing = (found: DfmPlace[]) => found.filter((place) => place.rule === 'trackSpacing' && place.valueMm < 0.1)
  .map((place) => ({ value: place.valueMm, at: [Number(place.at?.x.toFixed(2)), Number(place.at?.y.toFixed(2))] }));

const board = (copper: string[], apertures: string[], mask: string[] | null) => ({
  'board-Edge_Cuts.gm1': OUTLINE,
  'board-F_Cu.gtl': gerber([...APERTURES, ...apertures], [...copper, ...VIA_NET]),
  ...(mask ? { 'board-F_Mask.gts': gerber(['%ADD30C,0.700*%', '%ADD31C,1.100*%'], ['D31*', flash([3, 3]), ...mask]) } : {}),
  'board.drl': drill([[0.3, VIAS]]),
});

describe('spacing between copper of no net', () => {
  it('is not judged between strokes of floating copper lettering, nor from them to a net (clockblock)', async () => {
    // An 'i' of 0.152 mm strokes: a stem from y 10.15 to 11 and its dot at 11.183, 0.031 apart; the stem's foot
    // 0.074 above the via net's track. A pad with a mask opening elsewhere: the board has a mask, the lettering none.
    const letter = ['D21*', ...line([10, 10.15], [10, 11]), ...line([10, 11.183], [10, 11.183]), 'D22*', flash([3, 3])];
    const found = await places(board(letter, ['%ADD21C,0.152*%', '%ADD22C,1.000*%'], []));
    expect(spacing(found)).toEqual([]);
  });

  it('is not judged between islands a pour\'s clearances cut off, under the mask (ATU-10)', async () => {
    // Two islands 0.05 mm apart, holding no pad and no hole, beside the via net's track (0.06 below it).
    const islands = [...rectangle([12, 9.5], [14, 10.02]), ...rectangle([14.05, 9.5], [15, 10.02])];
    const found = await places(board(islands, [], []));
    expect(spacing(found)).toEqual([]);
  });
});

describe('floating copper between two nets', () => {
  it('is a bridge between them: found once, at its wider gap, which must close too for the nets to short', async () => {
    // An island under the mask 0.08 mm below the via net's track and 0.06 mm above a flashed pad of another net.
    const copper = [...rectangle([12, 9], [14, 10]), 'D22*', flash([13, 8.44])];
    const found = await places(board(copper, ['%ADD22C,1.000*%'], ['D31*', flash([13, 8.44])]));
    expect(spacing(found)).toEqual([{ value: GAP.value, at: [13, GAP.y] }]);
  });
});

describe('spacing to SMD pads that are not flashes', () => {
  it('is found from a track to a pad drawn as a region, with a mask opening over it', async () => {
    const pad = rectangle([10, 9], [11, 10]);
    const found = await places(board(pad, [], rectangle([9.95, 8.95], [11.05, 10.05])));
    expect(spacing(found)).toEqual([{ value: GAP.value, at: [10.5, GAP.y] }]);
    // The opening is what makes it a pad: the same copper under the mask is a floating piece.
    expect(spacing(await places(board(pad, [], [])))).toEqual([]);
  });

  it('is found from a track to a pad drawn as a stroke (gEDA), with a stroked mask opening over it', async () => {
    // A 0.6 mm stroke along y 9.7 from x 10 to 11: its lower rim at y 10.
    const pad = ['D23*', ...line([10, 9.7], [11, 9.7])];
    const found = await places(board(pad, ['%ADD23C,0.600*%'], ['D30*', ...line([10, 9.7], [11, 9.7])]));
    expect(spacing(found)).toEqual([{ value: GAP.value, at: [10.5, GAP.y] }]);
  });

  it('is found between pads drawn as regions on a board without a mask file, holes or flashes', async () => {
    const pads = [...rectangle([10, 9], [11, 10]), ...rectangle([10, 10.08], [11, 11])];
    const found = await places({
      'board-Edge_Cuts.gm1': OUTLINE, 'board-F_Cu.gtl': gerber([], pads),
      'board.drl': drill([[0.3, [[27, 17], [28, 17], [27, 18]]]]),
    });
    expect(spacing(found)).toEqual([{ value: GAP.value, at: [10.5, GAP.y] }]);
  });
});
