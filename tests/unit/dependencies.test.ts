import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * A strict install (`npm ci`, pnpm, `--omit=dev` for what the gateway runs) only has what package.json names: every
 * package the code imports must be declared there, at one exact version, so the lock file and the code agree.
 */
const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
const declared = { ...manifest.dependencies, ...manifest.devDependencies };

const sourceFiles = ['src', 'server', 'scripts', 'tests'].flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(root, folder, name)))
  .concat(readdirSync(root).filter((name) => /\.(ts|js)$/.test(name)).map((name) => join(root, name)));

const specifier = /(?:from\s+|import\(\s*|require\(\s*)['"]([^'"]+)['"]/g;
/** 'pkg/sub/path' → 'pkg', '@scope/pkg/sub' → '@scope/pkg'. */
const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
// A package name is lower-case letters, digits and - . _ ~ (npm's rule): that keeps out SQL such as `from "${table}"`.
const isPackage = (path: string) => /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(\/|$)/.test(path)
  && !path.startsWith('.') && !path.startsWith('node:') && !builtinModules.includes(packageOf(path));

function importedPackages(): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const file of sourceFiles) {
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      const path = match[1] ?? '';
      if (!isPackage(path)) continue;
      const name = packageOf(path);
      users.set(name, [...(users.get(name) ?? []), relative(root, file)]);
    }
  }
  return users;
}

it('declares every package the code imports', () => {
  const missing = [...importedPackages()].filter(([name]) => !(name in declared)).map(([name, files]) => `${name} (${files[0]})`);
  expect(missing).toEqual([]);
});

it('pins every dependency to one exact version or to a folder vendored in the repository', () => {
  const ranges = Object.entries(declared).filter(([, version]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version) && !/^file:vendor\//.test(version));
  expect(ranges).toEqual([]);
});
