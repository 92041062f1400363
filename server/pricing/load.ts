import { readFileSync } from 'node:fs';
import { validate } from 'superstruct';
import { DEFAULT_PRICE_TABLE, priceTableStruct, type PriceTable } from './price-table';

/** A price table file that cannot be used: the message names the file and the first field at fault. */
export class PriceTableError extends Error {
  constructor(readonly source: string, readonly field: string, detail: string) {
    super(`Price table ${source}: ${field ? `field "${field}" ` : ''}${detail}`);
    this.name = 'PriceTableError';
  }
}

/** Checks a parsed table against the shape of docs/pricing.md; unknown members are refused too (likely typos). */
export function parsePriceTable(value: unknown, source: string): PriceTable {
  const [error, table] = validate(value, priceTableStruct);
  if (!error) return table;
  const failure = error.failures()[0] ?? error;
  const field = failure.path.map(String).join('.');
  const detail = failure.type === 'never'
    ? 'is not part of the price table'
    : failure.value === undefined
      ? 'is missing'
      : `is invalid (${failure.refinement ?? failure.type}): ${JSON.stringify(failure.value)?.slice(0, 80)}`;
  throw new PriceTableError(source, field, detail);
}

/** Reads and checks a JSON price table file. */
export function readPriceTableFile(path: string): PriceTable {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PriceTableError(path, '', `cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PriceTableError(path, '', `is not valid JSON: ${(error as Error).message}`);
  }
  return parsePriceTable(json, path);
}

let active: PriceTable | null = null;

/**
 * The table named by PRICE_TABLE_FILE, else the built-in one, which then becomes the table every quote uses.
 * The gateway calls it once at start, so a broken file stops the start with the field named.
 */
export function loadPriceTable(file: string | undefined = process.env.PRICE_TABLE_FILE): PriceTable {
  active = file ? readPriceTableFile(file) : DEFAULT_PRICE_TABLE;
  return active;
}

/** The table loaded at start (read once on first use when nothing has loaded it yet). */
export function activePriceTable(): PriceTable {
  return active ?? loadPriceTable();
}
