/**
 * The known-truth set of DFM boards: small constructed boards, each with exactly one violation whose
 * value and place are worked out from the geometry drawn, and clean boards with geometry that tempts false findings.
 * `tests/unit/dfm-truth.test.ts` measures them; docs/capabilities.md "The known-truth set" describes them.
 *
 * `npx tsx scripts/dfm-truth.ts [folder]` writes each board as a zip for uploading by hand (default `dfm-truth/`),
 * and prints what each should be found to have.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { EDGE_CASES } from './dfm-truth/cases-edge';
import { GAP_CASES } from './dfm-truth/cases-gaps';
import { HOLE_CASES } from './dfm-truth/cases-holes';
import { THIN_COPPER_CASES } from './dfm-truth/cases-thin-copper';
import { CLEAN_BOARDS } from './dfm-truth/clean-boards';
import type { TruthCase } from './dfm-truth/truth';

/** The boards with one violation each. */
export const violationBoards = (): TruthCase[] => [...THIN_COPPER_CASES, ...GAP_CASES, ...HOLE_CASES, ...EDGE_CASES].map((make) => make());
/** The boards with none. */
export const cleanBoards = (): TruthCase[] => CLEAN_BOARDS.map((make) => make());

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const folder = process.argv[2] ?? 'dfm-truth';
  mkdirSync(folder, { recursive: true });
  for (const board of [...violationBoards(), ...cleanBoards()]) {
    writeFileSync(
      join(folder, `${board.name}.zip`),
      zipSync(Object.fromEntries(board.files.map((file) => [`${board.name}/${file.name}`, strToU8(file.content)]))),
    );
    const expected = board.expected.map((each) => `${each.rule} ${each.valueMm.toFixed(3)} mm at (${each.at.map((v) => v.toFixed(3)).join(', ')})`);
    console.log(`${board.name}.zip: ${board.drawn}; ${expected.join('; ') || 'no finding'}`);
  }
}
