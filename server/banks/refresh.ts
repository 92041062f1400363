import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { create } from 'superstruct';
import type { Bank } from '../../src/contract/banks';
import { resolveConfig } from '../config';
import { directoryXml, parseEd807 } from './ed807';
import { bankReferenceFile, readShippedReference, REFRESHED_NAME, type BankReferenceFile } from './reference';

export const BANKS_USAGE = `  npm run ops -- banks <ED807.xml or .zip> [--out <file>]
    Refreshes the banks' reference the payer form fills the bank from, from the Bank of Russia's BIK directory
    (the full ED807 file cbr.ru publishes daily, zipped or not). Writes <data folder>/${REFRESHED_NAME} (DATA_DIR, default
    ./data), which the gateway reads at its next lookup; --out writes elsewhere (server/banks/bik-reference.json
    to ship it). Prints how many banks it holds and what changed against the reference in use before.`;

export interface RefreshSummary { total: number; added: number; changed: number; removed: number; directoryDate: string | null; out: string }

const same = (a: Bank, b: Bank) => a.name === b.name && a.place === b.place && a.correspondentAccount === b.correspondentAccount;

async function previousOf(out: string): Promise<BankReferenceFile> {
  try {
    return create(JSON.parse(await readFile(out, 'utf8')), bankReferenceFile);
  } catch {
    return readShippedReference();
  }
}

/** Reads the directory, writes the reference in one rename (a gateway never reads half a file), and says what changed. */
export async function refreshBanks(xmlPath: string, out: string): Promise<RefreshSummary> {
  const directory = parseEd807(directoryXml(await readFile(xmlPath)));
  const before = new Map((await previousOf(out)).banks.map((row) => [row.bik, row]));
  const after = new Set(directory.banks.map((row) => row.bik));
  const file: BankReferenceFile = {
    source: `Bank of Russia BIK directory ${basename(xmlPath)}${directory.directoryDate ? ` of ${directory.directoryDate}` : ''}`,
    directoryDate: directory.directoryDate,
    banks: directory.banks,
  };
  const temporary = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(file, null, 1)}\n`);
  await rename(temporary, out);
  return {
    total: directory.banks.length,
    added: directory.banks.filter((row) => !before.has(row.bik)).length,
    changed: directory.banks.filter((row) => { const old = before.get(row.bik); return old !== undefined && !same(old, row); }).length,
    removed: [...before.keys()].filter((bik) => !after.has(bik)).length,
    directoryDate: directory.directoryDate,
    out,
  };
}

/** `npm run ops -- banks …`: exit code 0 when written, 2 on a usage error, 1 when the file cannot be used. */
export async function runBanksCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [xmlPath, flag, outArg, ...extra] = args;
  if (!xmlPath || xmlPath.startsWith('--') || extra.length > 0 || (flag !== undefined && (flag !== '--out' || !outArg))) {
    console.error(`Usage:\n${BANKS_USAGE}`);
    return 2;
  }
  const out = outArg ?? join(resolveConfig({ logger: false }, env).dataDir, REFRESHED_NAME);
  try {
    const done = await refreshBanks(xmlPath, out);
    console.log(`banks: ${done.total} from the directory${done.directoryDate ? ` of ${done.directoryDate}` : ''} — `
      + `${done.added} added, ${done.changed} changed, ${done.removed} removed; written to ${done.out}`);
    return 0;
  } catch (error) {
    console.error(`banks: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
