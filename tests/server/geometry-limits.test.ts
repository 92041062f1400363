// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { GEOMETRY_LIMITS, type BoardFile, type GeometryLimit } from '../../src/contract/board-files';
import { UploadBudget } from '../../server/gerber/geometry-limits';
import { analyseFiles, unpackUpload, type ProcessingResult } from '../../server/gerber/pipeline';
import { readFile } from '../../server/gerber/read-file';
import { zipOf } from './gerber-fixtures';

/**
 * Files whose geometry is past any sane range: each is refused while it is read, with the limit it passed,
 * the value and its name, in well under a second and without the memory the old reading spent on it (the tester's
 * 251 KB upload of 100 000 arcs of radius 10⁶ mm took the gateway down).
 */

const MB = 1024 * 1024;
const encoder = new TextEncoder();
const HEADER = '%FSLAX46Y46*%\n%MOMM*%\n';
/** A number in %FSLAX46Y46 from mm. */
const mm = (value: number) => String(Math.round(value * 1e6));

/** The tester's copper layer: format 6.6, `arcs` arcs whose centre offsets are 999 999 mm each way. */
function testerLayer(arcs: number, mode = ''): string {
  const lines = ['%FSLAX66Y66*%', '%MOMM*%', '%ADD10C,0.100000*%', 'D10*', ...(mode ? [mode] : []), 'X0Y0D02*'];
  for (let k = 1; k <= arcs; k += 1) lines.push(`G02X${k}Y0I999999000000J999999000000D01*`);
  lines.push('M02*');
  return `${lines.join('\n')}\n`;
}

/** The whole pipeline on an upload, its time and how far the heap grew meanwhile. */
async function analysed(upload: Uint8Array): Promise<{ result: ProcessingResult; ms: number; heapMb: number }> {
  const files = unpackUpload(upload, 'upload.zip');
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = await analyseFiles(files, null, () => undefined);
  return { result, ms: performance.now() - started, heapMb: (process.memoryUsage().heapUsed - heapBefore) / MB };
}

const named = (result: ProcessingResult, name: string): BoardFile | undefined => result.files.find((file) => file.name === name);

/** Refused quickly, in bounded memory, as `geometryOutOfRange` naming the limit; the value is returned for checks. */
async function expectRefused(files: Record<string, string>, name: string, kind: GeometryLimit, heapLimitMb = 200): Promise<number> {
  const { result, ms, heapMb } = await analysed(zipOf(files));
  const file = named(result, name);
  expect(file).toMatchObject({ error: 'geometryOutOfRange', outOfRange: { kind, limit: GEOMETRY_LIMITS[kind] } });
  expect(file?.outOfRange?.value).toBeGreaterThan(GEOMETRY_LIMITS[kind]);
  expect(result.alerts).toContainEqual({ code: 'fileOutOfRange', level: 'error', fileId: file?.id });
  expect(result.renders.map((render) => render.name)).not.toContain(`layer-${file?.id}`);
  expect(ms).toBeLessThan(1000);
  expect(heapMb).toBeLessThan(heapLimitMb);
  return file?.outOfRange?.value ?? 0;
}

describe('the tester\'s upload', () => {
  it('refuses the 100 000 arcs of radius 10⁶ mm in format 6.6 by their radius, at once', async () => {
    const zip = zipOf({ 'board.gtl': testerLayer(100_000) });
    expect(zip.length).toBeLessThan(300 * 1024);
    const { result, ms, heapMb } = await analysed(zip);
    // The offsets read exactly: √2 × 999 999 mm.
    expect(named(result, 'board.gtl')).toMatchObject({ error: 'geometryOutOfRange', outOfRange: { kind: 'arcRadiusMm', value: 1414212.15, limit: 2000 } });
    expect(result.measurements).toBeNull();
    expect(ms).toBeLessThan(1000);
    expect(heapMb).toBeLessThan(200);
  });

  it('refuses the same arcs in multi-quadrant mode, where each is a full circle', async () => {
    await expectRefused({ 'board.gtl': testerLayer(100_000, 'G75*') }, 'board.gtl', 'arcRadiusMm');
  });

  it('refuses the 2.9 KB variant of 1 000 arcs', async () => {
    const zip = zipOf({ 'board.gtl': testerLayer(1000, 'G75*') });
    expect(zip.length).toBeLessThan(3 * 1024);
    await expectRefused({ 'board.gtl': testerLayer(1000, 'G75*') }, 'board.gtl', 'arcRadiusMm');
  });
});

