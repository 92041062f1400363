import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { array, create, nullable, object, string, type Infer } from 'superstruct';
import { bank, type Bank } from '../../src/contract/banks';

/**
 * The banks' reference the gateway answers BIK lookups from: `<DATA_DIR>/banks.json` once `npm run ops -- banks`
 * has written one from the Bank of Russia's directory, else the subset shipped beside this file. A refreshed file is
 * picked up by a running gateway at its next lookup (its modification time is checked each time: a lookup is a
 * person typing a BIK, rare enough for one `stat`).
 */
export const bankReferenceFile = object({ source: string(), directoryDate: nullable(string()), banks: array(bank) });
export type BankReferenceFile = Infer<typeof bankReferenceFile>;

export const SHIPPED_REFERENCE = new URL('./bik-reference.json', import.meta.url);
export const REFRESHED_NAME = 'banks.json';

export const refreshedReferencePath = (dataDir: string): string | null =>
  (dataDir.startsWith('memory://') ? null : join(dataDir, REFRESHED_NAME));

const byBik = (file: BankReferenceFile) => new Map(file.banks.map((row) => [row.bik, row]));

export function readShippedReference(): BankReferenceFile {
  return create(JSON.parse(readFileSync(SHIPPED_REFERENCE, 'utf8')), bankReferenceFile);
}

export interface BankReference {
  find(bik: string): Promise<Bank | null>;
}

export function createBankReference(refreshedPath: string | null, onBrokenFile: (error: unknown) => void): BankReference {
  const shipped = byBik(readShippedReference());
  let loaded: { mtimeMs: number; banks: Map<string, Bank> } | null = null;

  async function current(): Promise<Map<string, Bank>> {
    if (refreshedPath === null) return shipped;
    const found = await stat(refreshedPath).catch(() => null);
    if (!found) return shipped;
    if (loaded?.mtimeMs !== found.mtimeMs) {
      try {
        loaded = { mtimeMs: found.mtimeMs, banks: byBik(create(JSON.parse(await readFile(refreshedPath, 'utf8')), bankReferenceFile)) };
      } catch (error) {
        // A damaged file is reported once per version of it, and the shipped subset answers meanwhile.
        onBrokenFile(error);
        loaded = { mtimeMs: found.mtimeMs, banks: shipped };
      }
    }
    return loaded.banks;
  }

  return { find: async (bik) => (await current()).get(bik) ?? null };
}
