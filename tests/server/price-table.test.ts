import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PriceTableError, loadPriceTable, readPriceTableFile } from '../../server/pricing/load';
import { DEFAULT_PRICE_TABLE as T } from '../../server/pricing/price-table';
import { quoteFor } from '../../server/pricing/quote';
import { roundKopecks } from '../../server/pricing/quote-lines';
import { line, pcb, plainCharge } from './pricing-fixtures';

describe('the default table', () => {
  it('is the one docs/pricing.md prints', () => {
    const doc = readFileSync(new URL('../../docs/pricing.md', import.meta.url), 'utf8');
    const json = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(T);
  });
});

describe('a price table file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'price-table-'));
  afterAll(() => {
    loadPriceTable(undefined);
    rmSync(folder, { recursive: true, force: true });
  });
  const write = (name: string, content: unknown) => {
    const path = join(folder, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  /** The default table as JSON with one member set (or removed, for `undefined`) at a dotted path. */
  const tableWith = (changes: Record<string, unknown>) => {
    const tree = JSON.parse(JSON.stringify(T)) as Record<string, unknown>;
    for (const [path, value] of Object.entries(changes)) {
      const keys = path.split('.');
      const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, tree);
      const last = keys[keys.length - 1] ?? '';
      if (value === undefined) delete parent[last];
      else parent[last] = value;
    }
    return tree;
  };

  it('replaces the default table and changes prices by its values', () => {
    const table = loadPriceTable(write('changed.json', tableWith({ version: 'test-2', 'pcb.setupByLayers.2': 4000, 'pcb.finish.enig': 2 })));
    const params = pcb({ finish: 'enig' });
    const quote = quoteFor(params);
    expect(quote.tableVersion).toBe('test-2');
    expect(line(quote, 'setup')).toBe(4000);
    expect(line(quote, 'finish')).toBe(roundKopecks(10 * plainCharge()));
    expect(quoteFor(params, table)).toEqual(quote);
    loadPriceTable(undefined);
    expect(quoteFor(params).tableVersion).toBe(T.version);
  });

  it('written before the edge connector existed, loads and prices it at the built-in amounts', () => {
    const table = readPriceTableFile(write('before-edge.json', tableWith({ version: 'old-1', 'pcb.edgeConnector': undefined })));
    expect(table.pcb.edgeConnector).toEqual(T.pcb.edgeConnector);
    expect(table.version).toBe('old-1');
    const own = readPriceTableFile(write('own-edge.json', tableWith({ 'pcb.edgeConnector': { setup: 100, perBoard: 1 } })));
    expect(line(quoteFor(pcb({ edgeConnector: true }), own), 'edgeConnector')).toBe(110);
    expect(() => readPriceTableFile(write('bad-edge.json', tableWith({ 'pcb.edgeConnector.perBoard': -1 })))).toThrow(
      'field "pcb.edgeConnector.perBoard" is invalid',
    );
  });

  it('is refused with the file and the field named', () => {
    const cases: [string, string][] = [
      [write('missing.json', tableWith({ 'pcb.finish.enig': undefined })), 'field "pcb.finish.enig" is missing'],
      [write('unknown.json', tableWith({ 'mounting.perBga': 5 })), 'field "mounting.perBga" is not part of the price table'],
      [write('negative.json', tableWith({ 'panel.perPanel': -1 })), 'field "panel.perPanel" is invalid'],
      [write('days.json', tableWith({ 'urgency.fast.days': 1.5 })), 'field "urgency.fast.days" is invalid'],
      [write('classes.json', tableWith({ 'stencil.sizeClasses': [{ maxSideMm: 300, price: 1 }] })), 'field "stencil.sizeClasses" is invalid'],
      [write('broken.json', '{ "version": '), 'is not valid JSON'],
      [join(folder, 'absent.json'), 'cannot be read'],
    ];
    for (const [path, message] of cases) {
      expect(() => readPriceTableFile(path), path).toThrow(PriceTableError);
      expect(() => readPriceTableFile(path), path).toThrow(message);
      expect(() => readPriceTableFile(path), path).toThrow(path);
    }
  });
});