describe('Gerber past a sane range', () => {
  it('refuses arcs of a sane radius when there are too many chords to cut them into, before cutting them', async () => {
    // 20 000 full circles of 100 mm on one spot: 10 million chords. A zero-width tool leaves the area out of it.
    const circles = Array.from({ length: 20_000 }, () => `G02X0Y0I${mm(100)}J0D01*`).join('\n');
    const value = await expectRefused({ 'circles.gtl': `${HEADER}%ADD10C,0*%\nD10*\nG75*\nX0Y0D02*\n${circles}\nM02*\n` }, 'circles.gtl', 'uploadPieces');
    expect(value).toBeGreaterThan(9_000_000);
  });

  it('refuses a drawing wider than 2 m, naming its width', async () => {
    const value = await expectRefused({ 'wide.gtl': `${HEADER}%ADD10C,0.1*%\nD10*\nX0Y0D02*\nX${mm(3000)}Y0D01*\nM02*\n` }, 'wide.gtl', 'spanMm');
    expect(value).toBe(3000.1);
  });

  it('reads format 6.6 exactly: 1 999.999999 mm is within the span, 2 000.000001 mm is not, 999 999 mm reads as itself', async () => {
    const line = (to: string) => `%FSLAX66Y66*%\n%MOMM*%\n%ADD10C,0*%\nD10*\nX0Y0D02*\nX${to}Y0D01*\nM02*\n`;
    const within = await analysed(zipOf({ 'within.gtl': line('1999999999') }));
    expect(named(within.result, 'within.gtl')?.error).toBeNull();
    const past = await analysed(zipOf({ 'past.gtl': line('2000000001') }));
    expect(named(past.result, 'past.gtl')?.outOfRange?.kind).toBe('spanMm');
    expect(await expectRefused({ 'far.gtl': line('999999000000') }, 'far.gtl', 'originMm')).toBe(999999);
  });

  it('refuses a drawing 7 m from the origin', async () => {
    await expectRefused({ 'far.gtl': `${HEADER}%ADD10C,0.1*%\nD10*\nX${mm(7000)}Y0D03*\nM02*\n` }, 'far.gtl', 'originMm');
  });

  it('refuses apertures larger than any board', async () => {
    expect(await expectRefused({ 'pad.gtl': `${HEADER}%ADD10C,600*%\nD10*\nX0Y0D03*\nM02*\n` }, 'pad.gtl', 'apertureMm')).toBe(600);
    expect(await expectRefused({ 'rect.gtl': `${HEADER}%ADD10R,10X900*%\nD10*\nX0Y0D03*\nM02*\n` }, 'rect.gtl', 'apertureMm')).toBe(900);
  });

  it('refuses a step and repeat of 10¹⁰ copies before the plotter lists them', async () => {
    const value = await expectRefused({ 'panel.gtl': `${HEADER}%ADD10C,0.1*%\n%SRX100000Y100000I1J1*%\nD10*\nX0Y0D03*\n%SR*%\nM02*\n` }, 'panel.gtl', 'copies');
    expect(value).toBe(1e10);
  });

  it('refuses apertures of absurd complexity: a polygon, a moiré, a macro of too many primitives', async () => {
    expect(await expectRefused({ 'poly.gtl': `${HEADER}%ADD10P,1X100000000*%\nD10*\nX0Y0D03*\nM02*\n` }, 'poly.gtl', 'apertureParts')).toBe(1e8);
    await expectRefused(
      { 'moire.gtl': `${HEADER}%AMRINGS*6,0,0,10,0.0000001,0,100000000,0.1,10,0*%\n%ADD10RINGS*%\nD10*\nX0Y0D03*\nM02*\n` },
      'moire.gtl',
      'apertureParts',
    );
    const dots = Array.from({ length: 12_000 }, () => '1,1,1,0,0').join('*');
    await expectRefused({ 'macro.gtl': `${HEADER}%AMDOTS*${dots}*%\n%ADD10DOTS*%\nD10*\nX0Y0D03*\nM02*\n` }, 'macro.gtl', 'apertureParts');
  });

  it('refuses a file that covers more than a square metre', async () => {
    const square = `G36*\nX0Y0D02*\nX${mm(1000)}Y0D01*\nX${mm(1000)}Y${mm(1000)}D01*\nX0Y${mm(1000)}D01*\nX0Y0D01*\nG37*`;
    expect(await expectRefused({ 'pour.gtl': `${HEADER}%ADD10C,0.1*%\n${square}\n${square}\nM02*\n` }, 'pour.gtl', 'fileAreaM2')).toBe(2);
  });

  it('refuses nested block apertures whose copies multiply past the pieces an upload may draw, in bounded time', async () => {
    // Each block flashes the one inside it twice: a thousand deep is 2^1000 copies. Block apertures are expanded
    // where flashed, each flash counted before it is copied: refused once the copies reach the upload's
    // 5 million pieces, which a few million numbers hold (the heap is measured before it collects them).
    let text = `${HEADER}%ADD10C,0.1*%\n`;
    for (let depth = 0; depth < 1000; depth += 1) text += `%ABD${11 + depth}*%\n`;
    text += 'D10*\nX0Y0D03*\n';
    for (let depth = 999; depth >= 0; depth -= 1) text += `%AB*%\nD${11 + depth}*\nX0Y0D03*\nX${mm(1)}Y0D03*\n`;
    await expectRefused({ 'blocks.gtl': `${text}M02*\n` }, 'blocks.gtl', 'uploadPieces', 300);
  });

  it('takes a number too long to be one for an unreadable file, not for a size', async () => {
    const { result } = await analysed(zipOf({ 'huge.gtl': `${HEADER}%ADD10C,1${'9'.repeat(400)}*%\nD10*\nX0Y0D03*\nM02*\n` }));
    expect(named(result, 'huge.gtl')).toMatchObject({ error: 'unparsable' });
    expect(named(result, 'huge.gtl')?.outOfRange).toBeUndefined();
  });
});

