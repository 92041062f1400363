import { zipSync } from 'fflate';
import { UPLOAD_LIMITS } from '../../src/contract/board-files';

/** Boards that take real work to process, built in memory: for the limit, queue and two-gateway tests. */

const encoder = new TextEncoder();
const HEADER = '%FSLAX24Y24*%\n%MOMM*%\n%LPD*%\n';

/** A copper layer of `strokes` tiny strokes in a zigzag: valid Gerber that costs time and memory in proportion. */
export function strokeLayer(strokes: number): string {
  const lines = [`${HEADER}%ADD10C,0.0100*%\nD10*\nX0Y0D02*\n`];
  for (let i = 0; i < strokes; i += 1) lines.push(`X${(i % 2) * 5}Y${i}D01*\n`);
  lines.push('M02*\n');
  return lines.join('');
}

/**
 * Just under `bytes` (30 MB at most, the file limit) of flashes of a macro aperture made of twelve circles: about
 * 2.3 million flashes, 28 million shapes in 30 MB. No board is like this; a worker runs out of heap drawing it.
 */
export function pathologicalLayer(bytes = UPLOAD_LIMITS.fileBytes): Uint8Array {
  let macro = '%AMDOTS*';
  for (let k = 0; k < 12; k += 1) macro += `1,1,0.01,${(k * 0.02).toFixed(2)},0*`;
  const parts = [`${HEADER}${macro}%\n%ADD10DOTS*%\nD10*\n`];
  let size = parts[0]?.length ?? 0;
  const end = 'M02*\n';
  for (let i = 0; ; i += 1) {
    const flash = `X${i % 1000}Y${Math.floor(i / 1000)}D03*\n`;
    if (size + flash.length + end.length > bytes) break;
    parts.push(flash);
    size += flash.length;
  }
  parts.push(end);
  return encoder.encode(parts.join(''));
}

export const zipLayer = (name: string, content: string | Uint8Array): Buffer =>
  Buffer.from(zipSync({ [name]: typeof content === 'string' ? encoder.encode(content) : content }, { level: 6 }));
