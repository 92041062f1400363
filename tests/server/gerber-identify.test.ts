import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FOUR_LAYER_BOARD, fourLayerBoard } from '../../scripts/four-layer-board';
import { analyseFiles, type ProcessingResult, type SourceFile } from '../../server/gerber/pipeline';

/**
 * The kinds of real uploads the corpus has no board for, written from the generated four-layer board (80 × 60 mm,
 * 44 holes from 0.3 mm): Eagle's custom and classic CAM names, PADS-style files that name their layer inside, a
 * KiCad drill map drawn as Gerber, names nobody knows, and outlines that close only by geometry.
 */
const withoutX2 = (text: string) => text.replace(/^%TF\.[^\n]*\n/gm, '').replace(/^; #@! [^\n]*\n/gm, '');
const original = (name: string) => fourLayerBoard().find((file) => file.name === name)?.content ?? '';

function upload(files: Record<string, string>): SourceFile[] {
  return Object.entries(files).map(([name, content], index) => ({ id: `f${index + 1}`, name, content: strToU8(content) }));
}

const analyse = (files: SourceFile[]) => analyseFiles(files, null, () => undefined);
const fileNamed = (result: ProcessingResult, name: string) => result.files.find((file) => file.name === name);
const layerOf = (result: ProcessingResult, name: string) => {
  const file = fileNamed(result, name);
  return `${file?.type}:${file?.side}`;
};
const codes = (result: ProcessingResult) => result.alerts.map((alert) => alert.code);

describe('names from CAD tools and CAM jobs', () => {
  it('reads an Eagle board exported with custom CAM names as six copper layers in order, with both sides drawn', async () => {
    const result = await analyse(upload({
      'Top.gbr': withoutX2(original('board-F_Cu.gbr')),
      'Ln1_Cu.gbr': withoutX2(original('board-In1_Cu.gbr')),
      'Ln2_Cu.gbr': withoutX2(original('board-In2_Cu.gbr')),
      'Ln3_Cu.gbr': withoutX2(original('board-In1_Cu.gbr')),
      'Ln4_Cu.gbr': withoutX2(original('board-In2_Cu.gbr')),
      'Bot.gbr': withoutX2(original('board-B_Cu.gbr')),
      'Top_Mask.gbr': withoutX2(original('board-F_Mask.gbr')),
      'Bot_Mask.gbr': withoutX2(original('board-B_Mask.gbr')),
      'Top_Silk.gbr': withoutX2(original('board-F_SilkS.gbr')),
      'Top_Paste.gbr': withoutX2(original('board-F_Paste.gbr')),
      'Dimension.gbr': withoutX2(original('board-Edge_Cuts.gbr')),
      'board.drl': withoutX2(original('board.drl')),
    }));
    expect(result.measurements?.layerCount).toBe(6);
    expect(result.measurements?.copperLayers).toEqual(['top', 'inner', 'inner', 'inner', 'inner', 'bottom']);
    const copperInOrder = result.files.filter((file) => file.type === 'copper').sort((a, b) => a.order - b.order).map((file) => file.name);
    expect(copperInOrder).toEqual(['Top.gbr', 'Ln1_Cu.gbr', 'Ln2_Cu.gbr', 'Ln3_Cu.gbr', 'Ln4_Cu.gbr', 'Bot.gbr']);
    expect(layerOf(result, 'Bot_Mask.gbr')).toBe('soldermask:bottom');
    expect(layerOf(result, 'Dimension.gbr')).toBe('outline:all');
    // A side word alone is a fair guess for copper, but a guess: the user is asked to check it.
    expect(fileNamed(result, 'Top.gbr')).toMatchObject({ identifiedBy: 'name', needsCheck: true });
    expect(fileNamed(result, 'Ln1_Cu.gbr')).toMatchObject({ identifiedBy: 'name', needsCheck: false });
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([FOUR_LAYER_BOARD.widthMm, FOUR_LAYER_BOARD.heightMm]);
    expect(result.renders.find((render) => render.name === 'bottom')?.svg).toMatch(/class="board_cu"/);
  });

  it('reads Eagle\'s classic names: .G2L/.G3L inner layers, .OLN outline, and a .FAB drawing that is no outline', async () => {
    // A fabrication drawing: the board's edge inside a drawing sheet's frame.
    const outline = withoutX2(original('board-Edge_Cuts.gbr'));
    const sheet = outline.replace(
      'M02*',
      'X-50000000Y-50000000D02*\nX150000000Y-50000000D01*\nX150000000Y120000000D01*\nX-50000000Y120000000D01*\nX-50000000Y-50000000D01*\nM02*',
    );
    const result = await analyse(upload({
      'board.cmp': withoutX2(original('board-F_Cu.gbr')),
      'board.G2L': withoutX2(original('board-In1_Cu.gbr')),
      'board.G3L': withoutX2(original('board-In2_Cu.gbr')),
      'board.sol': withoutX2(original('board-B_Cu.gbr')),
      'board.stc': withoutX2(original('board-F_Mask.gbr')),
      'board.sts': withoutX2(original('board-B_Mask.gbr')),
      'board.plc': withoutX2(original('board-F_SilkS.gbr')),
      'board.crc': withoutX2(original('board-F_Paste.gbr')),
      'board.OLN': outline,
      'board.FAB': sheet,
      'board.drd': withoutX2(original('board.drl')),
    }));
    expect(layerOf(result, 'board.G2L')).toBe('copper:inner');
    expect(layerOf(result, 'board.G3L')).toBe('copper:inner');
    expect(fileNamed(result, 'board.G2L')?.order).toBeLessThan(fileNamed(result, 'board.G3L')?.order ?? 0);
    expect(layerOf(result, 'board.OLN')).toBe('outline:all');
    expect(fileNamed(result, 'board.FAB')?.type).toBe('drawing');
    expect(result.measurements?.layerCount).toBe(4);
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([80, 60]);
  });

  it('reads files by the layer name written in their first lines before their extension (PADS .m1, .s1, .p1)', async () => {
    const named = (label: string, text: string) => text.replace('%FSLAX46Y46*%', `G04 PADS generated Gerber file*\n%LN${label}*%\n%FSLAX46Y46*%`);
    const result = await analyse(upload({
      'board.m1': named('TOP', withoutX2(original('board-F_Cu.gbr'))),
      'board.m2': named('BOTTOM', withoutX2(original('board-B_Cu.gbr'))),
      'board.s1': named('SOLDER MASK TOP', withoutX2(original('board-F_Mask.gbr'))),
      'board.p1': named('PASTE MASK TOP', withoutX2(original('board-F_Paste.gbr'))),
      'board.k1': named('SILKSCREEN TOP', withoutX2(original('board-F_SilkS.gbr'))),
      'board.b1': named('BOARD OUTLINE', withoutX2(original('board-Edge_Cuts.gbr'))),
      'board.dr1': withoutX2(original('board.drl')),
    }));
    expect(result.files.map((file) => `${file.name} ${file.type}:${file.side} ${file.identifiedBy}`)).toEqual([
      'board.m1 copper:top layerName', 'board.m2 copper:bottom layerName', 'board.s1 soldermask:top layerName',
      'board.p1 solderpaste:top layerName', 'board.k1 silkscreen:top layerName', 'board.b1 outline:all layerName',
      'board.dr1 drill:all content',
    ]);
  });
});

describe('a drill map drawn as Gerber', () => {
  // KiCad's "<board>-NPTH-drl_map.gbr" (whats-that-gerber takes it for a drill): each hole drawn as a symbol of
  // 0.05 mm lines, a legend beside the board; KiCad 6 and later also write the X2 attribute.
  const symbols =
    '%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,0.050*%\nD10*\nX3000000Y4000000D02*\nX5000000Y4000000D01*\nX4000000Y3000000D02*\nX4000000Y5000000D01*\nX100000000Y10000000D02*\nX120000000Y10000000D01*\nM02*\n';
  const board = () => Object.fromEntries(fourLayerBoard().map((file) => [file.name, file.content]));

  it('is a drawing, by its X2 attribute or by its name: its lines are never holes', async () => {
    for (const [name, text] of [['board-NPTH-drl_map.gbr', symbols], ['board-PTH-drl_map.gbr', `%TF.FileFunction,Drillmap*%\n${symbols}`]] as const) {
      const result = await analyse(upload({ ...board(), [name]: text }));
      expect(fileNamed(result, name)?.type).toBe('drawing');
      expect(result.measurements).toMatchObject({ drillHits: FOUR_LAYER_BOARD.drillHits, smallestHoleMm: FOUR_LAYER_BOARD.smallestHoleMm });
      expect(codes(result)).not.toContain('smallHole');
    }
  });
});

describe('names nobody knows', () => {
  it('are read by what the files draw, each marked for the user to check', async () => {
    const names: Record<string, string> = {
      'board-F_Cu.gbr': 'film1.gbr', 'board-B_Cu.gbr': 'film4.gbr', 'board-F_Mask.gbr': 'film5.gbr',
      'board-F_Paste.gbr': 'film7.gbr', 'board-F_SilkS.gbr': 'film8.gbr', 'board-Edge_Cuts.gbr': 'film9.gbr', 'board.drl': 'film10.dat',
    };
    const result = await analyse(upload(Object.fromEntries(Object.entries(names).map(([from, to]) => [to, withoutX2(original(from))]))));
    const found = Object.fromEntries(result.files.map((file) => [file.name, file.type]));
    expect(found).toEqual({
      'film1.gbr': 'copper', 'film4.gbr': 'copper', 'film5.gbr': 'soldermask', 'film7.gbr': 'solderpaste',
      'film8.gbr': 'silkscreen', 'film9.gbr': 'outline', 'film10.dat': 'drill',
    });
    expect(result.files.filter((file) => file.format === 'gerber').every((file) => file.identifiedBy === 'content' && file.needsCheck)).toBe(true);
    // Excellon content is a drill file for sure, whatever its name.
    expect(fileNamed(result, 'film10.dat')).toMatchObject({ identifiedBy: 'content', needsCheck: false });
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([80, 60]);
  });
});

describe('outlines that close by geometry', () => {
  const layers = () => Object.fromEntries(fourLayerBoard().filter((file) => file.name !== 'board-Edge_Cuts.gbr').map((file) => [file.name, file.content]));
  const outline = (body: string, aperture = '0.100') => `%TF.FileFunction,Profile,NP*%\n%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,${aperture}*%\nD10*\n${body}M02*\n`;
  const line = (x1: number, y1: number, x2: number, y2: number) => `X${x1 * 1e6}Y${y1 * 1e6}D02*\nX${x2 * 1e6}Y${y2 * 1e6}D01*\n`;

  it('closes a frame whose sides run past each other, with V-score lines overhanging it, and measures the frame', async () => {
    // Each side overshoots the corner by 2 mm; V-scores cross the frame and run 6 mm past it; a label sits outside.
    const frame = line(-2, 0, 82, 0) + line(80, -2, 80, 62) + line(82, 60, -2, 60) + line(0, 62, 0, -2)
      + line(40, -6, 40, 66) + line(-6, 30, 86, 30) + line(90, 10, 95, 10) + line(95, 10, 95, 15);
    const result = await analyse(upload({ ...layers(), 'frame.gbr': outline(frame) }));
    expect(codes(result)).not.toContain('outlineOpen');
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([80, 60]);
  });

  it('measures an outline of thousands of segments along its centre line, not with its width', async () => {
    // A 1 mm wide line along a 104 mm circle around the board, in 3 000 segments.
    const points = Array.from({ length: 3001 }, (_, step) => {
      const angle = (2 * Math.PI * step) / 3000;
      return `X${Math.round((40 + 52 * Math.cos(angle)) * 1e6)}Y${Math.round((30 + 52 * Math.sin(angle)) * 1e6)}D0${step === 0 ? 2 : 1}*`;
    }).join('\n');
    const result = await analyse(upload({ ...layers(), 'round.gbr': outline(`${points}\n`, '1.000') }));
    expect(codes(result)).not.toContain('outlineOpen');
    expect(result.measurements?.widthMm).toBeCloseTo(104, 2);
    expect(result.measurements?.heightMm).toBeCloseTo(104, 2);
  });

  it('says an outline with a real opening is open, and measures what it has', async () => {
    const open = line(0, 0, 80, 0) + line(80, 0, 80, 60) + line(80, 60, 0, 60) + line(0, 60, 0, 10);
    const result = await analyse(upload({ ...layers(), 'open.gbr': outline(open) }));
    expect(result.alerts).toContainEqual({ code: 'outlineOpen', level: 'warning', fileId: fileNamed(result, 'open.gbr')?.id });
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([80, 60]);
  });
});
