import { capabilityTableStruct, type CapabilityTable } from '../../src/contract/dfm';
import { checkedTable, loadedTable, readJsonFile, TableFileError } from '../table-file';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';

/** A capability table file that cannot be used: the message names the file and the first field at fault. */
export class CapabilityTableError extends TableFileError {
  constructor(source: string, field: string, detail: string) {
    super('Capability table', source, field, detail);
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
  const board = (table.fixedInPreparation ?? []).findIndex((fix) => fix.rule === 'boardSize' || fix.rule === 'boardThickness');
  if (board >= 0) return [`fixedInPreparation.${board}.rule`, 'is the board\'s size or thickness, which no preparation changes'];
  for (const [material, limits] of Object.entries(table.materials)) {
    const unknown = limits.classes.findIndex((name) => !names.includes(name));
    if (unknown >= 0) return [`materials.${material}.classes.${unknown}`, `names no class: "${limits.classes[unknown]}"`];
    if (limits.classes.length === 0) return [`materials.${material}.classes`, 'is empty'];
    const bad = limits.layers.findIndex((row) => row.minSideMm > row.maxSideMm || row.minThicknessMm > row.maxThicknessMm);
    if (bad >= 0) return [`materials.${material}.layers.${bad}`, 'has a minimum above its maximum'];
  }
  return null;
}

/**
 * Checks a parsed table against docs/capabilities.md, then what its shape cannot say. A file written before
 * `fixedInPreparation` existed gets the built-in list: what every fab fixes without asking.
 */
export function parseCapabilityTable(value: unknown, source: string): CapabilityTable {
  const fail = (field: string, detail: string) => new CapabilityTableError(source, field, detail);
  const checked = checkedTable(value, capabilityTableStruct, 'capability table', fail);
  const table = { ...checked, fixedInPreparation: checked.fixedInPreparation ?? DEFAULT_CAPABILITIES.fixedInPreparation ?? [] };
  const problem = consistencyProblem(table);
  if (problem) throw fail(problem[0], problem[1]);
  return table;
}

export const readCapabilityTableFile = (path: string): CapabilityTable =>
  parseCapabilityTable(readJsonFile(path, (field, detail) => new CapabilityTableError(path, field, detail)), path);

/**
 * The table named by CAPABILITIES_FILE, else the built-in one. The gateway loads it once at start, so a broken file
 * stops the start with the field named; runner processes read the same file (CAPABILITIES_FILE is passed to them) on first use.
 */
const capabilities = loadedTable('CAPABILITIES_FILE', readCapabilityTableFile, DEFAULT_CAPABILITIES);
export const { load: loadCapabilities, active: activeCapabilities } = capabilities;

