/**
 * `npm run flows`: writes docs/flows/<machine>.md (Mermaid + legend + transitions), <machine>.svg and README.md
 * from the registered machines. `--check` writes nothing and exits 1 naming every stale file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../src/machines/index';
import { flowDocs, staleDocs } from '../src/services/flows/docs';

const folder = join(process.cwd(), 'docs', 'flows');
const check = process.argv.includes('--check');

const files = await flowDocs(machineRegistry);
const present = existsSync(folder) ? readdirSync(folder).filter((name) => /\.(md|svg)$/.test(name)) : [];
const read = (path: string) => (existsSync(join(folder, path)) ? readFileSync(join(folder, path), 'utf8') : null);
const stale = staleDocs(files, read, present);

if (check) {
  if (stale.length) {
    console.error(`docs/flows is stale; run \`npm run flows\` and commit the result:\n${stale.map((line) => `  docs/flows/${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`docs/flows is up to date (${files.length} files).`);
} else {
  mkdirSync(folder, { recursive: true });
  const wanted = new Set(files.map((file) => file.path));
  for (const name of present.filter((path) => !wanted.has(path))) rmSync(join(folder, name));
  for (const file of files) {
    if (read(file.path) !== file.content) writeFileSync(join(folder, file.path), file.content);
  }
  console.log(stale.length ? `Updated docs/flows:\n${stale.map((line) => `  ${line}`).join('\n')}` : `docs/flows already up to date (${files.length} files).`);
}