describe('Excellon past a sane range', () => {
  const drill = (body: string, tool = 'T1C0.8') => `M48\nMETRIC,TZ\n${tool}\n%\nG90\nG05\nT1\n${body}\nM30\n`;

  it('refuses holes 10 m from the origin', async () => {
    await expectRefused({ 'board.drl': drill('X0Y0\nX9999999Y0') }, 'board.drl', 'originMm');
  });

  it('refuses a repeat code of a billion holes before repeating it', async () => {
    expect(await expectRefused({ 'board.drl': drill('X0Y0\nR999999999X0.1Y0') }, 'board.drl', 'holes')).toBe(1_000_000_000);
  });

  it('refuses a drill half a metre wide', async () => {
    expect(await expectRefused({ 'board.drl': drill('X0Y0', 'T1C500.0') }, 'board.drl', 'drillMm')).toBe(500);
  });

  it('refuses a routed arc of radius 10⁶ mm', async () => {
    await expectRefused({ 'board.drl': drill('G00X0Y0\nM15\nG02X1.0Y0A1000000.0\nM16') }, 'board.drl', 'arcRadiusMm');
  });
});

describe('what the files of one upload draw together', () => {
  const pour = (sideMm: number) =>
    `${HEADER}G36*\nX0Y0D02*\nX${mm(sideMm)}Y0D01*\nX${mm(sideMm)}Y${mm(sideMm)}D01*\nX0Y${mm(sideMm)}D01*\nX0Y0D01*\nG37*\nM02*\n`;
  const source = (name: string, text: string) => ({ id: name, name, content: encoder.encode(text) });

  it('refuses the file that takes the upload past its area, gives its share back, and reads the next that fits', () => {
    const budget = new UploadBudget();
    // Each 990 mm square is within a file's square metre; eleven of them are past the upload's ten.
    const read = Array.from({ length: 11 }, (_, index) => readFile(source(`pour${index + 1}.gbr`, pour(990)), { budget }));
    expect(read.slice(0, 10).map((file) => file.error)).toEqual(Array(10).fill(null));
    expect(read[10]).toMatchObject({ error: 'geometryOutOfRange', outOfRange: { kind: 'uploadAreaM2', limit: 10 } });
    expect(read[10]?.outOfRange?.value).toBeCloseTo(10.78, 2);
    expect(readFile(source('small.gbr', pour(100)), { budget }).error).toBeNull();
  });
});

describe('real files', () => {
  it('reads every tracespace fixture of the Gerber and drill features without a geometry refusal', () => {
    const root = join(import.meta.dirname, '../../node_modules/@tracespace/fixtures/gerbers');
    const refused = readdirSync(root).flatMap((folder) => readdirSync(join(root, folder)).filter((name) => !name.endsWith('.svg')).flatMap((name) => {
      const read = readFile({ id: 'f1', name, content: new Uint8Array(readFileSync(join(root, folder, name))) }, { asGerber: true });
      return read.error ? [`${folder}/${name}: ${read.error} ${JSON.stringify(read.outOfRange)}`] : [];
    }));
    expect(refused).toEqual([]);
  });
});
