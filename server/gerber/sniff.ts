/**
 * What a file is, judged by its bytes: names lie (a PNG renamed .gbr, a readme called .txt that whats-that-gerber
 * takes for a drill file), so the name only ever chooses between layers of a file whose content is Gerber or Excellon.
 */
export type ContentFormat = 'gerber' | 'drill' | 'unknown';

/** Enough of a file to find its header (format, units, apertures or tools); the end marker is looked for separately. */
const HEAD_BYTES = 256 * 1024;
const TAIL_BYTES = 1024;

export function isZip(bytes: Uint8Array): boolean {
  // Local file header, or the end record alone (an empty archive).
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b
    && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

const BINARY_MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // %PDF: text-like at the start, compressed streams inside
  [0x50, 0x4b, 0x03, 0x04], // a zip inside the zip
  [0x1f, 0x8b], // gzip
  [0x42, 0x4d], // BMP
];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((value, index) => bytes[index] === value);
}

/** Gerber and Excellon are 7-bit text: a NUL byte or a known binary signature settles it. */
export function isBinary(bytes: Uint8Array): boolean {
  if (BINARY_MAGIC.some((magic) => startsWith(bytes, magic))) return true;
  const end = Math.min(bytes.length, HEAD_BYTES);
  for (let index = 0; index < end; index += 1) if (bytes[index] === 0) return true;
  return false;
}

const latin1 = new TextDecoder('latin1');

/** The file's head as text (latin1 keeps one character per byte, so no input makes the decoder fail). */
export function headText(bytes: Uint8Array): string {
  return latin1.decode(bytes.subarray(0, HEAD_BYTES));
}

export function tailText(bytes: Uint8Array): string {
  return latin1.decode(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
}

// RS-274X: the format statement is mandatory (Allegro puts more in its block: %FSLAX55Y55*MOIN*%); with it, an
// aperture, a D-code operation or the end marker.
const GERBER_FORMAT = /%FS[LTD]?[AI][^*%]*X\d\dY\d\d[^*%]*\*/;
const GERBER_BODY = /%ADD\d+|(?:^|[*\s])(?:[XYIJ][+-]?\d+)*D0?[123]\*|M02\*/;
// Excellon: the M48 header, a tool with its diameter (T1C0.8, T01F00S00C0.0280), or `%` then G90/G05.
const DRILL_HEADER = /^\s*M48\b|^T\d+[A-Z0-9.]*C\d*\.?\d+/m;
const DRILL_REWIND = /^%\s*$[\s\S]*^G9[01]\b|^%\s*$[\s\S]*^G05\b/m;
const DRILL_BODY = /^(?:T\d+)?[XY][+-]?\d*\.?\d+|^M30\b/m;

export function contentFormat(bytes: Uint8Array): ContentFormat {
  if (bytes.length === 0 || isBinary(bytes)) return 'unknown';
  const text = headText(bytes);
  if (GERBER_FORMAT.test(text) && GERBER_BODY.test(text)) return 'gerber';
  if ((DRILL_HEADER.test(text) || DRILL_REWIND.test(text)) && DRILL_BODY.test(text)) return 'drill';
  return 'unknown';
}

/** A Gerber file must end with M02 (M00 in old ones), an Excellon file with M30 (M00): without it, it was cut short. */
export function hasEndMarker(bytes: Uint8Array, format: ContentFormat): boolean {
  const tail = tailText(bytes);
  if (format === 'gerber') return /M0[02]\*/.test(tail);
  if (format === 'drill') return /^\s*M(?:30|00)\b/m.test(tail);
  return false;
}
