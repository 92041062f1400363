import { readFileSync } from 'node:fs';
import { validate, type Struct } from 'superstruct';

/**
 * A table an operator replaces with a JSON file (the price table, the capability table) that cannot be used: the
 * message names the file and the first field at fault, so a bad file stops the start with something to fix.
 */
export class TableFileError extends Error {
  constructor(table: string, readonly source: string, readonly field: string, detail: string) {
    super(`${table} ${source}: ${field ? `field "${field}" ` : ''}${detail}`);
    this.name = new.target.name;
  }
}

type Fail = (field: string, detail: string) => TableFileError;

/** The value checked against the table's shape; unknown members are refused too (likely typos). */
export function checkedTable<T>(value: unknown, struct: Struct<T, unknown>, table: string, fail: Fail): T {
  const [error, checked] = validate(value, struct);
  if (!error) return checked;
  const failure = error.failures()[0] ?? error;
  const detail = failure.type === 'never'
    ? `is not part of the ${table}`
    : failure.value === undefined
      ? 'is missing'
      : `is invalid (${failure.refinement ?? failure.type}): ${JSON.stringify(failure.value)?.slice(0, 80)}`;
  throw fail(failure.path.map(String).join('.'), detail);
}

/** The file's JSON, unchecked. */
export function readJsonFile(path: string, fail: Fail): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw fail('', `cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw fail('', `is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A table the gateway loads once at start: from the file an environment variable names, else the built-in one. A
 * runner process, which never loads it, reads the same file on first use.
 */
export function loadedTable<T>(variable: string, readFile: (path: string) => T, builtIn: T) {
  let active: T | null = null;
  const load = (file: string | undefined = process.env[variable]): T => {
    active = file ? readFile(file) : builtIn;
    return active;
  };
  return { load, active: (): T => active ?? load() };
}
