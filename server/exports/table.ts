import { strToU8, zipSync } from 'fflate';

/** A cell of an exported list: text, an amount in roubles, a calendar date (Moscow), or nothing. */
export type Cell = { text: string } | { money: number } | { date: Date } | null;
export interface Table { sheet: string; header: string[]; rows: Cell[][] }

const MOSCOW = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
const moscowParts = (at: Date) => Object.fromEntries(MOSCOW.formatToParts(at).map((part) => [part.type, part.value]));

/** A cell that a spreadsheet would run as a formula ('=', '+', '-', '@' first) is kept as text with a leading quote. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if ('money' in cell) return cell.money.toFixed(2).replace('.', ',');
  if ('date' in cell) {
    const parts = moscowParts(cell.date);
    return `${parts.day}.${parts.month}.${parts.year}`;
  }
  const text = defused(cell.text);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV as Russian Excel opens it with a double click: UTF-8 with a BOM, ';' between cells, decimal commas, CRLF. */
export function toCsv(table: Table): Uint8Array {
  const lines = [table.header.map((title) => csvCell({ text: title })), ...table.rows.map((row) => row.map(csvCell))];
  return strToU8(`\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`);
}

/** Control characters XML 1.0 does not allow (all below a space but tab, line feed and return) are dropped. */
const allowedInXml = (char: string) => char >= ' ' || char === '\t' || char === '\n' || char === '\r';
const xml = (text: string) => [...text].filter(allowedInXml).join('')
  .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const column = (index: number): string => (index < 26 ? '' : column(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));

/** Days since 1899-12-30 of the Moscow calendar date: a spreadsheet's date serial. */
function dateSerial(at: Date): number {
  const parts = moscowParts(at);
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000 + 25_569;
}

/** Styles: 0 plain, 1 date 'DD.MM.YYYY' (built-in 14, shown in the reader's locale), 2 money '# ##0.00', 3 bold header. */
const STYLES = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  + '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
  + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
  + '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>'
  + '</styleSheet>';

function xlsxCell(cell: Cell, ref: string, header: boolean): string {
  if (cell === null) return '';
  if ('money' in cell) return `<c r="${ref}" s="2"><v>${cell.money}</v></c>`;
  if ('date' in cell) return `<c r="${ref}" s="1"><v>${dateSerial(cell.date)}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${header ? ' s="3"' : ''}><is><t xml:space="preserve">${xml(cell.text)}</t></is></c>`;
}

function sheetXml(table: Table): string {
  const rows = [table.header.map((title): Cell => ({ text: title })), ...table.rows].map((row, at) =>
    `<row r="${at + 1}">${row.map((cell, index) => xlsxCell(cell, `${column(index)}${at + 1}`, at === 0)).join('')}</row>`);
  const widths = table.header.map((_, index) => `<col min="${index + 1}" max="${index + 1}" width="18" customWidth="1"/>`).join('');
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    + '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    + `<cols>${widths}</cols><sheetData>${rows.join('')}</sheetData>`
    + `<autoFilter ref="A1:${column(table.header.length - 1)}${table.rows.length + 1}"/></worksheet>`;
}

/** A minimal SpreadsheetML workbook of one sheet: inline strings, numbers as numbers, dates as dates, a filter on the header. */
export function toXlsx(table: Table): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${main}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${main}">` +
        `<sheets><sheet name="${xml(table.sheet.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets>` +
        `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${xml(table.sheet.slice(0, 31))}'!$A$1:$${column(table.header.length - 1)}$${table.rows.length + 1}</definedName></definedNames></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${main}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${main}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(STYLES),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml(table)),
  });
}
