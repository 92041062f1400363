import { describe, expect, it } from 'vitest';
import type { DfmPlace } from '../../src/contract/dfm';
import { defaultParams } from '../../src/contract/board';
import { findingsOf } from '../../src/contract/dfm-findings';
import { analyseFiles } from '../../server/gerber/pipeline';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { coord, drill, gerber, line, places, xy, type Point } from './dfm-gerber-text';

/**
 * False alarms the corpus of manufactured boards showed, each drawn here as the smallest board that
 * has it. Each board also carries one real violation of the same rule, which must still be found.
 */

/** Places of a rule worse than the coarsest class allows (the standard class: what the default project is judged by). */
const under = (found: DfmPlace[], rule: string, limit: number) => found.filter((place) => place.rule === rule && place.valueMm < limit)
  .map((place) => ({ value: place.valueMm, at: place.at && [Math.round(place.at.x * 100) / 100, Math.round(place.at.y * 100) / 100] }));

describe('copper to the edge', () => {
  it('is measured to the true arc of a large rounded outline, not to the chords it is drawn with', async () => {
    // A 40 mm board with a 20 mm radius corner; a 0.5 mm track follows the arc 0.3 mm inside it. With 10° chords
    // the edge lay 0.08 mm inside the arc, and the track read as 0.22 mm from it.
    const r = 20;
    const arcTrack = Array.from({ length: 19 }, (_, step): Point => {
      const angle = (Math.PI / 2) * (step / 18);
      return [40 - r + (r - 0.55) * Math.cos(angle), 40 - r + (r - 0.55) * Math.sin(angle)];
    });
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', 'G75*', ...line([0, 0], [40, 0]), `${xy([40, 40 - r])}D01*`,
        'G03*', `${xy([40 - r, 40])}I${coord(-r)}J0D01*`, 'G01*', `${xy([0, 40])}D01*`, `${xy([0, 0])}D01*`]),
      // The real violation: a pad 0.1 mm from the left edge.
      'board-F_Cu.gtl': gerber(['%ADD10C,0.500*%', '%ADD11C,1.000*%'], ['D10*', `${xy(arcTrack[0] ?? [0, 0])}D02*`,
        ...arcTrack.slice(1).map((point) => `${xy(point)}D01*`), 'D11*', `${xy([0.6, 5])}D03*`]),
      'board.drl': drill([[0.5, [[0.6, 5], [10, 10]]]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [0.1, 5] }]);
  });

  it('leaves out pads a hole takes away whole, a panel\'s breakaway holes on the board\'s edge', async () => {
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      // A 3 mm pad on a 3 mm hole centred 0.2 mm past the bottom edge (LimeSDR's panel), and a 1 mm pad 0.1 mm from the left one.
      'board-F_Cu.gtl': gerber(['%ADD10C,3.000*%', '%ADD11C,1.000*%'], ['D10*', `${xy([15, -0.2])}D03*`, 'D11*', `${xy([0.6, 10])}D03*`]),
      // Vias enough that the one hole outside the board does not stop the outline being found as the board.
      'board.drl': drill([[3, [[15, -0.2]]], [0.5, [[0.6, 10]]], [0.3, Array.from({ length: 20 }, (_, index): Point => [5 + index, 15])]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [0.1, 10] }]);
  });

  it('is measured to routed lines only: not to a dimension drawn on the outline layer that the pour runs across', async () => {
    // LimeSDR's panel: a leader from the left edge to an arrowhead (a closed triangle) under a mounting pad, all
    // inside a pour. A pad 0.1 mm from the bottom edge is the real violation.
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 10])}D01*`,
        `${xy([0, 0])}D01*`, ...line([0, 10], [5, 10]), `${xy([5.3, 10])}D01*`, `${xy([5, 11])}D01*`, `${xy([4.7, 10])}D01*`, `${xy([5, 10])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD10C,3.000*%', '%ADD11C,1.000*%'], ['G36*', `${xy([0.5, 0.5])}D02*`, `${xy([29.5, 0.5])}D01*`, `${xy([29.5, 19.5])}D01*`,
        `${xy([0.5, 19.5])}D01*`, `${xy([0.5, 0.5])}D01*`, 'G37*', 'D10*', `${xy([5, 11.5])}D03*`, 'D11*', `${xy([20, 0.6])}D03*`]),
      'board.drl': drill([[2, [[5, 11.5]]], [0.5, [[20, 0.6], [10, 10], [12, 10]]]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [20, 0.1] }]);
  });

  it('leaves out copper lying outside the board: the outline plotted with a wide line just outside the edge', async () => {
    // Allegro's top and bottom films: a 0.3 mm line whose inner rim runs 0.013 mm over the edge, all round it.
    const out = 0.137;
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD10C,0.300*%', '%ADD11C,1.000*%'], ['D10*', ...line([-out, -out], [30 + out, -out]), `${xy([30 + out, 20 + out])}D01*`,
        `${xy([-out, 20 + out])}D01*`, `${xy([-out, -out])}D01*`, 'D11*', `${xy([20, 0.6])}D03*`]),
      'board.drl': drill([[0.5, [[20, 0.6], [10, 10], [12, 10]]]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [20, 0.1] }]);
  });

  it('without an outline file, is measured to the board\'s edge in the silkscreen, not to a connector\'s body drawn across it', async () => {
    // Freeduino: the silk draws the 30 × 20 mm board, its left side one line drawn past the corners, and a USB
    // connector's body overhanging that side (x −5 to 6, y 8 to 12). A pin pad 0.1 mm inside the body's right side, a
    // track across its top side: no edge there. The real violations: a pad 0.1 mm from the board's left edge, inside
    // the body, where the overhang meets the board; a track 0.1 mm from the bottom edge inside a DC jack's body drawn
    // across it (x 20 to 24, y −3 to 2), with no pad or hole of its own there.
    const rectangle = ([x0, y0]: Point, [x1, y1]: Point) => [...line([x0, y0], [x1, y0]), `${xy([x1, y1])}D01*`, `${xy([x0, y1])}D01*`, `${xy([x0, y0])}D01*`];
    const board = [...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, ...line([0, 20.3], [0, -0.3])];
    const files = {
      'board.gto': gerber(['%ADD10C,0.150*%'], ['D10*', ...board, ...rectangle([-5, 8], [6, 12]), ...rectangle([20, -3], [24, 2])]),
      'board.gtl': gerber(
        ['%ADD10C,0.300*%', '%ADD11C,1.000*%'],
        [
          'D10*',
          ...line([2, 11], [2, 15]),
          ...line([21, 0.25], [23, 0.25]),
          'D11*',
          `${xy([5.4, 10])}D03*`,
          `${xy([0.6, 9])}D03*`,
          ...[
            [20, 5],
            [22, 5],
            [24, 5],
            [2, 15],
          ].map((point) => `${xy(point as Point)}D03*`),
        ],
      ),
      'board.drl': drill([
        [
          0.5,
          [
            [5.4, 10],
            [0.6, 9],
            [20, 5],
            [22, 5],
            [24, 5],
            [2, 15],
          ],
        ],
      ]),
    };
    const sources = Object.entries(files).map(([name, text], index) => ({ id: `f${index}`, name, content: new TextEncoder().encode(text) }));
    const result = await analyseFiles(sources, null, () => undefined);
    expect(result.alerts.map((alert) => alert.code)).toContain('outlineFromLayers');
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([30, 20]);
    expect(under(result.dfm.places, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [0.1, 9] }, { value: 0.1, at: [22, 0.1] }]);
  });

  it('is not measured on a negative plane film, where what is drawn is copper taken away', async () => {
    // PADS plane films: thermal flashes on the pins, and a 1.27 mm line along the edge that pulls the plane back from it.
    const thermal = ['%AMTER*', '1,1,$1,0,0*', '1,0,$1-$2,0,0*', '21,0,$3,$4,0,0,45*', '21,0,$3,$4,0,0,135*', '%'];
    const plane = gerber([...thermal, '%ADD10C,1.270*%', '%ADD11TER,1.8X0.3X0.3X2.0*%'],
      ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`, 'D11*', `${xy([10, 10])}D03*`]);
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD11C,1.000*%'], ['D11*', `${xy([0.6, 10])}D03*`, `${xy([10, 10])}D03*`]),
      'board-In1_Cu.g2': plane,
      'board-In2_Cu.g3': plane,
      'board-B_Cu.gbl': gerber(['%ADD11C,1.000*%'], ['D11*', `${xy([10, 10])}D03*`]),
      'board.drl': drill([[0.5, [[0.6, 10], [10, 10]]]]),
    });
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.1, at: [0.1, 10] }]);
  });

  it('on an inner layer is no edge connector\'s finger: the analysis names the outer layers, and only their copper is offered it', async () => {
    // KiCad 7's 4-layer board: a contact run to the edge on the top, an inner pour 0.024 mm from it.
    const edge = gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]);
    const files = {
      'board-Edge_Cuts.gm1': edge,
      'board-F_Cu.gtl': gerber(['%ADD11R,1.000X2.000*%'], ['D11*', `${xy([10, 1])}D03*`]),
      'board-In1_Cu.g2': gerber([], ['G36*', `${xy([0.024, 5])}D02*`, `${xy([29, 5])}D01*`, `${xy([29, 15])}D01*`, `${xy([0.024, 15])}D01*`, 'G37*']),
      'board-In2_Cu.g3': gerber(['%ADD11C,1.000*%'], ['D11*', `${xy([10, 10])}D03*`]),
      'board-B_Cu.gbl': gerber(['%ADD11C,1.000*%'], ['D11*', `${xy([10, 10])}D03*`]),
      'board.drl': drill([[0.5, [[10, 10], [12, 10], [14, 10]]]]),
    };
    const sources = Object.entries(files).map(([name, text], index) => ({ id: `f${index}`, name, content: new TextEncoder().encode(text) }));
    const { dfm } = await analyseFiles(sources, null, () => undefined);
    expect(dfm.outerCopperFileIds).toEqual(['f1', 'f4']);
    const params = defaultParams('pcb');
    params.board.layers = 4;
    expect(findingsOf(dfm, DEFAULT_CAPABILITIES, params).filter((finding) => finding.rule === 'copperToEdge')
      .map((finding) => [sources.find((source) => source.id === finding.fileId)?.name, finding.valueMm, finding.cure?.field ?? null])).toEqual([
      ['board-F_Cu.gtl', 0, 'board.edgeConnector'], ['board-In1_Cu.g2', 0.024, null],
    ]);
  });
});

describe('thin strokes', () => {
  it('leave out a board\'s own outline a panelizer plots into the copper, where it runs past a breakaway tab', async () => {
    // Two 20 mm boards side by side, 2 mm apart, joined by a 5 mm tab in the middle: the routed edge leaves each
    // board's outline along the tab, the 0.05 mm outline stroke in the copper goes on straight.
    const panel: Point[] = [[20, 0], [20, 7.5], [22, 7.5], [22, 0], [42, 0], [42, 20], [22, 20], [22, 12.5], [20, 12.5], [20, 20], [0, 20], [0, 0]];
    const edge = [`${xy([0, 0])}D02*`, ...panel.map((point) => `${xy(point)}D01*`)];
    const outlineStrokes = [0, 22].flatMap((x0) => [...line([x0, 0], [x0 + 20, 0]), `${xy([x0 + 20, 20])}D01*`, `${xy([x0, 20])}D01*`, `${xy([x0, 0])}D01*`]);
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...edge]),
      // The real violation: a 0.05 mm track in the middle of the first board.
      'board-F_Cu.gtl': gerber(['%ADD10C,0.050*%', '%ADD11C,1.000*%'], ['D10*', ...outlineStrokes, ...line([5, 5], [5, 15]), 'D11*', `${xy([10, 10])}D03*`]),
      'board.drl': drill([[0.5, [[10, 10], [32, 10]]]]),
    });
    expect(under(found, 'trackWidth', 0.1)).toEqual([{ value: 0.05, at: [5, 10] }]);
    expect(under(found, 'copperToEdge', 0.25)).toEqual([]);
  });

  it('leave out the outline plotted into the copper along its own lines, where the edge closes a break in it with a shortcut', async () => {
    // 8bit-mixtape: a hub arc in 0.17 mm chords ends 0.16 mm short of the next side, which starts off to its side;
    // the edge joins them with a line of its own. The outline is plotted into the bottom copper as 0.2 mm strokes:
    // kept as copper where they leave the shortcut, they read 0 from it (and 0.065 apart on the real board).
    // The real violations: a 0.2 mm track running 0.25 mm inside the right edge, 0.15 mm from it, not on any line;
    // a 0.05 mm track under a line of lettering on the outline layer (LimeSDR's GM1), which is no part of the edge.
    const arc: Point[] = [[4.422, 7.151], [4.498, 6.996], [4.567, 6.839], [4.628, 6.676], [4.676, 6.514], [4.717, 6.346], [4.747, 6.176], [4.767, 6.006]];
    const rest: Point[] = [[4.872, 6.13], [22.786, 2.717], [30, 2.717], [30, 20], [4.422, 20], [4.422, 7.151]];
    const outline = ['D10*', `${xy(arc[0] ?? [0, 0])}D02*`, ...arc.slice(1).map((point) => `${xy(point)}D01*`), `${xy(rest[0] ?? [0, 0])}D02*`,
      ...rest.slice(1).map((point) => `${xy(point)}D01*`)];
    const vias = [[20, 15], [22, 15], [20, 17]].map((point) => `${xy(point as Point)}D03*`);
    const found = await places({
      'mixtape.gml': gerber(['%ADD10C,0.200*%'], [...outline, ...line([10, 10], [14, 10])]),
      'mixtape.gbl': gerber(['%ADD10C,0.200*%', '%ADD11C,0.600*%', '%ADD12C,0.050*%'],
        [...outline, ...line([29.75, 6], [29.75, 16]), 'D12*', ...line([10, 10], [14, 10]), 'D11*', ...vias]),
      'mixtape.gtl': gerber(['%ADD11C,0.600*%'], ['D11*', ...vias]),
      'mixtape.txt': drill([[0.3, [[20, 15], [22, 15], [20, 17]]]]),
    });
    expect(under(found, 'trackSpacing', 0.1)).toEqual([]);
    expect(under(found, 'copperToEdge', 0.25)).toEqual([{ value: 0.15, at: [29.85, 11] }]);
    expect(under(found, 'trackWidth', 0.1)).toEqual([{ value: 0.05, at: [12, 10] }]);
  });

  it('leave out each board\'s outline a panelizer plots into the copper where no edge is routed (V-scored boards)', async () => {
    // A frame round two 20 × 18 mm boards; only the frame is routed. Each board's outline is a 0.05 mm loop in the
    // copper round its three holes. A 0.05 mm track of the first board is the real violation.
    const loop = (x0: number) => [...line([x0, 1], [x0 + 20, 1]), `${xy([x0 + 20, 19])}D01*`, `${xy([x0, 19])}D01*`, `${xy([x0, 1])}D01*`];
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [44, 0]), `${xy([44, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD10C,0.050*%', '%ADD11C,1.000*%'], ['D10*', ...loop(1), ...loop(23), ...line([5, 5], [5, 15]), 'D11*',
        ...[[10, 10], [12, 10], [14, 10], [32, 10], [34, 10], [36, 10]].map((point) => `${xy(point as Point)}D03*`)]),
      'board.drl': drill([[0.5, [[10, 10], [12, 10], [14, 10], [32, 10], [34, 10], [36, 10]]]]),
    });
    expect(under(found, 'trackWidth', 0.1)).toEqual([{ value: 0.05, at: [5, 10] }]);
  });
});

