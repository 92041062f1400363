import type { IdentifiedFile } from './identify';

/**
 * What DFM and the board's edge read a file as (docs/decisions.md): nothing when it is hidden or has no
 * drawing; a drawing when it is one or has no type (the edge reads both alike, no rule reads either); else its type
 * and side. Its place in the stack is not read. `automatic`: a file of unknown content is read only once the user
 * gives it a type, so the automatic identification never read it.
 */
function readAs(file: IdentifiedFile, automatic: boolean): string {
  if (file.hidden || file.read.gerber === null || (automatic && file.read.format === 'unknown')) return 'none';
  if (file.type === null || file.type === 'drawing') return 'drawing';
  return `${file.type}:${file.side ?? ''}`;
}

/**
 * Whether the user's corrections change what DFM measures: some file is read as another layer than the automatic
 * identification reads it, left out where it was read, or read where it was not. A new order of the layers alone
 * does not; both lists hold the same files in the same order (identifyFiles of the same reading).
 */
export function correctsWhatDfmReads(automatic: readonly IdentifiedFile[], corrected: readonly IdentifiedFile[]): boolean {
  return corrected.some((file, index) => {
    const before = automatic[index];
    return before === undefined || readAs(before, true) !== readAs(file, false);
  });
}
