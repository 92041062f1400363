import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fourLayerBoard } from '../../scripts/four-layer-board';
import { layerOfFileName } from '../../server/gerber/layer-names';
import { analyseFiles, type LayerOverride, type ProcessingResult, type SourceFile } from '../../server/gerber/pipeline';

/**
 * Layer sides that hold. A PADS board's `…TOPSOLDERMASK.m1`, `…TOPSILKSCREEN.s1`, `…TOPSOLDERPASTE.p1` are top
 * layers: the TOP joined to the layer word outvotes a 'B' elsewhere in the name, or the board shows two bottom masks
 * and no top one, as if certain. Names from the real-board corpus and from how
 * PADS and other tools name their films, then whole uploads written from the generated four-layer board.
 */
const layer = (name: string) => {
  const found = layerOfFileName(name);
  return found ? `${found.type}:${found.side ?? found.number ?? '-'}${found.weak ? '?' : ''}` : null;
};

describe('the side a name says', () => {
  it('reads PADS\'s TOPSOLDERMASK.m1, TOPSILKSCREEN.s1 and TOPSOLDERPASTE.p1 as the top\'s, a revision B in the name or not', () => {
    for (const prefix of ['ZEST', 'ZEST_RevB', 'ZEST-B', 'PCB_B2']) {
      expect([`${prefix}-TOPSOLDERMASK.m1`, `${prefix}-TOPSILKSCREEN.s1`, `${prefix}-TOPSOLDERPASTE.p1`, `${prefix}-BOTTOMSOLDERMASK.m2`].map(layer), prefix)
        .toEqual(['soldermask:top', 'silkscreen:top', 'solderpaste:top', 'soldermask:bottom']);
    }
  });

  it('reads TOP and BOTTOM in any case, joined or apart, with any separator', () => {
    const top = ['TOP_SILK.gbr', 'top-silk.gbr', 'Top Silk.gbr', 'TopSilk.gbr', 'TOPSILK.gbr', 'silk.top.gbr', 'SilkscreenTop.gbr',
      'F.SilkS.gbr', 'f_silks.gbr', 'Front_Silk.gbr', 'MASKT.GBR', 'board.tcream.ger', 'Gerber_TopLayer.gbr'];
    const bottom = ['BOT_SILK.gbr', 'BOTTOMSILK.gbr', 'Back_Silk.gbr', 'B.SilkS.gbr', 'silkscreen_bottom.gbr', 'SILKB.gbr',
      'proj_BotSilk.gbr', 'board.bcream.ger', 'Gerber_BottomLayer.gbr'];
    expect(top.map(layer).map((found) => found?.split(':')[1])).toEqual(top.map(() => 'top'));
    expect(bottom.map(layer).map((found) => found?.split(':')[1])).toEqual(bottom.map(() => 'bottom'));
  });

  it('takes the side joined to the layer over a side word elsewhere in the name', () => {
    expect(['Front_Panel-B_Cu.gbr', 'Back_Cover-F_Mask.gbr', 'Top_Board-BOTTOMSILKSCREEN.gbr'].map(layer))
      .toEqual(['copper:bottom', 'soldermask:top', 'silkscreen:bottom']);
  });

  it('lets a name that says TOP or BOTTOM win over an extension that says otherwise, and asks to check it', () => {
    expect(['board-F_Mask.gbs', 'board-B_Paste.gtp', 'Board-BOTTOMSOLDERMASK.m1', 'board-B_Mask.gbs', 'board-BOTTOMSOLDERMASK.m2'].map(layer))
      .toEqual(['soldermask:top?', 'solderpaste:bottom?', 'soldermask:bottom?', 'soldermask:bottom', 'soldermask:bottom']);
  });

  it('takes a side only hinted at (cmp, sol, a letter alone) as a guess to check, and a revision letter for no side', () => {
    expect(['pcb-cmp-mask.gbr', 'pcb-sol-resist.gbr', 'legend_board_b.gbr', 'board_rev_B-soldermask.gbr'].map(layer))
      .toEqual(['soldermask:top?', 'soldermask:bottom?', 'silkscreen:bottom?', 'soldermask:-?']);
  });

  it('numbers PADS\'s films by their copper layer: the corpus\'s sm008028, and .m2, SM1, SS2 and L3', () => {
    expect(
      [
        'sm001021.pho',
        'sm008028.pho',
        'smd001023.pho',
        'sst001026.pho',
        'board.m2',
        'board.s1',
        'board.p2',
        'XXX_SM1.PHO',
        'XXX_SS2.PHO',
        'XXX_L3.PHO',
      ].map(layer),
    ).toEqual([
      'soldermask:1',
      'soldermask:8',
      'solderpaste:1',
      'silkscreen:1',
      'soldermask:2',
      'silkscreen:1',
      'solderpaste:2',
      'soldermask:1',
      'silkscreen:2',
      'copper:3',
    ]);
  });
});

