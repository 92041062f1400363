import { unzipSync } from 'fflate';
import { ApiError } from '../http/errors';
import { MAX_ROWS, type SheetRow } from './csv';

/**
 * What the parts of a workbook we read may take unpacked, by the sizes the archive declares. fflate never inflates
 * an entry past its declared size, so a lying zip bomb yields a cut-off (and unreadable) part, not a flood.
 */
export const XLSX_UNPACKED_MAX_BYTES = 32 * 1024 * 1024;

const WANTED = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/sheet\d+\.xml)$/;

const broken = () => new ApiError(400, 'bomXlsxBroken', {}, { field: 'dataBase64', code: 'bomXlsxBroken' });

function unpack(bytes: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!WANTED.test(file.name)) return false;
        total += file.originalSize;
        if (total > XLSX_UNPACKED_MAX_BYTES) {
          throw new ApiError(400, 'bomXlsxTooLarge', { megabytes: XLSX_UNPACKED_MAX_BYTES / 1024 / 1024 },
            { field: 'dataBase64', code: 'bomXlsxTooLarge' });
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw broken();
  }
  return files;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

interface XmlElement { attrs: string; body: string; start: number; end: number }

/**
 * The `name` elements of `xml`, in order, with a namespace prefix or not (`<x:row>`, as some programs write).
 * Found with forward index searches only, and an unclosed element ends the search: a crafted sheet cannot make
 * the scan quadratic as a lazy `[\s\S]*?` regular expression would.
 */
function elements(xml: string, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const open = new RegExp(`<(\\w+:)?${name}(?=[\\s/>])`, 'g');
  for (let match = open.exec(xml); match; match = open.exec(xml)) {
    const tagEnd = xml.indexOf('>', match.index);
    if (tagEnd < 0) break;
    const attrStart = match.index + match[0].length;
    if (xml[tagEnd - 1] === '/') {
      found.push({ attrs: xml.slice(attrStart, tagEnd - 1), body: '', start: match.index, end: tagEnd + 1 });
      open.lastIndex = tagEnd + 1;
      continue;
    }
    const close = `</${match[1] ?? ''}${name}>`;
    const closeAt = xml.indexOf(close, tagEnd + 1);
    if (closeAt < 0) break;
    found.push({ attrs: xml.slice(attrStart, tagEnd), body: xml.slice(tagEnd + 1, closeAt), start: match.index, end: closeAt + close.length });
    open.lastIndex = closeAt + close.length;
  }
  return found;
}

const attribute = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** All `<t>` texts inside, joined: rich-text runs of one cell; phonetic hints (`<rPh>`) are not part of the text. */
function joinedText(xml: string): string {
  let plain = xml;
  for (const hint of elements(xml, 'rPh').reverse()) plain = plain.slice(0, hint.start) + plain.slice(hint.end);
  return elements(plain, 't').map((text) => decodeXmlText(text.body)).join('');
}

function sharedStrings(xml: string | undefined): string[] {
  return xml ? elements(xml, 'si').map((item) => joinedText(item.body)) : [];
}

/** The first sheet in the workbook's own order, not the first file name (sheets can be reordered). */
function firstSheetPath(files: Record<string, Uint8Array>, text: (path: string) => string | undefined): string | undefined {
  const workbook = text('xl/workbook.xml') ?? '';
  const rels = text('xl/_rels/workbook.xml.rels') ?? '';
  const sheet = elements(workbook, 'sheet')[0];
  const id = sheet ? attribute(sheet.attrs, 'r:id') : undefined;
  for (const relationship of elements(rels, 'Relationship')) {
    if (id === undefined || attribute(relationship.attrs, 'Id') !== id) continue;
    const target = attribute(relationship.attrs, 'Target') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (files[path]) return path;
  }
  const sheetNumber = (path: string) => Number(/sheet(\d+)\.xml$/.exec(path)?.[1] ?? Infinity);
  return Object.keys(files).filter((path) => path.startsWith('xl/worksheets/')).sort((a, b) => sheetNumber(a) - sheetNumber(b))[0];
}

/** "AB12" → 27 (0-based column). */
function columnIndex(ref: string | undefined): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(ref ?? '')?.[1];
  if (!letters) return null;
  return [...letters.toUpperCase()].reduce((sum, char) => sum * 26 + char.charCodeAt(0) - 64, 0) - 1;
}

function cellText(attrs: string, body: string, strings: string[]): string {
  const type = attribute(attrs, 't');
  if (type === 'inlineStr') return joinedText(body);
  const value = decodeXmlText(elements(body, 'v')[0]?.body ?? '');
  if (type === 's') return strings[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  if (type === 'e') return '';
  return value;
}

/** The rows of the first worksheet of an XLSX workbook, with their sheet row numbers. */
export function readXlsx(bytes: Uint8Array): SheetRow[] {
  const files = unpack(bytes);
  const decoder = new TextDecoder('utf-8');
  const text = (path: string) => (files[path] ? decoder.decode(files[path]) : undefined);
  const sheetPath = firstSheetPath(files, text);
  const sheet = sheetPath ? text(sheetPath) : undefined;
  if (!sheet || !/<(\w+:)?worksheet[\s>]/.test(sheet)) throw broken();
  const strings = sharedStrings(text('xl/sharedStrings.xml'));
  const rows: SheetRow[] = [];
  let previousLine = 0;
  for (const row of elements(sheet, 'row')) {
    if (rows.length >= MAX_ROWS) break;
    const line = Number(attribute(row.attrs, 'r') ?? previousLine + 1);
    previousLine = line;
    const cells: string[] = [];
    for (const cell of elements(row.body, 'c')) {
      const index = columnIndex(attribute(cell.attrs, 'r')) ?? cells.length;
      // Sheets skip empty cells; a huge column letter must not make a huge array.
      if (index > 1000) continue;
      while (cells.length < index) cells.push('');
      cells[index] = cellText(cell.attrs, cell.body, strings).trim();
    }
    rows.push({ line, cells });
  }
  return rows;
}
