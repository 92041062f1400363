import { zipSync } from 'fflate';
import { UPLOAD_LIMITS } from '../../src/contract/board-files';
import { zipBomb, zipOf } from './board-fixtures';
import { pathologicalLayer, strokeLayer } from './heavy-board';

/**
 * The uploads of the security re-tests, built in memory: each is something a visitor can post to
 * /api/quote/Upload without an account. None may end the gateway; each must be refused or fail with its message,
 * or simply be processed.
 */

export interface AttackBoard { name: string; zip: () => Buffer }

const encoder = new TextEncoder();
const HEADER = '%FSLAX24Y24*%\n%MOMM*%\n%LPD*%\n';

/** The re-test's own file: format 6.6, arcs whose centre lies ~10⁶ mm away. */
export function farArcsLayer(arcs: number): string {
  const lines = ['%FSLAX66Y66*%\n%MOMM*%\n%ADD10C,0.1*%\nD10*\nG75*\nX0Y0D02*\n'];
  for (let k = 0; k < arcs; k += 1) lines.push(`G02X${k}Y0I999999000000J999999000000D01*\n`);
  lines.push('M02*\n');
  return lines.join('');
}

/** A single flash stepped and repeated 10¹⁰ times. */
const stepAndRepeat = (): string => `${HEADER}%ADD10C,0.1*%\n%SRX100000Y100000I0.1J0.1*%\nD10*\nX0Y0D03*\n%SR*%\nM02*\n`;

/** A macro of 5,000 circles, flashed 5,000 times: 25 million shapes in about 200 kB. */
function macroLayer(): string {
  let macro = '%AMMANY*';
  for (let k = 0; k < 5000; k += 1) macro += `1,1,0.01,${(k % 100) * 0.02},${Math.floor(k / 100) * 0.02}*`;
  const flashes: string[] = [];
  for (let i = 0; i < 5000; i += 1) flashes.push(`X${(i % 100) * 30000}Y${Math.floor(i / 100) * 30000}D03*\n`);
  return `${HEADER}${macro}%\n%ADD10MANY*%\nD10*\n${flashes.join('')}M02*\n`;
}

/** Block apertures nested 24 deep, each flashing the one inside it 10 times: 10²⁴ flashes if expanded. */
function nestedBlocks(): string {
  const lines = [`${HEADER}%ADD10C,0.1*%\n`];
  for (let depth = 0; depth < 24; depth += 1) {
    const inner = 10 + depth;
    lines.push(`%ABD${inner + 1}*%\nD${inner}*\n`);
    for (let k = 0; k < 10; k += 1) lines.push(`X${k * 100}Y0D03*\n`);
    lines.push('%AB*%\n');
  }
  lines.push('D34*\nX0Y0D03*\nM02*\n');
  return lines.join('');
}

/** An Excellon file with a 1 m tool, coordinates a kilometre out and 600,000 holes. */
function absurdExcellon(): string {
  const holes: string[] = [];
  for (let i = 0; i < 600_000; i += 1) holes.push(`X${(i % 1000) * 10}Y${Math.floor(i / 1000) * 10}\n`);
  return `M48\nMETRIC,TZ\nT1C1000.000\nT2C0.300\n%\nT1\nX99999999Y99999999\nT2\n${holes.join('')}M30\n`;
}

/** A circle aperture a kilometre wide, flashed once, and a stroke two thousand kilometres long. */
const hugeGeometry = (): string =>
  `%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,1000000.0*%\n%ADD11C,0.1*%\nD10*\nX0Y0D03*\nD11*\nX-1000000000000Y0D02*\nX1000000000000Y0D01*\nM02*\n`;

/** Ninety-nine files of 1 MB of strokes each: 99 MB unpacked, just under the limit. */
function manyMegabyteFiles(): Buffer {
  const entries: Record<string, Uint8Array> = {};
  const layer = encoder.encode(strokeLayer(60_000));
  for (let i = 1; i <= 99; i += 1) entries[`layer-${i}.gbr`] = layer.slice(0, 1024 * 1024);
  return Buffer.from(zipSync(entries, { level: 6 }));
}

function tenThousandEntries(): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (let i = 0; i < 10_000; i += 1) entries[`f${i}.gbr`] = encoder.encode('G04 x*\nM02*\n');
  return Buffer.from(zipSync(entries, { level: 0 }));
}

/** Strokes up to 29 MB, under the 30 MB file limit. */
function strokesOf(bytes: number): string {
  const sample = strokeLayer(10_000);
  return strokeLayer(Math.floor((bytes / sample.length) * 10_000));
}

export const ATTACK_BOARDS: AttackBoard[] = [
  { name: '100,000 arcs of radius 10⁶ mm (FSLAX66Y66)', zip: () => zipOf({ 'board.gtl': farArcsLayer(100_000) }) },
  { name: '1,000 arcs of radius 10⁶ mm', zip: () => zipOf({ 'board.gtl': farArcsLayer(1_000) }) },
  { name: 'zip bomb of 1 GB', zip: () => zipBomb() },
  { name: 'zip bomb whose headers claim 1 kB', zip: () => zipBomb('board.gbr', 1024 ** 3, 1000) },
  { name: '10,000 entries', zip: tenThousandEntries },
  {
    name: 'names that climb out (../, /etc, C:\\)',
    zip: () => zipOf({ '../evil.gbr': 'G04*\nM02*\n', '/etc/evil.gbr': 'G04*\nM02*\n', 'C:\\evil.gbr': 'G04*\nM02*\n' }),
  },
  { name: '99 files of 1 MB', zip: manyMegabyteFiles },
  { name: 'step and repeat 10¹⁰ copies', zip: () => zipOf({ 'board.gtl': stepAndRepeat() }) },
  { name: '29 MB of strokes', zip: () => zipOf({ 'board.gtl': strokesOf(29 * 1024 * 1024) }) },
  { name: '30 MB of flashes of a 12-circle macro', zip: () => zipOf({ 'board.gtl': pathologicalLayer(UPLOAD_LIMITS.fileBytes) }) },
  { name: 'a macro of 5,000 circles flashed 5,000 times', zip: () => zipOf({ 'board.gtl': macroLayer() }) },
  { name: 'block apertures nested 24 deep', zip: () => zipOf({ 'board.gtl': nestedBlocks() }) },
  {
    name: 'Excellon: a 1 m tool, 1 km coordinates, 600,000 holes',
    zip: () => zipOf({ 'board.drl': absurdExcellon(), 'board.gtl': `${HEADER}%ADD10C,0.1*%\nD10*\nX0Y0D03*\nM02*\n` }),
  },
  { name: 'a 1 km aperture and a 2,000 km stroke', zip: () => zipOf({ 'board.gtl': hugeGeometry() }) },
];
