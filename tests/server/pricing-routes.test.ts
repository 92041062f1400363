import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { BOM_MAX_BYTES } from '../../src/contract/projects';
import type { Gateway } from '../../server/app';
import { loadPriceTable } from '../../server/pricing/load';
import { DEFAULT_PRICE_TABLE } from '../../server/pricing/price-table';
import { quoteFor } from '../../server/pricing/quote';
import { login, post, startGateway } from './helpers';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { strToU8, zipSync } from 'fflate';

const PRICE = '/catalog-viewer/v2/projects/Price';
const PARSE_BOM = '/catalog-viewer/v2/projects/ParseBom';

let gw: Gateway;
let token: string;
const folder = mkdtempSync(join(tmpdir(), 'pricing-routes-'));

beforeAll(async () => {
  gw = await startGateway();
  token = await login(gw);
});
afterAll(async () => {
  await gw.close();
  loadPriceTable(undefined);
  rmSync(folder, { recursive: true, force: true });
});

const aluminium = (): ProjectParams => {
  const params = defaultParams('pcb');
  return { ...params, board: { ...params.board, material: 'aluminium', layers: 4, maskColor: 'none' } };
};

describe('Price', () => {
  it('quotes for a signed-in user only', async () => {
    expect((await post(gw, PRICE, { params: defaultParams('pcb') })).status).toBe(401);
    const answer = await post(gw, PRICE, { params: defaultParams('panel') }, { token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(quoteFor(defaultParams('panel'), DEFAULT_PRICE_TABLE));
  });

  it('names the field the factory cannot make, in the caller\'s language, with every problem', async () => {
    const ru = await post(gw, PRICE, { params: aluminium() }, { token });
    expect(ru.status).toBe(400);
    expect(ru.json).toMatchObject({ field: 'board.layers', code: 'aluminiumLayers' });
    expect(ru.json.error).toMatch(/алюминиевом основании бывают только 1- и 2-слойными/);
    expect(ru.json.problems).toEqual([
      { field: 'board.layers', code: 'aluminiumLayers' }, { field: 'board.silkColor', code: 'silkWithoutMask' },
    ]);
    const en = await post(gw, PRICE, { params: aluminium() }, { token, lang: 'en' });
    expect(en.json.error).toMatch(/Aluminium-core boards have 1 or 2 layers only/);
  });

  it('refuses a value outside the contract before pricing', async () => {
    const params = defaultParams('pcb');
    const answer = await post(gw, PRICE, { params: { ...params, board: { ...params.board, layers: 3 } } }, { token });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('params.board.layers');
  });
});

describe('PRICE_TABLE_FILE', () => {
  const withTableFile = async (content: string, run: () => Promise<void>) => {
    const path = join(folder, `table-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, content);
    process.env.PRICE_TABLE_FILE = path;
    try {
      await run();
    } finally {
      delete process.env.PRICE_TABLE_FILE;
    }
  };

  it('replaces the table the gateway quotes with', async () => {
    const table = { ...DEFAULT_PRICE_TABLE, version: 'override-1', pcb: { ...DEFAULT_PRICE_TABLE.pcb, minBoardCharge: 1000 } };
    await withTableFile(JSON.stringify(table), async () => {
      const other = await startGateway();
      try {
        const answer = await post(other, PRICE, { params: defaultParams('pcb') }, { token: await login(other) });
        expect(answer.json.tableVersion).toBe('override-1');
        // 10 boards now cost the minimum charge each instead of their area.
        expect(answer.json.total).toBe(quoteFor(defaultParams('pcb'), table).total);
        expect(answer.json.total).toBeGreaterThan(quoteFor(defaultParams('pcb'), DEFAULT_PRICE_TABLE).total);
      } finally {
        await other.close();
      }
    });
  });

  it('stops the gateway when the file is broken, naming the field', async () => {
    const broken = { ...DEFAULT_PRICE_TABLE, urgency: { ...DEFAULT_PRICE_TABLE.urgency, express: { multiplier: 0, days: 3 } } };
    // Unreadable files and bad JSON are refused the same way (tests/server/pricing.test.ts).
    await withTableFile(JSON.stringify(broken), async () => {
      await expect(startGateway()).rejects.toThrow(/field "urgency\.express\.multiplier" is invalid/);
    });
  });
});

describe('ParseBom', () => {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const parse = (body: unknown, lang: 'ru' | 'en' = 'ru') => post(gw, PARSE_BOM, body, { token, lang });

  it('reads a BOM sent as base64 into mounting parameters', async () => {
    const csv = 'Designator;Quantity;Value;Footprint\nR1,R2;2;10k;0603\nJ1;1;HDR;PinHeader_1x02_THT\n';
    const answer = await parse({ kind: 'bom', fileName: 'bom.csv', dataBase64: base64(csv) });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ kind: 'bom', rows: 2, mounting: { components: 3, uniqueParts: 2, smd: 2, tht: 1, sides: 1 } });
  });

  it('takes files far over the usual body limit, up to the BOM limit', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `R${index + 1},${(index % 50) + 1}k,0402,${index % 2 ? 'Top' : 'Bottom'},1,2`);
    const csv = `Designator,Value,Footprint,Layer,X,Y\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(256 * 1024);
    expect(csv.length).toBeLessThan(BOM_MAX_BYTES);
    const answer = await parse({ kind: 'pnp', fileName: 'pnp.csv', dataBase64: base64(csv) });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ rows: 20_000, mounting: { components: 20_000, uniqueParts: 50, sides: 2 } });
  });

  it('answers a clear 400 for damaged content and unreadable files', async () => {
    const damaged = await parse({ kind: 'bom', fileName: 'bom.csv', dataBase64: 'абв' });
    expect(damaged.status).toBe(400);
    expect(damaged.json).toMatchObject({ field: 'dataBase64', code: 'bomBadBase64' });
    const noDesignators = await parse({ kind: 'pnp', fileName: 'pnp.csv', dataBase64: base64('X,Y\n1,2\n') }, 'en');
    expect(noDesignators.status).toBe(400);
    expect(noDesignators.json).toMatchObject({ code: 'bomNoDesignator', error: 'No column with reference designators was found' });
    const tooLarge = await parse({ kind: 'bom', fileName: 'big.csv', dataBase64: 'A'.repeat(Math.ceil((BOM_MAX_BYTES * 4) / 3) + 8) });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json.field).toBe('dataBase64');
  });

  it('needs a signed-in user', async () => {
    expect((await post(gw, PARSE_BOM, { kind: 'bom', fileName: 'a.csv', dataBase64: base64('Designator\nR1\n') })).status).toBe(401);
  });

  it('reads the largest workbook off the gateway\'s event loop, which meanwhile stays free', async () => {
    // Under 2 MB of workbook, 26 MB of sheet XML: 1.9 s of parsing when it ran on the gateway's thread.
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const rows = [`<row r="1">${cell('A1', 'Designator')}${cell('B1', 'Comment')}${cell('C1', 'Footprint')}</row>`];
    for (let row = 2; rows.length < 140_000; row += 1)
      rows.push(`<row r="${row}">${cell(`A${row}`, `R${row}`)}${cell(`B${row}`, '10k')}${cell(`C${row}`, '0603')}</row>`);
    const xlsx = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`),
    }, { level: 9 });
    expect(xlsx.length).toBeLessThan(BOM_MAX_BYTES);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answer = await parse({ kind: 'bom', fileName: 'big.xlsx', dataBase64: Buffer.from(xlsx).toString('base64') });
    // The sampler's late tick is counted once timers run again, after the answer's promise has settled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ kind: 'bom', rows: 99_999 });
    console.log(`ParseBom of a ${(xlsx.length / 1e6).toFixed(1)} MB workbook: the event loop's longest delay ${(delay.max / 1e6).toFixed(0)} ms`);
    expect(delay.max / 1e6).toBeLessThan(300);
  });
});
