import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fourLayerBoard } from '../../scripts/four-layer-board';
import { analyseFiles, type LayerOverride, type ProcessingResult, type SourceFile } from '../../server/gerber/pipeline';
import { contentFormat } from '../../server/gerber/sniff';
import { boardNames, FIXTURE_BOARDS, manifest, PNG_BYTES } from './gerber-fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Identification, failures that stay with their file, the user's corrections and the alerts. */

function sources(files: { name: string; content: string | Uint8Array }[]): SourceFile[] {
  return files.map((file, index) => ({
    id: `f${index + 1}`, name: file.name, content: typeof file.content === 'string' ? strToU8(file.content) : file.content,
  }));
}

function arduino(): { name: string; content: Uint8Array }[] {
  return manifest('arduino-uno').map((layer) => ({ name: layer.name, content: new Uint8Array(readFileSync(join(FIXTURE_BOARDS, 'arduino-uno', layer.name))) }));
}

const board = () => fourLayerBoard();
const analyse = (files: SourceFile[], overrides: LayerOverride[] | null = null) => analyseFiles(files, overrides, () => undefined);
const fileNamed = (result: ProcessingResult, name: string) => result.files.find((file) => file.name === name);
const codes = (result: ProcessingResult) => result.alerts.map((alert) => alert.code);

it('the fixtures are there', () => {
  expect(boardNames()).toContain('arduino-uno');
});

describe('a file that fails', () => {
  it('fails alone when it is cut short: the rest of the board still renders and measures', async () => {
    const files = arduino();
    const top = files.find((file) => file.name === 'arduino-uno.cmp');
    const cut = { name: 'arduino-uno-copy.cmp', content: top?.content.slice(0, 4000) ?? new Uint8Array(0) };
    const result = await analyse(sources([...files, cut]));
    const failed = fileNamed(result, 'arduino-uno-copy.cmp');
    expect(failed?.error).toBe('unparsable');
    expect(result.alerts).toContainEqual({ code: 'fileFailed', level: 'error', fileId: failed?.id });
    expect(result.renders.map((render) => render.name)).not.toContain(`layer-${failed?.id}`);
    expect(result.renders.map((render) => render.name)).toEqual(expect.arrayContaining(['top', 'bottom', 'layer-f1']));
    expect(result.files.filter((file) => file.error !== null)).toHaveLength(1);
    expect([result.measurements?.widthMm, result.measurements?.heightMm]).toEqual([68.58, 53.34]);
  });

  it('fails alone when tracespace throws on it (coordinates before the format), instead of taking the process down', async () => {
    const broken = 'G04 coordinates first*\nX100Y100D02*\n%FSLAX24Y24*%\n%MOIN*%\n%ADD10C,0.01*%\nD10*\nX200Y200D01*\nM02*\n';
    const result = await analyse(sources([...board(), { name: 'broken.gtl', content: broken }]));
    expect(fileNamed(result, 'broken.gtl')?.error).toBe('unparsable');
    expect(result.measurements?.layerCount).toBe(5);
    expect(codes(result)).toEqual(expect.arrayContaining(['fileFailed', 'layerCountMismatch']));
    expect(result.renders.find((render) => render.name === 'top')).toBeDefined();
  });
});