describe('annular rings', () => {
  it('are the widest pad\'s round a hole, measured on the union of a pad\'s parts, and none for a pad the drill takes', async () => {
    // A rounded pad as KiCad 7 writes it (two circles and an outline of no area), a via standing near the edge of
    // a larger pad, an unplated hole with a pad its own size a micron off, and a real 0.06 mm ring at (20, 10).
    const macro = ['%AMRR*', '1,1,1.35,0,0*', '1,1,1.35,0,0*', '4,1,3,0.675,0,0.675,0,-0.675,0,0.675,0,0*', '%'];
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber([...macro, '%ADD10RR*%', '%ADD11C,0.600*%', '%ADD12R,2.000X2.000*%', '%ADD13C,1.270*%', '%ADD14C,1.000*%'], [
        'D10*', `${xy([5, 5])}D03*`, 'D12*', `${xy([10.95, 5])}D03*`, 'D11*', `${xy([10, 5])}D03*`,
        'D13*', `${xy([15.0014, 5])}D03*`, 'D14*', `${xy([20, 10])}D03*`]),
      'board.drl': drill([[0.8, [[5, 5]]], [0.3, [[10, 5]]], [1.27, [[15, 5]]], [0.88, [[20, 10]]]]),
    });
    expect(under(found, 'annularRing', 0.13)).toEqual([{ value: 0.06, at: [20, 10] }]);
  });
});

