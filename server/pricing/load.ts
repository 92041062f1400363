import { checkedTable, loadedTable, readJsonFile, TableFileError } from '../table-file';
import { DEFAULT_PRICE_TABLE, priceTableStruct, type PriceTable } from './price-table';

/** A price table file that cannot be used: the message names the file and the first field at fault. */
export class PriceTableError extends TableFileError {
  constructor(source: string, field: string, detail: string) {
    super('Price table', source, field, detail);
  }
}

/** Checks a parsed table against the shape of docs/pricing.md. */
export const parsePriceTable = (value: unknown, source: string): PriceTable =>
  checkedTable(withOptionsAddedSince(value), priceTableStruct, 'price table', (field, detail) => new PriceTableError(source, field, detail));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A table file written before an option existed prices it at the built-in amounts (docs/pricing.md): an operator's
 * file keeps loading after an upgrade, and a customer is never quoted an option for nothing.
 */
function withOptionsAddedSince(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value.pcb) || 'edgeConnector' in value.pcb) return value;
  return { ...value, pcb: { ...value.pcb, edgeConnector: DEFAULT_PRICE_TABLE.pcb.edgeConnector } };
}

/** Reads and checks a JSON price table file. */
export const readPriceTableFile = (path: string): PriceTable =>
  parsePriceTable(readJsonFile(path, (field, detail) => new PriceTableError(path, field, detail)), path);

/**
 * The table named by PRICE_TABLE_FILE, else the built-in one, which then becomes the table every quote uses.
 * The gateway loads it once at start, so a broken file stops the start with the field named.
 */
const priceTable = loadedTable('PRICE_TABLE_FILE', readPriceTableFile, DEFAULT_PRICE_TABLE);
export const { load: loadPriceTable, active: activePriceTable } = priceTable;