describe('identification', () => {
  it('keeps files that are not Gerber as unknown, with an alert each, and goes on', async () => {
    const result = await analyse(sources([...board(), { name: 'readme.txt', content: 'Made with care' }, { name: 'logo.gbr', content: PNG_BYTES }]));
    for (const name of ['readme.txt', 'logo.gbr']) {
      const file = fileNamed(result, name);
      expect(file).toMatchObject({ format: 'unknown', type: null, side: null, identifiedBy: null, error: 'unknownType' });
      expect(result.alerts).toContainEqual({ code: 'unknownFiles', level: 'info', fileId: file?.id });
    }
    expect(result.measurements?.layerCount).toBe(4);
  });

  it('takes an Excellon file for a drill whatever its name, and reads X2 before the name', async () => {
    const drill = board().find((file) => file.name === 'board.drl')?.content ?? '';
    const misnamed = drill.replace(/^; #@!.*$/gm, '');
    const topNamedAsBottom = (board().find((file) => file.name === 'board-F_Cu.gbr')?.content ?? '');
    const result = await analyse(sources([{ name: 'part7.dat', content: misnamed }, { name: 'board-B_Cu.gbr', content: topNamedAsBottom }]));
    expect(fileNamed(result, 'part7.dat')).toMatchObject({ format: 'drill', type: 'drill', side: 'all', identifiedBy: 'content' });
    expect(fileNamed(result, 'board-B_Cu.gbr')).toMatchObject({ format: 'gerber', type: 'copper', side: 'top', identifiedBy: 'x2' });
  });

  it('sniffs the content, not the name', () => {
    const sniff = (text: string | Uint8Array) => contentFormat(typeof text === 'string' ? strToU8(text) : text);
    expect(sniff(board()[0]?.content ?? '')).toBe('gerber');
    expect(sniff(board().find((file) => file.name === 'board.drl')?.content ?? '')).toBe('drill');
    expect(sniff('%\nM48\nM72\nT01C0.0240\n%\nT01\nX16910Y10810\nM30\n')).toBe('drill');
    expect(sniff(PNG_BYTES)).toBe('unknown');
    expect(sniff('%FSLAX24Y24*%\0D03*')).toBe('unknown');
    expect(sniff('Readme: D03* and M02* are Gerber words')).toBe('unknown');
    expect(sniff('')).toBe('unknown');
  });
});

describe("the user's corrections", () => {
  it('win over identification, leave hidden files out and renumber the order', async () => {
    const files = sources(board());
    const outline = files.find((file) => file.name === 'board-Edge_Cuts.gbr');
    const silk = files.find((file) => file.name === 'board-F_SilkS.gbr');
    const paste = files.find((file) => file.name === 'board-F_Paste.gbr');
    const result = await analyse(files, [
      { id: outline?.id ?? '', type: 'outline', side: 'all', hidden: true, order: 0 },
      { id: silk?.id ?? '', type: 'silkscreen', side: 'bottom', hidden: false, order: 40 },
      { id: paste?.id ?? '', type: 'solderpaste', side: 'top', hidden: false, order: 7 },
    ]);
    expect(fileNamed(result, 'board-Edge_Cuts.gbr')).toMatchObject({ hidden: true, identifiedBy: 'x2', error: null });
    expect(fileNamed(result, 'board-F_SilkS.gbr')).toMatchObject({ side: 'bottom', identifiedBy: 'user' });
    expect(fileNamed(result, 'board-F_Paste.gbr')?.identifiedBy).toBe('x2');
    expect(result.files.map((file) => file.order).sort((a, b) => a - b)).toEqual(result.files.map((_, index) => index));
    expect(fileNamed(result, 'board-F_SilkS.gbr')?.order).toBe(result.files.length - 1);
    expect(result.renders.map((render) => render.name)).not.toContain(`layer-${outline?.id}`);
    expect(result.measurements?.sizeFromOutline).toBe(false);
    expect(codes(result)).toContain('noOutline');
  });

  it('give a side a type can have', async () => {
    const files = sources(board());
    const drill = files.find((file) => file.name === 'board.drl');
    const result = await analyse(files, [{ id: drill?.id ?? '', type: 'outline', side: 'top', hidden: false, order: 3 }]);
    expect(fileNamed(result, 'board.drl')).toMatchObject({ type: 'outline', side: 'all', identifiedBy: 'user' });
    expect(codes(result)).toContain('noDrill');
  });
});

describe('alerts', () => {
  it('no drill, no copper', async () => {
    const silkOnly = await analyse(sources(board().filter((file) => file.name === 'board-F_SilkS.gbr')));
    expect(silkOnly.alerts).toEqual(expect.arrayContaining([
      { code: 'noCopper', level: 'error', fileId: null },
      { code: 'noDrill', level: 'warning', fileId: null },
      { code: 'noOutline', level: 'warning', fileId: null },
    ]));
  });

  it('a hole smaller than can be drilled', async () => {
    const files = board().map((file) => file.name === 'board.drl' ? { ...file, content: file.content.replace('T1C0.300', 'T1C0.100') } : file);
    const result = await analyse(sources(files));
    expect(result.measurements?.smallestHoleMm).toBe(0.1);
    expect(result.alerts).toContainEqual({ code: 'smallHole', level: 'warning', fileId: null });
  });

  it('an outline that does not close', async () => {
    const files = board().map((file) => file.name === 'board-Edge_Cuts.gbr'
      ? { ...file, content: file.content.replace(/X80000000Y57000000D01\*/, 'X80000000Y40000000D01*\nX80000000Y57000000D02*') } : file);
    const result = await analyse(sources(files));
    const outline = fileNamed(result, 'board-Edge_Cuts.gbr');
    expect(result.alerts).toContainEqual({ code: 'outlineOpen', level: 'warning', fileId: outline?.id });
    expect(result.measurements?.widthMm).toBe(80);
  });

  it('reports each step as it starts, in order', async () => {
    const steps: string[] = [];
    await analyseFiles(sources(board()), null, (step) => steps.push(step));
    expect(steps).toEqual(['identify', 'render', 'measure', 'check']);
  });
});