describe('track spacing', () => {
  it('is measured on arcs, not on the chords they are drawn with', async () => {
    // Two 0.2 mm tracks bending round one centre, 0.1 mm apart (Altium's differential pairs): the standard class's
    // limit, no finding. Their 2 µm chords read 0.098. Two straight tracks 0.08 mm apart are the real violation.
    const arc = (r: number) => [`${xy([10 + r, 10])}D02*`, 'G75*', 'G03*', `${xy([10, 10 + r])}I${coord(-r)}J0D01*`, 'G01*'];
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD10C,0.200*%'], ['D10*', ...arc(0.345), ...arc(0.645), ...line([20, 5], [25, 5]), ...line([20, 5.28], [25, 5.28])]),
      'board.drl': drill([[0.5, [[5, 15], [7, 15]]]]),
    });
    // The two straight tracks are 0.08 apart all along: the place is the middle of the run.
    expect(under(found, 'trackSpacing', 0.1)).toEqual([{ value: 0.08, at: [22.5, 5.14] }]);
  });

  it('is not measured between a pad and a via the pour joins, where the pour is cut back round them but not under them', async () => {
    // LimeSDR's panel: a 0201 pad and a via 0.065 mm apart, both standing half on a ground pour whose clearance cuts
    // between them. Here the pour reaches the pad through a neck under its middle, none of its corners, and the via
    // on its far side. The same pad and via in a clearance of their own, the pour under neither, are the real gap.
    const rect = ([x0, y0, x1, y1]: [number, number, number, number]) => [
      'G36*',
      `${xy([x0, y0])}D02*`,
      `${xy([x1, y0])}D01*`,
      `${xy([x1, y1])}D01*`,
      `${xy([x0, y1])}D01*`,
      `${xy([x0, y0])}D01*`,
      'G37*',
    ];
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [10, 0]), `${xy([10, 10])}D01*`, `${xy([0, 10])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD11R,0.600X0.400*%', '%ADD12C,0.400*%'], [...rect([0.5, 0.5, 9.5, 9.5]), '%LPC*%',
        ...rect([4.4, 4.5, 4.9, 5.5]), ...rect([5.1, 4.5, 5.45, 5.5]), ...rect([4.4, 5.05, 5.45, 5.5]), ...rect([1, 1, 3.5, 3]), '%LPD*%',
        'D11*', `${xy([5, 5])}D03*`, `${xy([2, 2])}D03*`, 'D12*', `${xy([5.565, 5])}D03*`, `${xy([2.565, 2])}D03*`]),
      'board.drl': drill([[0.2, [[5.565, 5], [2.565, 2], [8, 8]]]]),
    });
    expect(under(found, 'trackSpacing', 0.1)).toEqual([{ value: 0.065, at: [2.33, 2] }]);
  });
});

describe('track width', () => {
  it('leaves out the strokes a pad is painted with side by side (old EAGLE CAM), and finds a lone stroke as thin', async () => {
    // The Arduino Uno's pads: a 0.55 × 0.40 mm rectangle outlined and filled with 0.099 mm strokes 0.0965 mm apart
    // (0.0039 in strokes 0.0038 in apart: they overlap by 2.5 µm), as its file draws them (lines 2355–2367), the last
    // fill 0.015 mm under the top. The real violation: a 0.099 mm track on its own.
    const [left, bottom, right, top] = [10, 10, 10.55, 10.4013];
    const fills = [0.0965, 0.193, 0.2895, 0.386].flatMap((up) => line([left, bottom + up], [right, bottom + up]));
    const found = await places({
      'board-Edge_Cuts.gm1': gerber(['%ADD10C,0.100*%'], ['D10*', ...line([0, 0], [30, 0]), `${xy([30, 20])}D01*`, `${xy([0, 20])}D01*`, `${xy([0, 0])}D01*`]),
      'board-F_Cu.gtl': gerber(['%ADD10C,0.099*%'], ['D10*', ...line([left, bottom], [right, bottom]), `${xy([right, top])}D01*`,
        `${xy([left, top])}D01*`, `${xy([left, bottom])}D01*`, ...fills, ...line([15, 5], [20, 5])]),
      'board.drl': drill([[0.5, [[5, 15], [25, 15]]]]),
    });
    expect(under(found, 'trackWidth', 0.1)).toEqual([{ value: 0.099, at: [17.5, 5] }]);
  });
});
