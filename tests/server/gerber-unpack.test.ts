// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../src/contract/board-files';
import { unpackUpload, UploadRefused, type RefusalCode } from '../../server/gerber/pipeline';
import { fourLayerBoard } from '../../scripts/four-layer-board';
import { PNG_BYTES, rawZip, zeroBomb, zipOf } from './gerber-fixtures';

/** Unpacking an upload in memory: what is taken, what is skipped, and every refusal. */

const GERBER = fourLayerBoard().find((file) => file.name === 'board-F_Cu.gbr')?.content ?? '';
const DRILL = fourLayerBoard().find((file) => file.name === 'board.drl')?.content ?? '';
const GIB = 2 ** 30;
const MB = 2 ** 20;

function refusal(action: () => unknown): { code: RefusalCode; params: Record<string, string | number> } {
  try {
    action();
  } catch (error) {
    if (error instanceof UploadRefused) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('not refused');
}

/** Runs a refusal and reports how long it took and how far the resident memory grew meanwhile. */
function measured(action: () => unknown) {
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const refused = refusal(action);
  return { ...refused, ms: performance.now() - started, grownMb: (process.memoryUsage().rss - rss) / MB };
}

describe('unpackUpload takes', () => {
  it('a zip in archive order, by base name, without folders and archiver junk', () => {
    const zip = zipOf({
      'gerber/': new Uint8Array(0),
      'gerber/board-F_Cu.gbr': GERBER,
      '__MACOSX/gerber/._board-F_Cu.gbr': 'resource fork',
      'gerber/.DS_Store': 'finder',
      'gerber/drill/board.drl': DRILL,
      'Thumbs.db': 'thumbnails',
      'readme.txt': 'made with care',
    });
    const files = unpackUpload(zip, 'board.zip');
    expect(files.map((file) => [file.id, file.name])).toEqual([['f1', 'board-F_Cu.gbr'], ['f2', 'board.drl'], ['f3', 'readme.txt']]);
    expect(new TextDecoder().decode(files[1]?.content)).toBe(DRILL);
  });

  it('a zip by its signature whatever its name, and one file as it is', () => {
    expect(unpackUpload(zipOf({ 'a.gbr': GERBER }), 'upload.gbr').map((file) => file.name)).toEqual(['a.gbr']);
    const single = unpackUpload(strToU8(GERBER), 'C:\\boards\\top.gtl');
    expect(single).toEqual([{ id: 'f1', name: 'top.gtl', content: strToU8(GERBER) }]);
  });

  it('stored entries, backslash folders and names in the DOS code page of Russian Windows', () => {
    const stored = zipSync({ 'gerber\\top.gtl': [strToU8(GERBER), { level: 0 }] });
    expect(unpackUpload(stored, 'x.zip')[0]?.name).toBe('top.gtl');
    const content = strToU8(GERBER);
    // «плата.gbr» in CP866, without the UTF-8 flag, as Windows Explorer writes it.
    const cp866 = new Uint8Array([0xaf, 0xab, 0xa0, 0xe2, 0xa0, 0x2e, 0x67, 0x62, 0x72]);
    const zip = rawZip([{ name: '', nameBytes: cp866, data: content, size: content.length, crc: crcOf(content), method: 0 }]);
    expect(unpackUpload(zip, 'x.zip')[0]?.name).toBe('плата.gbr');
  });
});

function crcOf(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('unpackUpload refuses', () => {
  it.each(['../evil.gbr', 'gerber/../../evil.gbr', '/etc/evil.gbr', 'C:\\evil.gbr', 'gerber\\..\\..\\evil.gbr', '__MACOSX/../../evil'])(
    'an entry leaving the archive: %s', (name) => {
      const zip = zipOf({ 'board.gbr': GERBER, [name]: GERBER });
      expect(refusal(() => unpackUpload(zip, 'x.zip'))).toEqual({ code: 'zipTraversal', params: { name } });
    });

  it('a 1 GB zip bomb, on the sizes it declares, at once and without inflating it', () => {
    const bomb = zeroBomb(GIB);
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.archiveBytes);
    const result = measured(() => unpackUpload(bomb, 'bomb.zip'));
    expect(result.code).toBe('unpackedTooLarge');
    expect(result.params).toEqual({ max: 100 });
    expect(result.ms).toBeLessThan(1000);
    expect(result.grownMb).toBeLessThan(100);
  });

  it('a 1 GB zip bomb whose headers lie about its size, stopping at the first byte past the lie', () => {
    const liar = zeroBomb(GIB, 2000);
    const result = measured(() => unpackUpload(liar, 'bomb.zip'));
    expect(result.code).toBe('unpackedTooLarge');
    expect(result.ms).toBeLessThan(1000);
    expect(result.grownMb).toBeLessThan(100);
  });

  it('a file larger than the file limit, and an archive larger than the archive limit', () => {
    const large = zeroBomb(UPLOAD_LIMITS.fileBytes + 1, UPLOAD_LIMITS.fileBytes + 1, 'dir/huge.gbr');
    expect(refusal(() => unpackUpload(large, 'x.zip'))).toEqual({ code: 'fileTooLarge', params: { name: 'huge.gbr', max: 30 } });
    const noise = new Uint8Array(UPLOAD_LIMITS.archiveBytes + 1).map((_, index) => (index * 2654435761) >>> 24);
    const archive = zipSync({ 'noise.gbr': [noise, { level: 0 }] });
    expect(refusal(() => unpackUpload(archive, 'x.zip'))).toEqual({ code: 'archiveTooLarge', params: { max: 25 } });
    expect(refusal(() => unpackUpload(noise, 'noise.gbr'))).toEqual({ code: 'fileTooLarge', params: { name: 'noise.gbr', max: 25 } });
  });

  it('more files than the limit', () => {
    const many = Object.fromEntries(Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, index) => [`layer${index}.gbr`, GERBER]));
    expect(refusal(() => unpackUpload(zipOf(many), 'x.zip'))).toEqual({ code: 'tooManyFiles', params: { max: 100 } });
    const limit = Object.fromEntries(Object.entries(many).slice(1));
    expect(unpackUpload(zipOf({ ...limit, '__MACOSX/._junk': 'x' }), 'x.zip')).toHaveLength(UPLOAD_LIMITS.files);
  });

  it('an encrypted entry', () => {
    const zip = zipOf({ 'board.gbr': GERBER });
    const data = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central = zip.findIndex((_, index) => data.getUint32(index, true) === 0x02014b50);
    data.setUint16(6, data.getUint16(6, true) | 1, true);
    data.setUint16(central + 8, data.getUint16(central + 8, true) | 1, true);
    expect(refusal(() => unpackUpload(zip, 'x.zip')).code).toBe('zipEncrypted');
  });

  it('a broken zip: cut short, a damaged byte, an unknown compression, a .zip that is not one', () => {
    const zip = zipOf({ 'board.gbr': GERBER, 'board.drl': DRILL });
    expect(refusal(() => unpackUpload(zip.slice(0, zip.length - 30), 'x.zip')).code).toBe('zipBroken');
    const damaged = zip.slice();
    damaged[60] = (damaged[60] ?? 0) ^ 0xff;
    expect(refusal(() => unpackUpload(damaged, 'x.zip')).code).toBe('zipBroken');
    const content = strToU8(GERBER);
    const bzip2 = rawZip([{ name: 'a.gbr', data: content, size: content.length, crc: crcOf(content), method: 12 }]);
    expect(refusal(() => unpackUpload(bzip2, 'x.zip')).code).toBe('zipBroken');
    expect(refusal(() => unpackUpload(strToU8(GERBER), 'board.zip')).code).toBe('zipBroken');
  });

  it('a PNG renamed board.gbr, and an archive with nothing of a board in it', () => {
    expect(refusal(() => unpackUpload(PNG_BYTES, 'board.gbr'))).toEqual({ code: 'notGerber', params: { name: 'board.gbr' } });
    expect(refusal(() => unpackUpload(strToU8('M02* is not enough'), 'board.gtl')).code).toBe('notGerber');
    const junk = zipOf({ 'readme.txt': 'hello', 'board.gbr': PNG_BYTES, 'drawing.pdf': '%PDF-1.4 %FSLAX24Y24*% D03*' });
    expect(refusal(() => unpackUpload(junk, 'x.zip')).code).toBe('noBoardFiles');
  });

  it('an upload with no file', () => {
    expect(refusal(() => unpackUpload(new Uint8Array(0), 'board.gbr')).code).toBe('emptyUpload');
    expect(refusal(() => unpackUpload(zipOf({ 'gerber/': new Uint8Array(0), '__MACOSX/._x': 'x' }), 'x.zip')).code).toBe('emptyUpload');
  });
});
