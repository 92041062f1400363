/** One row of a table as read from a file: its 1-based line (or sheet row) number and its cells. */
export interface SheetRow { line: number; cells: string[] }

/** More rows than any real BOM has; a file beyond it is read up to here. */
export const MAX_ROWS = 100_000;

/**
 * The text of a CSV file: UTF-8 with or without a BOM, UTF-16 when it starts with a UTF-16 BOM (Excel's
 * "Unicode text"), and Windows-1251 when the bytes are not valid UTF-8 (Excel's CSV on a Russian Windows).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/**
 * Splits delimited text into rows: fields in double quotes may hold the delimiter, line breaks and doubled quotes
 * (RFC 4180); \r\n, \n and \r all end a row. Each row keeps the line it started on, for the skipped-lines list.
 */
export function parseDelimited(text: string, delimiter: string): SheetRow[] {
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let atFieldStart = true;
  let line = 1;
  let rowLine = 1;
  const endField = () => {
    cells.push(field);
    field = '';
    atFieldStart = true;
  };
  const endRow = () => {
    endField();
    rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length && rows.length < MAX_ROWS; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') { field += '"'; i += 1; continue; }
      if (char === '"') { quoted = false; continue; }
      if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
      field += char;
      continue;
    }
    if (char === '"' && atFieldStart) { quoted = true; atFieldStart = false; continue; }
    if (char === delimiter) { endField(); continue; }
    if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
      continue;
    }
    field += char;
    atFieldStart = false;
  }
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}
