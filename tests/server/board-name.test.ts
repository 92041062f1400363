import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_TITLE_MAX } from '../../src/contract/board-files';
import { boardNameOf, decodeGerberText, type BoardName } from '../../server/gerber/board-name';
import { unpackUpload, type SourceFile } from '../../server/gerber/unpack';
import { corpusAvailable, corpusBoard, corpusBoardNames } from '../../scripts/gerber-corpus';

/**
 * A board is named after itself — the project its files state, the design name its CAD tool writes, the
 * files' common stem, the zip's name — never after its first file. The expected names were read off the files by hand.
 */
const EXPECTED: Record<string, string | null> = {
  // Allegro's header: "Layout Name: C:/tmp/…/08_037760d.brd" (the board's part number).
  'allegro-4l-adalm1000': '08_037760d',
  'altium-8l-limesdr-mini-panel-zip': 'LimeSDR_Mini_1v0_Rounded_panel',
  // Top.gbr, Bottom.gbr, BoardOutline.gbr, Through.drl: nothing names the board.
  'diptrace-2l-at2xt-v110': null,
  // gerber_job.gbrjob: "Overall": { "Name": { "ProjectId": "Iridium_9603_Beacon" } }.
  'eagle9-2l-iridium-beacon-milling': 'Iridium_9603_Beacon',
  'eagle9-2l-sparkfun-panel-zip': 'SparkFun_Pulse_Oximeter_Heart-Rate_Sensor-Panel',
  // gerbers.zip: outputs/gerber_job.gbrjob in Gerber syntax, %TJ.B_ID,mchair*%.
  'eagle9-4l-mtrain-zip': 'mchair',
  // Gerber_TopLayer.GTL, Drill_PTH_Through.DRL…: layer names only, and no name in the headers.
  'easyeda-2l-osab-mainboard': null,
  'easyedapro-2l-inteeg': null,
  // combined.* files of a panel: 18 ProjectId lines say OtterPill, 14 the edge rails.
  'gerberpanelizer-2l-otterpill-x4-zip': 'OtterPill',
  'kicad4-2l-tomu': 'tomu',
  'kicad5-2l-mcb19-x2-gerberdrill': 'MCB19',
  'kicad5-2l-otterpill': 'OtterPill',
  'kicad6-2l-at2xt': 'at2xt',
  // The files are TFRPM01D-*, the X2 ProjectId and the job file say TFRPM01.
  'kicad6-2l-tfrpm01-subfolder': 'TFRPM01',
  'kicad7-4l-ottercast-audio': 'OtterCastAudioV2',
  'kicad9-2l-openrpncalc-main-zip': 'main',
  'kicad9-2l-panel-keytops-zip': 'KeyTops_production',
  'librepcb-2l-test-project': 'test_project',
  // Every PADS film carries %IN "PC-379-396-15-C02_DIGIT"*%.
  'pads-8l-zest-digitizer': 'PC-379-396-15-C02_DIGIT',
  // "C_ESR_METER_107_R19 - CADCAM Top Copper.GBR": Proteus's 'CADCAM' is no part of the name.
  'proteus-2l-c-esr-meter': 'C_ESR_METER_107_R19',
  'sprintlayout-2l-atu10': 'ATU-10_v1-4c5a_jlcpcb-[ATU-10]',
};
/** Words a board must never be named by: layers and file kinds. */
const LAYER_NAMES = /(^|[-_. ])(B_Cu|F_Cu|BoardOutline|BoardOutlineLayer|TopLayer|BottomLayer|Gerber|Drill|copper_top|Top|Bottom)$/i;

const rows: string[] = [];
afterAll(() => {
  if (rows.length > 0) console.log(`board → name (source), upload name\n${rows.join('\n')}`);
});

const names = corpusAvailable() ? corpusBoardNames() : [];

describe.each(names)('real board %s', (board) => {
  it('is named after the board, never after a layer or its first file', () => {
    const { truth, upload, uploadName } = corpusBoard(board);
    const files = unpackUpload(upload, uploadName);
    // Loose files travel as the app sends several picked files: zipped, named after the first.
    const sentAs = truth.archive ?? `${files[0]?.name.replace(/\.[^.]*$/, '')}.zip`;
    const found = boardNameOf(files, sentAs);
    rows.push(`${board.padEnd(38)} ${(found?.name ?? '—').padEnd(48)} ${(found?.source ?? '').padEnd(8)} ${sentAs}`);
    expect(found?.name ?? null).toBe(EXPECTED[board]);
    expect(found?.name ?? '').not.toMatch(LAYER_NAMES);
  });
});

it('has an expected name for every board of the corpus', () => {
  expect(Object.keys(EXPECTED).sort()).toEqual([...names].sort());
});

const encoder = new TextEncoder();
const file = (name: string, text: string, id = name): SourceFile => ({ id, name, content: encoder.encode(text) });
const gerber = (name: string, attributes = '') => file(name, `${attributes}%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,0.1*%\nD10*\nX0Y0D03*\nM02*\n`);
const drill = (name: string) => file(name, 'M48\nMETRIC\nT1C0.8\n%\nT1\nX1Y1\nM30\n');
const named = (files: SourceFile[], uploadName = 'upload.zip'): BoardName | null => boardNameOf(files, uploadName);

