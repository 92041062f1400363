import { normalizedExcellon, readExcellon, type ExcellonReading } from './excellon';
import type { Units } from './geometry';
import { FileLimits, GeometryOutOfRange, UploadBudget, type OutOfRange } from './geometry-limits';
import { readGerber, type GerberReading } from './gerber-read';
import { contentFormat, hasEndMarker, headText, type ContentFormat } from './sniff';
import type { SourceFile } from './unpack';

export type FileError = 'unparsable' | 'unknownType' | 'geometryOutOfRange';

/**
 * One uploaded file, read once: its format by content, its head (for attributes and layer names), and what tracespace
 * drew of it. An Excellon file is read by our own reader and drawn from that reading, so the picture shows the holes
 * that were counted. A file that cannot be read, or a Gerber file cut short (no M02), is 'unparsable' and fails alone;
 * one whose geometry passes a sane range (geometry-limits.ts) is 'geometryOutOfRange', refused as soon as it does.
 */
export interface ReadFile {
  source: SourceFile;
  format: ContentFormat;
  head: string;
  gerber: GerberReading | null;
  excellon: ExcellonReading | null;
  error: FileError | null;
  /** With 'geometryOutOfRange': the limit passed and the value found. */
  outOfRange: OutOfRange | null;
}

const latin1 = new TextDecoder('latin1');

/**
 * `asGerber`: read a file of unknown content too (the user gave it a type). `units`: what a drill file is drawn in,
 * the units of the board's Gerber files (see normalizedExcellon). `budget`: what the upload's files draw together.
 */
export function readFile(source: SourceFile, options: { asGerber?: boolean; units?: Units; budget?: UploadBudget } = {}): ReadFile {
  const format = contentFormat(source.content);
  const base: ReadFile = { source, format, head: headText(source.content), gerber: null, excellon: null, error: null, outOfRange: null };
  if (format === 'unknown' && !options.asGerber) return base;
  const limits = new FileLimits(options.budget ?? new UploadBudget());
  try {
    const text = latin1.decode(source.content);
    if (format === 'drill') {
      const excellon = readExcellon(text, limits);
      const holes = excellon.holes.length + excellon.paths.length;
      // A drill file without M30 is accepted while it has holes: some CAM tools end it with nothing.
      if (!hasEndMarker(source.content, format) && holes === 0) return { ...base, error: 'unparsable' };
      // Its holes were counted as read; drawn, they are the same pieces again.
      return { ...base, excellon, gerber: readGerber(normalizedExcellon(excellon, options.units), `l-${source.id}`) };
    }
    const gerber = readGerber(text, `l-${source.id}`, { limits });
    const cutShort = format === 'gerber' && !hasEndMarker(source.content, format);
    if (cutShort || (format === 'unknown' && gerber.svg.layer.length === 0)) {
      limits.release();
      return { ...base, error: 'unparsable' };
    }
    return { ...base, gerber };
  } catch (error) {
    limits.release();
    if (error instanceof GeometryOutOfRange) return { ...base, error: 'geometryOutOfRange', outOfRange: error.found };
    return { ...base, error: 'unparsable' };
  }
}

/** The units most of the Gerber files use. */
export function boardUnits(files: ReadFile[]): Units {
  const units = files.flatMap((file) => (file.gerber && file.format !== 'drill' ? [file.gerber.units] : []));
  return units.filter((unit) => unit === 'in').length > units.length / 2 ? 'in' : 'mm';
}
