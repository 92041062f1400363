import { readFileSync } from 'node:fs';
import { validate } from 'superstruct';
import { capabilityTableStruct, type CapabilityTable } from '../../src/contract/dfm';
import { DEFAULT_CAPABILITIES } from './capabilities';

/** A capability table file that cannot be used: the message names the file and the first field at fault. */
export class CapabilityTableError extends Error {
  constructor(readonly source: string, readonly field: string, detail: string) {
    super(`Capability table ${source}: ${field ? `field "${field}" ` : ''}${detail}`);
    this.name = 'CapabilityTableError';
  }
}

/** What the shape cannot say: class names unique and coarsest first, materials naming known classes. */
function consistencyProblem(table: CapabilityTable): [string, string] | null {
  const names = table.classes.map((each) => each.name);
  for (const [index, each] of table.classes.entries()) {
    if (names.indexOf(each.name) !== index) return [`classes.${index}.name`, `repeats "${each.name}"`];
    const coarser = table.classes[index - 1];
    if (coarser && (each.minTrackMm >= coarser.minTrackMm || each.minHoleMm >= coarser.minHoleMm)) {
      return [`classes.${index}`, 'must be finer than the class before it (coarsest first)'];
    }
  }
  for (const [material, limits] of Object.entries(table.materials)) {
    const unknown = limits.classes.findIndex((name) => !names.includes(name));
    if (unknown >= 0) return [`materials.${material}.classes.${unknown}`, `names no class: "${limits.classes[unknown]}"`];
    if (limits.classes.length === 0) return [`materials.${material}.classes`, 'is empty'];
    const bad = limits.layers.findIndex((row) => row.minSideMm > row.maxSideMm || row.minThicknessMm > row.maxThicknessMm);
    if (bad >= 0) return [`materials.${material}.layers.${bad}`, 'has a minimum above its maximum'];
  }
  return null;
}

/** Checks a parsed table against docs/capabilities.md; unknown members are refused too (likely typos). */
export function parseCapabilityTable(value: unknown, source: string): CapabilityTable {
  const [error, table] = validate(value, capabilityTableStruct);
  if (error) {
    const failure = error.failures()[0] ?? error;
    const field = failure.path.map(String).join('.');
    const detail = failure.type === 'never'
      ? 'is not part of the capability table'
      : failure.value === undefined
        ? 'is missing'
        : `is invalid (${failure.refinement ?? failure.type}): ${JSON.stringify(failure.value)?.slice(0, 80)}`;
    throw new CapabilityTableError(source, field, detail);
  }
  const problem = consistencyProblem(table);
  if (problem) throw new CapabilityTableError(source, problem[0], problem[1]);
  return table;
}

export function readCapabilityTableFile(path: string): CapabilityTable {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CapabilityTableError(path, '', `cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CapabilityTableError(path, '', `is not valid JSON: ${(error as Error).message}`);
  }
  return parseCapabilityTable(json, path);
}

let active: CapabilityTable | null = null;

/**
 * The table named by CAPABILITIES_FILE, else the built-in one. The gateway calls it once at start, so a broken file
 * stops the start with the field named; worker threads read the same file (same environment) on first use.
 */
export function loadCapabilities(file: string | undefined = process.env.CAPABILITIES_FILE): CapabilityTable {
  active = file ? readCapabilityTableFile(file) : DEFAULT_CAPABILITIES;
  return active;
}

export function activeCapabilities(): CapabilityTable {
  return active ?? loadCapabilities();
}