const withoutX2 = (text: string) => text.replace(/^%TF\.[^\n]*\n/gm, '').replace(/^; #@! [^\n]*\n/gm, '');
const original = (name: string) => fourLayerBoard().find((file) => file.name === name)?.content ?? '';

/** The generated four-layer board's files under other names, without their X2 attributes: `to` ← `from`. */
function upload(names: Record<string, string>): SourceFile[] {
  return Object.entries(names).map(([to, from], index) => ({ id: `f${index + 1}`, name: to, content: strToU8(withoutX2(original(from))) }));
}
const analyse = (files: SourceFile[], overrides: LayerOverride[] | null = null) => analyseFiles(files, overrides, () => undefined);
const fileNamed = (result: ProcessingResult, name: string) => result.files.find((file) => file.name === name);
const codes = (result: ProcessingResult) => result.alerts.map((alert) => alert.code);
const SIDE_ALERTS = ['twoMasksOneSide', 'twoSilksOneSide', 'twoPastesOneSide', 'maskOnOneSide', 'drillSpanMismatch'];

describe('a PADS board uploaded', () => {
  it('has its mask, silk and paste films on their sides, each shown as certain, and nothing to warn about', async () => {
    const result = await analyse(upload({
      'art001.pho': 'board-F_Cu.gbr', 'pgp002.pho': 'board-In1_Cu.gbr', 'pgp003.pho': 'board-In2_Cu.gbr', 'art004.pho': 'board-B_Cu.gbr',
      'ZEST_RevB-TOPSOLDERMASK.m1': 'board-F_Mask.gbr', 'ZEST_RevB-BOTTOMSOLDERMASK.m4': 'board-B_Mask.gbr',
      'ZEST_RevB-TOPSILKSCREEN.s1': 'board-F_SilkS.gbr', 'ZEST_RevB-TOPSOLDERPASTE.p1': 'board-F_Paste.gbr',
      'ZEST_RevB-OUTLINE.pho': 'board-Edge_Cuts.gbr', 'drl001.drl': 'board.drl',
    }));
    expect(result.files.filter((file) => file.name.startsWith('ZEST_RevB-T') || file.name.includes('BOTTOM'))
      .map((file) => `${file.name} ${file.type}:${file.side} ${file.identifiedBy}${file.needsCheck ? ' check' : ''}`)).toEqual([
      'ZEST_RevB-TOPSOLDERMASK.m1 soldermask:top name', 'ZEST_RevB-BOTTOMSOLDERMASK.m4 soldermask:bottom name',
      'ZEST_RevB-TOPSILKSCREEN.s1 silkscreen:top name', 'ZEST_RevB-TOPSOLDERPASTE.p1 solderpaste:top name',
    ]);
    expect(result.measurements?.copperLayers).toEqual(['top', 'inner', 'inner', 'bottom']);
    expect(codes(result).filter((code) => SIDE_ALERTS.includes(code))).toEqual([]);
  });

  it('places films named by their layer number alone (.m1, .m2, .s1, .p1) by the copper count', async () => {
    const result = await analyse(upload({
      'board.gtl': 'board-F_Cu.gbr', 'board.gbl': 'board-B_Cu.gbr', 'board.m1': 'board-F_Mask.gbr', 'board.m2': 'board-B_Mask.gbr',
      'board.s1': 'board-F_SilkS.gbr', 'board.p1': 'board-F_Paste.gbr', 'board.gko': 'board-Edge_Cuts.gbr', 'board.drl': 'board.drl',
    }));
    expect(['board.m1', 'board.m2', 'board.s1', 'board.p1'].map((name) => fileNamed(result, name))
      .map((file) => `${file?.type}:${file?.side}${file?.needsCheck ? ' check' : ''}`))
      .toEqual(['soldermask:top', 'soldermask:bottom', 'silkscreen:top', 'solderpaste:top']);
    expect(codes(result).filter((code) => SIDE_ALERTS.includes(code))).toEqual([]);
  });
});

describe('the layers checked against each other', () => {
  const board = (extra: Record<string, string>) => upload({
    'board-F_Cu.gbr': 'board-F_Cu.gbr', 'board-In1_Cu.gbr': 'board-In1_Cu.gbr', 'board-In2_Cu.gbr': 'board-In2_Cu.gbr',
    'board-B_Cu.gbr': 'board-B_Cu.gbr', 'board-Edge_Cuts.gbr': 'board-Edge_Cuts.gbr', ...extra,
  });

  it('says when one side has two masks and the other none, asks to check both, and is content once the user sets one', async () => {
    const files = board({ 'first-B_Mask.gbr': 'board-F_Mask.gbr', 'board-B_Mask.gbr': 'board-B_Mask.gbr', 'board.drl': 'board.drl' });
    const result = await analyse(files);
    const first = fileNamed(result, 'first-B_Mask.gbr');
    const second = fileNamed(result, 'board-B_Mask.gbr');
    // Each alert names a file of the two: the layer table shows it beside the text.
    expect(result.alerts).toEqual(expect.arrayContaining([
      { code: 'twoMasksOneSide', level: 'warning', fileId: second?.id }, { code: 'maskOnOneSide', level: 'warning', fileId: second?.id },
    ]));
    expect([first?.needsCheck, second?.needsCheck]).toEqual([true, true]);
    const corrected = await analyse(files, [{ id: first?.id ?? '', type: 'soldermask', side: 'top', hidden: false, order: first?.order ?? 0 }]);
    expect(codes(corrected).filter((code) => SIDE_ALERTS.includes(code))).toEqual([]);
    expect(fileNamed(corrected, 'first-B_Mask.gbr')).toMatchObject({ side: 'top', identifiedBy: 'user', needsCheck: false });
    expect(fileNamed(corrected, 'board-B_Mask.gbr')?.needsCheck).toBe(false);
  });

  it('says when two silkscreens or two pastes lie on one side', async () => {
    const result = await analyse(board({
      'board-F_Mask.gbr': 'board-F_Mask.gbr', 'board-B_Mask.gbr': 'board-B_Mask.gbr', 'board.drl': 'board.drl',
      'a-F_SilkS.gbr': 'board-F_SilkS.gbr', 'b-F_SilkS.gbr': 'board-F_SilkS.gbr', 'a-F_Paste.gbr': 'board-F_Paste.gbr', 'b-F_Paste.gbr': 'board-F_Paste.gbr',
    }));
    expect(codes(result).filter((code) => SIDE_ALERTS.includes(code)).sort()).toEqual(['twoPastesOneSide', 'twoSilksOneSide']);
    expect(
      result.files
        .filter((file) => file.needsCheck)
        .map((file) => file.name)
        .sort(),
    ).toEqual(['a-F_Paste.gbr', 'a-F_SilkS.gbr', 'b-F_Paste.gbr', 'b-F_SilkS.gbr']);
  });

  const masks = { 'board-F_Mask.gbr': 'board-F_Mask.gbr', 'board-B_Mask.gbr': 'board-B_Mask.gbr' };
  const drillAlerts = (result: ProcessingResult) => result.alerts.filter((alert) => alert.code === 'drillSpanMismatch')
    .map((alert) => (alert.fileId ? result.files.find((file) => file.id === alert.fileId)?.name : null));

  it('says when a drill file joins layers beyond the copper files (ncdrill-1-6 beside four), Eagle\'s layer 16 being its bottom', async () => {
    expect(drillAlerts(await analyse(board({ ...masks, 'ncdrill-1-6.drl': 'board.drl' })))).toEqual(['ncdrill-1-6.drl']);
    expect(drillAlerts(await analyse(board({ ...masks, 'drill_1_16.xln': 'board.drl' })))).toEqual([]);
  });

  it('says when no drill file joins some copper layers (blind vias 1-2 alone), and nothing once through and buried drills join all', async () => {
    expect(drillAlerts(await analyse(board({ ...masks, 'ncdrill-1-2.drl': 'board.drl' })))).toEqual([null]);
    expect(drillAlerts(await analyse(board({ ...masks, 'ncdrill-1-4.drl': 'board.drl', 'ncdrill-2-3.drl': 'board.drl' })))).toEqual([]);
  });
});
