import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseBomFile } from '../../server/bom/parse';
import { mountTypeOf } from '../../server/bom/parts';
import { XLSX_UNPACKED_MAX_BYTES } from '../../server/bom/xlsx';
import { ApiError } from '../../server/http/errors';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Windows-1251 as Excel on a Russian Windows writes it: А–я at 0xC0–0xFF, Ё/ё at 0xA8/0xB8, ± at 0xB1, ASCII as is. */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from([...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (char === 'Ё') return 0xa8;
    if (char === 'ё') return 0xb8;
    if (char === '±') return 0xb1;
    throw new Error(`no cp1251 byte for ${char}`);
  }));
}

function refusal(run: () => unknown): { code: string | undefined; ru: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, ru: error.body('ru').error };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('BOM as CSV', () => {
  it('reads a comma-separated KiCad BOM with quoted designator lists and ranges', () => {
    const csv = [
      '"Reference","Value","Footprint","Qty"',
      '"R1,R2,R3","10k","Resistor_SMD:R_0603_1608Metric","3"',
      '"C1-C4","100n","Capacitor_SMD:C_0402_1005Metric",""',
      '"J1","Conn_01x04","Connector_PinHeader_2.54mm:PinHeader_1x04_P2.54mm_Vertical","1"',
      '"U1","ATmega328P-PU","Package_DIP:DIP-28_W7.62mm","1"',
      '"R4","10k","Resistor_SMD:R_0603_1608Metric","1"',
      '',
    ].join('\n');
    const summary = parseBomFile('bom', 'board.csv', utf8(csv));
    expect(summary).toEqual({
      kind: 'bom', rows: 5, skippedLines: [], columns: ['Reference', 'Qty', 'Value', 'Footprint'],
      // R1–R4 are one part (same value and footprint); C1–C4 count by their designators, having no quantity.
      mounting: { components: 10, uniqueParts: 4, smd: 8, tht: 2, sides: 1 },
    });
  });

  it('reads a Russian semicolon list in Windows-1251 after its title, skipping section rows', () => {
    const csv = [
      'Перечень элементов;;;',
      ';;;',
      'Поз. обозначение;Наименование;Кол.;Примечание',
      ';Резисторы;;',
      'R1...R3;Резистор 0603 10 кОм ±5%;3;',
      'R4;Резистор 0603 10 кОм ±5%;1 шт;',
      ';Конденсаторы;;',
      'C1, C2;Конденсатор 0805 1 мкФ;2;',
      'XS1;Вилка штыревая PLS-4;один;',
    ].join('\r\n');
    const summary = parseBomFile('bom', 'перечень.csv', cp1251(csv));
    expect(summary.columns).toEqual(['Поз. обозначение', 'Кол.', 'Наименование']);
    expect(summary.mounting).toEqual({ components: 6, uniqueParts: 2, smd: 6, tht: 0, sides: 1 });
    expect(summary.rows).toBe(3);
    expect(summary.skippedLines).toEqual([4, 7, 9]);
  });

  it('reads tab-separated UTF-8 with a BOM, quoted tabs and quotes, and a mount-type column', () => {
    const csv = '\uFEFF' + [
      'Designator\tComment\tMount type\tQuantity\tMPN',
      'U1\t"MCU, 32-bit\t""fast"""\tSMD\t1\tSTM32F103C8T6',
      'U2\tMCU\tsmd\t1\tSTM32F103C8T6',
      'K1\tRelay\tTHT\t2\tG5LE-1',
    ].join('\n');
    const summary = parseBomFile('bom', 'bom.txt', utf8(csv));
    expect(summary.mounting).toEqual({ components: 4, uniqueParts: 2, smd: 2, tht: 2, sides: 1 });
    expect(summary.columns).toEqual(['Designator', 'Quantity', 'Comment', 'MPN', 'Mount type']);
  });

  it('counts sides from a side column', () => {
    const csv = 'Designator;Qty;Side\nR1;1;Top\nR2;1;Bottom\n';
    expect(parseBomFile('bom', 'a.csv', utf8(csv)).mounting.sides).toBe(2);
    expect(parseBomFile('bom', 'a.csv', utf8('Designator;Qty;Side\nR1;1;Bottom\n')).mounting.sides).toBe(1);
  });

  it('refuses a file without designators or quantities, or without rows', () => {
    expect(refusal(() => parseBomFile('bom', 'a.csv', utf8('Value,Footprint\n10k,0603\n')))).toEqual({
      code: 'bomNoColumns', ru: 'Не найден столбец с позиционными обозначениями или количеством',
    });
    expect(refusal(() => parseBomFile('bom', 'a.csv', utf8('Designator,Qty\n,\n'))).code).toBe('bomNoRows');
    expect(refusal(() => parseBomFile('bom', 'a.xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).code).toBe('bomFormat');
  });
});

describe('pick-and-place', () => {
  it('reads an Altium file after its preamble: one part per row, both sides', () => {
    const csv = [
      'Altium Designer Pick and Place Locations',
      'Units used in this file : Metric',
      '',
      '"Designator","Comment","Layer","Footprint","Center-X(mm)","Center-Y(mm)","Rotation","Description"',
      '"R1","10k","TopLayer","0603","10.50","20.00","90",""',
      '"R2","10k","TopLayer","0603","12.50","20.00","90",""',
      '"C7","1u","BottomLayer","0805","30,25","5.5","0",""',
      '"J1","HDR","TopLayer","HDR1X4 THT","1","2","0",""',
      '"U9","?","BottomLayer","SOIC8","n/a","3","0",""',
    ].join('\r\n');
    const summary = parseBomFile('pnp', 'board-Pick Place.csv', utf8(csv));
    expect(summary.mounting).toEqual({ components: 4, uniqueParts: 3, smd: 3, tht: 1, sides: 2 });
    expect(summary.skippedLines).toEqual([9]);
    expect(summary.columns).toEqual(['Designator', 'Comment', 'Footprint', 'Layer', 'Center-X(mm)', 'Center-Y(mm)', 'Rotation']);
  });

  it('reads a JLCPCB placement list with T and B sides', () => {
    const csv = 'Designator,Mid X,Mid Y,Layer,Rotation\nR1,1,1,T,0\nR2,2,2,B,0\nR3,3,3,T,0\n';
    expect(parseBomFile('pnp', 'cpl.csv', utf8(csv)).mounting).toMatchObject({ components: 3, sides: 2, smd: 3 });
  });

  it('refuses a placement list without designators', () => {
    expect(refusal(() => parseBomFile('pnp', 'a.csv', utf8('X,Y,Layer\n1,2,Top\n')))).toEqual({
      code: 'bomNoDesignator', ru: 'Не найден столбец с позиционными обозначениями',
    });
  });
});

/** A minimal workbook: the sheets in workbook order (the first is the one read), shared strings. */
function workbook(sheets: { file: string; xml: string }[], strings: string[] = []): Uint8Array {
  const ids = sheets.map((_, index) => `rId${index + 1}`);
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(`<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${
      sheets.map((sheet, index) => `<sheet name="S${index}" sheetId="${index + 1}" r:id="${ids[index]}"/>`).join('')}</sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<?xml version="1.0"?><Relationships>${
      sheets.map((sheet, index) => `<Relationship Id="${ids[index]}" Type="worksheet" Target="worksheets/${sheet.file}"/>`).join('')}</Relationships>`),
    'xl/sharedStrings.xml': strToU8(`<?xml version="1.0"?><sst>${strings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`),
  };
  for (const sheet of sheets) files[`xl/worksheets/${sheet.file}`] = strToU8(sheet.xml);
  return zipSync(files);
}
const sheetXml = (rows: string[]) => `<?xml version="1.0"?><worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;

describe('XLSX', () => {
  it('reads the first sheet of the workbook with shared, inline and rich strings', () => {
    const strings = ['Designator', 'Layer', 'Footprint', 'Top', 'Bottom', 'R1', 'C1'];
    const first = sheetXml([
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c><c r="E1" t="inlineStr"><is><t>Mid X</t></is></c></row>',
      '<row r="2"><c r="A2" t="s"><v>5</v></c><c r="B2" t="s"><v>3</v></c><c r="D2" t="str"><v>R_0603</v></c><c r="E2"><v>12.5</v></c></row>',
      '<row r="3"><c r="A3" t="s"><v>6</v></c><c r="B3" t="s"><v>4</v></c><c r="D3" t="inlineStr"><is><r><t>C_</t></r><r><t xml:space="preserve">0805</t></r></is></c><c r="E3"><v>3</v></c></row>',
      '<row r="5"><c r="A5" t="inlineStr"><is><t>D&amp;1</t></is></c><c r="B5" t="s"><v>3</v></c><c r="D5" t="inlineStr"><is><t>DO-41 axial</t></is></c><c r="E5"><v>7</v></c></row>',
    ]);
    const other = sheetXml(['<row r="1"><c r="A1" t="inlineStr"><is><t>Notes</t></is></c></row>']);
    // The workbook lists sheet2.xml first: that is the sheet the user sees first, whatever the file is called.
    const bytes = workbook([{ file: 'sheet2.xml', xml: first }, { file: 'sheet1.xml', xml: other }], strings);
    const summary = parseBomFile('pnp', 'placement.xlsx', bytes);
    expect(summary.columns).toEqual(['Designator', 'Footprint', 'Layer', 'Mid X']);
    expect(summary.mounting).toEqual({ components: 3, uniqueParts: 3, smd: 2, tht: 1, sides: 2 });
    expect(summary.rows).toBe(3);
  });

  it('reads a BOM with quantities as numbers', () => {
    const xml = sheetXml([
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Кол-во</t></is></c><c r="B1" t="inlineStr"><is><t>Позиционное обозначение</t></is></c></row>',
      '<row r="2"><c r="A2"><v>12</v></c><c r="B2" t="inlineStr"><is><t>R1-R12</t></is></c></row>',
      '<row r="3"><c r="A3"><v>2</v></c><c r="B3" t="inlineStr"><is><t>C1 C2</t></is></c></row>',
    ]);
    const summary = parseBomFile('bom', 'bom.xlsx', workbook([{ file: 'sheet1.xml', xml }]));
    expect(summary.mounting).toMatchObject({ components: 14, uniqueParts: 2 });
  });

  it('refuses a damaged workbook and one that would unpack too large', () => {
    expect(refusal(() => parseBomFile('bom', 'bom.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).code).toBe('bomXlsxBroken');
    const zip = Buffer.from(workbook([{ file: 'sheet1.xml', xml: sheetXml([]) }]));
    // Declare the sheet far larger than it is in the central directory, as a zip bomb would.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      if (zip.subarray(at + 46, at + 46 + name.length).equals(name)) zip.writeUInt32LE(XLSX_UNPACKED_MAX_BYTES + 1, at + 24);
    }
    expect(refusal(() => parseBomFile('bom', 'bom.xlsx', new Uint8Array(zip))).code).toBe('bomXlsxTooLarge');
  });
});

describe('mount type', () => {
  it('takes a type column at its word and reads through-hole parts from footprint names', () => {
    const cases: [string, string, 'smd' | 'tht'][] = [
      ['THT', '0603', 'tht'], ['Выводной', '', 'tht'], ['SMD', 'DIP-8', 'smd'], ['Thermistor', '0603', 'smd'],
      ['', 'Package_DIP:DIP-8_W7.62mm', 'tht'], ['', 'TO-220-3_Vertical', 'tht'], ['', 'R_Axial_DIN0207', 'tht'],
      ['', 'Capacitor_THT:C_Disc_D5.0mm', 'tht'], ['', 'PinHeader_1x04_P2.54mm_Vertical_SMD', 'smd'],
      ['', 'SOT-223', 'smd'], ['', 'SOIC-8', 'smd'], ['', '', 'smd'],
    ];
    for (const [type, footprint, expected] of cases) expect(mountTypeOf(type, footprint), `${type} ${footprint}`).toBe(expected);
  });
});