describe('the board name from X2 and the job file', () => {
  it('takes field 1 of %TF.ProjectId, decoding the \\u escapes of the Gerber format', () => {
    const attributes = '%TF.ProjectId,Pl\\u00E4tine\\u002C v2,1234,rev?*%\n';
    expect(named([gerber('x-F_Cu.gbr', attributes), gerber('x-B_Cu.gbr', attributes)])).toEqual({ name: 'Plätine, v2', source: 'x2' });
    expect(decodeGerberText('Smile \\U0001F600 \\q')).toBe('Smile 😀 \\q');
  });

  it('reads KiCad\'s comment form of the attribute and prefers it to the file names', () => {
    const files = [gerber('pcb-F_Cu.gtl', 'G04 #@! TF.ProjectId,Charger,4d43,rev?*\n'), drill('pcb.drl')];
    expect(named(files)).toEqual({ name: 'Charger', source: 'x2' });
  });

  it('takes the job file\'s GeneralSpecs.ProjectId.Name, its \\u escapes decoded as JSON', () => {
    const job = file(
      'b.gbrjob',
      JSON.stringify({ GeneralSpecs: { ProjectId: { Name: 'Плата\u0020УМ', GUID: 'x', Revision: 'A' } } }).replace(
        'Плата',
        '\\u041f\\u043b\\u0430\\u0442\\u0430',
      ),
    );
    expect(named([gerber('Top.gbr'), gerber('Bottom.gbr'), job])).toEqual({ name: 'Плата УМ', source: 'job' });
  });

  it('ignores an empty ProjectId and a job file that is not JSON nor a Gerber job', () => {
    const files = [gerber('a-F_Cu.gbr', '%TF.ProjectId,,1,rev?*%\n'), gerber('a-B_Cu.gbr'), file('a.gbrjob', '{ broken')];
    expect(named(files)).toEqual({ name: 'a', source: 'stem' });
  });
});

describe('the board name from the file names', () => {
  it('takes the common stem without layer words and extensions (KiCad, Altium, EAGLE)', () => {
    expect(named([gerber('board-F_Cu.gbr'), gerber('board-B_Cu.gbr'), gerber('board-Edge_Cuts.gbr'), drill('board.drl')])?.name).toBe('board');
    expect(named([gerber('LimeSDR-Mini.GTL'), gerber('LimeSDR-Mini.GBL'), drill('LimeSDR-Mini.TXT')])?.name).toBe('LimeSDR-Mini');
    expect(named([gerber('name.GTL'), gerber('name.GBS'), gerber('name.GKO')])?.name).toBe('name');
  });

  it('keeps a revision letter and strips the layer from a single file\'s name', () => {
    expect(named([gerber('ESP32-P4-PC_Rev_B-B_Cu.gbr')], 'ESP32-P4-PC_Rev_B-B_Cu.gbr')).toEqual({ name: 'ESP32-P4-PC_Rev_B', source: 'stem' });
  });

  it('finds no stem in files named only by their layer', () => {
    expect(named([gerber('Gerber_TopLayer.GTL'), gerber('Gerber_BottomLayer.GBL'), gerber('Gerber_BoardOutline.GKO')], 'Gerber_BoardOutline.zip')).toBeNull();
    expect(named([gerber('copper_top.gbr'), gerber('copper_bottom.gbr')], 'copper_top.zip')).toBeNull();
    expect(named([gerber('F_Cu.gbr')], 'F_Cu.gbr')).toBeNull();
  });

  it('leaves out files that are no Gerber nor drill (a readme, a BOM)', () => {
    const files = [gerber('amp-F_Cu.gbr'), gerber('amp-B_Cu.gbr'), file('README.txt', 'Order 10 boards'), file('bom.csv', 'ref,value')];
    expect(named(files)?.name).toBe('amp');
  });
});

describe('the board name from the zip\'s name', () => {
  it('takes the zip\'s name without .zip, KiCad\'s .kicad_pcb and the word gerber', () => {
    const files = [gerber('Gerber_TopLayer.GTL'), gerber('Gerber_BottomLayer.GBL')];
    expect(named(files, 'Motor-Driver_v3.zip')).toEqual({ name: 'Motor-Driver_v3', source: 'archive' });
    expect(named(files, 'OtterPill-gerber-v1.2-x4.zip')?.name).toBe('OtterPill-v1.2-x4');
    expect(named(files, 'main.kicad_pcb_gerber.zip')?.name).toBe('main');
    expect(named(files, 'Gerber_Motor  Driver__v3.zip')?.name).toBe('Motor Driver_v3');
  });

  it('takes nothing from a zip named "gerbers", after a layer, or after one of its own files', () => {
    const files = [gerber('Gerber_TopLayer.GTL'), gerber('Gerber_BottomLayer.GBL')];
    expect(named(files, 'gerbers.zip')).toBeNull();
    expect(named(files, 'Gerber_BoardOutline.zip')).toBeNull();
    expect(named([...files, drill('Drill_NPTH_Through.DRL')], 'Drill_NPTH_Through.zip')).toBeNull();
  });
});

describe('a name that could not be a title', () => {
  it('is trimmed, its separators collapsed, cut to the longest project title', () => {
    const long = 'Б'.repeat(PROJECT_TITLE_MAX + 50);
    expect(named([gerber('a.gbr', `%TF.ProjectId,${long},1,rev?*%\n`)])?.name).toHaveLength(PROJECT_TITLE_MAX);
    expect(named([gerber('a.gbr', '%TF.ProjectId,  __My   board--__ ,1,rev?*%\n')])?.name).toBe('My board');
    const emoji = `${'a'.repeat(PROJECT_TITLE_MAX - 1)}😀`;
    expect(named([gerber('a.gbr', `%TF.ProjectId,${emoji},1,rev?*%\n`)])?.name).toBe('a'.repeat(PROJECT_TITLE_MAX - 1));
  });

  it('is none when nothing is usable: no files of a board, separators only', () => {
    expect(named([], '')).toBeNull();
    expect(named([file('notes.txt', 'hello')], '.zip')).toBeNull();
    expect(named([gerber('a.gbr', '%TF.ProjectId, - _ ,1,rev?*%\n'), gerber('Top.gbr')], '__.zip')).toBeNull();
  });
});
