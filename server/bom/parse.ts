import { LIMITS } from '../../src/contract/board';
import type { BomSummary } from '../../src/contract/projects';
import { ApiError } from '../http/errors';
import { findHeader, type ColumnRole, type HeaderMatch } from './columns';
import { decodeText, parseDelimited, type SheetRow } from './csv';
import { isBottomSide, mountTypeOf, parseCoordinate, parseQuantity, splitDesignators } from './parts';
import { readXlsx } from './xlsx';

export type BomKind = BomSummary['kind'];

/** Only this many skipped line numbers are listed (the contract says at most 20). */
const SKIPPED_LISTED = 20;
const DELIMITERS = [';', ',', '\t'] as const;

const refuse = (key: 'bomFormat' | 'bomNoDesignator' | 'bomNoColumns' | 'bomNoRows', params = {}) =>
  new ApiError(400, key, params, { field: 'dataBase64', code: key });

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** The old binary Excel format (OLE compound file): not read, the user is asked for CSV or XLSX. */
const isOle = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

interface Table { rows: SheetRow[]; header: HeaderMatch }

/** Enough text for the header search rows of any sane file. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;

/**
 * The delimiter that finds the richest header in the file's start wins (ties: ';' as Russian Excel writes, then ',',
 * then tab); only then is the whole file split, once.
 */
function readDelimited(bytes: Uint8Array, required: readonly ColumnRole[]): Table | null {
  const text = decodeText(bytes);
  const sample = text.slice(0, DELIMITER_SAMPLE_CHARS);
  let best: { delimiter: string; names: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const header = findHeader(parseDelimited(sample, delimiter), required);
    if (header && (!best || header.names.length > best.names)) best = { delimiter, names: header.names.length };
  }
  if (!best) return null;
  const rows = parseDelimited(text, best.delimiter);
  const header = findHeader(rows, required);
  return header ? { rows, header } : null;
}

function readTable(fileName: string, bytes: Uint8Array, required: readonly ColumnRole[]): Table | null {
  if (isOle(bytes) || /\.xls$/i.test(fileName)) throw refuse('bomFormat');
  if (isZip(bytes) || /\.xlsx$/i.test(fileName)) {
    const rows = readXlsx(bytes);
    const header = findHeader(rows, required);
    return header ? { rows, header } : null;
  }
  return readDelimited(bytes, required);
}

interface Part { count: number; key: string; type: 'smd' | 'tht'; bottom: boolean }

/** One data row as a part, or null when it cannot be read (no designator, no count, bad coordinates). */
function readRow(kind: BomKind, row: SheetRow, columns: HeaderMatch['columns']): Part | null {
  const cell = (role: ColumnRole) => {
    const index = columns[role];
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const designators = splitDesignators(cell('designator'));
  let count: number | null;
  if (kind === 'pnp') {
    const badCoordinate = (['x', 'y'] as const).some((role) => columns[role] !== undefined && parseCoordinate(cell(role)) === null);
    count = designators.length > 0 && !badCoordinate ? 1 : null;
  } else {
    const quantityCell = cell('quantity');
    count = quantityCell !== '' ? parseQuantity(quantityCell) : designators.length > 0 ? designators.length : null;
  }
  if (count === null) return null;
  const value = cell('value');
  const footprint = cell('footprint');
  const mpn = cell('mpn');
  const key = mpn !== '' ? `mpn:${mpn.toLowerCase()}`
    : value !== '' || footprint !== '' ? `vf:${value.toLowerCase()}|${footprint.toLowerCase()}`
      : `line:${row.line}`;
  return { count, key, type: mountTypeOf(cell('type'), footprint), bottom: isBottomSide(cell('side')) };
}

/**
 * Reads a BOM or pick-and-place file (CSV with ',', ';' or tab; or XLSX) into the mounting parameters. A BOM counts
 * quantities (or designators), a pick-and-place file one part per row. Refusals are 400 with a message saying why.
 */
export function parseBomFile(kind: BomKind, fileName: string, bytes: Uint8Array): BomSummary {
  const required: ColumnRole[] = kind === 'pnp' ? ['designator'] : ['designator', 'quantity'];
  const table = readTable(fileName, bytes, required);
  if (!table) throw refuse(kind === 'pnp' ? 'bomNoDesignator' : 'bomNoColumns');
  const { rows, header } = table;
  const skippedLines: number[] = [];
  const unique = new Set<string>();
  let rowsRead = 0;
  const totals = { components: 0, smd: 0, tht: 0, top: 0, bottom: 0 };
  for (const row of rows.slice(header.rowIndex + 1)) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    const part = readRow(kind, row, header.columns);
    if (!part) {
      if (skippedLines.length < SKIPPED_LISTED) skippedLines.push(row.line);
      continue;
    }
    rowsRead += 1;
    if (part.count === 0) continue;
    unique.add(part.key);
    totals.components += part.count;
    totals[part.type] += part.count;
    totals[part.bottom ? 'bottom' : 'top'] += part.count;
  }
  if (totals.components === 0) throw refuse('bomNoRows');
  if (totals.components > LIMITS.components.max) {
    throw new ApiError(400, 'bomTooManyComponents', { max: LIMITS.components.max }, { field: 'dataBase64', code: 'bomTooManyComponents' });
  }
  return {
    kind,
    rows: rowsRead,
    mounting: {
      components: totals.components,
      uniqueParts: unique.size,
      smd: totals.smd,
      tht: totals.tht,
      sides: totals.top > 0 && totals.bottom > 0 ? 2 : 1,
    },
    skippedLines,
    columns: header.names,
  };
}
