import type { FileError } from './read-file';
import type { Box } from './geometry';
import type { IdentifiedFile } from './identify';

/** A file as identified, with why it was not used when it was not: what measuring, drawing and checking take. */
export interface AnalysedFile {
  file: IdentifiedFile;
  error: FileError | null;
}

/** Files that count: not hidden by the user. */
export function visible(files: AnalysedFile[]): AnalysedFile[] {
  return files.filter((entry) => !entry.file.hidden);
}

/** Copper layers in stack order: the board's layers whether or not each parsed (a failed one is still a layer). */
export function copperFiles(files: AnalysedFile[]): AnalysedFile[] {
  return visible(files).filter((entry) => entry.file.type === 'copper').sort((a, b) => a.file.order - b.file.order);
}

/** The smallest box around all of these. */
export function union(boxes: (Box | null)[]): Box | null {
  return boxes.reduce<Box | null>((result, box) => {
    if (!box) return result;
    if (!result) return [...box];
    return [Math.min(result[0], box[0]), Math.min(result[1], box[1]), Math.max(result[2], box[2]), Math.max(result[3], box[3])];
  }, null);
}
