/**
 * After `vite build`: a Brotli (quality 11) and a gzip (level 9) copy beside every file of dist/ of 1 KB or more,
 * which the gateway serves by content negotiation (server/http/static-files.ts). Made once here, at the highest
 * levels, instead of on every request at the fast ones.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIN_BYTES = 1024;
/** Already compressed formats gain nothing. */
const SKIP = /\.(br|gz|png|jpe?g|webp|avif|gif|woff2?|zip|mp4|webm)$/i;

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesOf(path) : [path];
  });
}

const dir = process.argv[2] ?? 'dist';
let before = 0;
let after = 0;
for (const file of filesOf(dir)) {
  if (SKIP.test(file) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += brotli.length;
}
console.log(`compressed ${dir}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with Brotli`);
