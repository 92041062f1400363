/**
 * `npx tsx scripts/runtime-packages.ts <dist-server> <folder>`: writes into <folder> a package.json whose dependencies
 * are only the packages the built gateway loads (dist-server's bare imports and its createRequire calls), and the lock
 * file pruned to them, for `npm ci --omit=dev` there. The app's browser packages (React, pdf.js and its native canvas…)
 * are build inputs already inside dist/, so the runtime image and the production-install test leave them out.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  type?: string;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
}

/** Imported by the gateway only when it runs from the source tree (server/board-jobs/runner-code.ts), never when built. */
const SOURCE_TREE_ONLY = new Set(['esbuild']);

/** 'pkg/sub/path' → 'pkg', '@scope/pkg/sub' → '@scope/pkg'; null for Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || specifier.startsWith('.')) return null;
  const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  return builtinModules.includes(name) ? null : name;
}

/** Every package the built files load: the bundle's external imports, and the paths given to createRequire's require. */
export async function loadedPackages(distServer: string): Promise<string[]> {
  const files = readdirSync(distServer).filter((name) => name.endsWith('.mjs')).map((name) => join(distServer, name));
  const result = await build({
    entryPoints: files, bundle: true, packages: 'external', platform: 'node', format: 'esm', write: false, metafile: true,
    outdir: join(distServer, '.imports'), logLevel: 'silent',
  });
  const specifiers = Object.values(result.metafile.inputs).flatMap((input) => input.imports)
    .filter((item) => item.external).map((item) => item.path);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    // `require2("pkg")`, `require.resolve("pkg/…")` and `createRequire(import.meta.url).resolve("pkg/…")`.
    for (const match of code.matchAll(/\b(?:require\d*|createRequire\([^()]*\))(?:\.resolve)?\(\s*"([^"]+)"\s*\)/g)) {
      specifiers.push(match[1] ?? '');
    }
  }
  return [...new Set(specifiers.map(packageOf).filter((name) => name !== null))].sort();
}

/** The runtime manifest: package.json with only the loaded dependencies; throws on a loaded package it does not declare. */
export function runtimeManifest(manifest: Manifest, loaded: string[]): Manifest {
  const undeclared = loaded.filter((name) => !(name in manifest.dependencies) && !SOURCE_TREE_ONLY.has(name));
  if (undeclared.length > 0) {
    throw new Error(`dist-server loads packages that package.json's dependencies lack: ${undeclared.join(', ')}`);
  }
  const dependencies = Object.fromEntries(Object.entries(manifest.dependencies).filter(([name]) => loaded.includes(name)));
  const { name, version, type, engines } = manifest;
  return { name, version, private: true, ...(type ? { type } : {}), ...(engines ? { engines } : {}), dependencies };
}

async function main(): Promise<void> {
  const [distServer, folder] = process.argv.slice(2);
  if (!distServer || !folder) throw new Error('usage: tsx scripts/runtime-packages.ts <dist-server> <output folder>');
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
  const runtime = runtimeManifest(manifest, await loadedPackages(resolve(distServer)));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(runtime, null, 2)}\n`);
  copyFileSync('package-lock.json', join(folder, 'package-lock.json'));
  // The vendored packages (package.json's file: dependencies) install from the folder, so they travel with it.
  if (existsSync('vendor')) cpSync('vendor', join(folder, 'vendor'), { recursive: true });
  // The versions stay the lock file's: npm only drops the entries nothing there needs any more (no download).
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: folder, stdio: 'inherit',
  });
  const left = Object.keys(manifest.dependencies).filter((name) => !(name in runtime.dependencies));
  console.log(`runtime packages: ${Object.keys(runtime.dependencies).join(', ')}\nleft out: ${left.join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
