import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule of ARCHITECTURE.md, checked on the real import graph:
 * views → machines → (actors supplied by) services → contract; the gateway sees only the contract, where the
 * rules it shares with a machine live (the order lifecycle's table), so the diagram and the gateway cannot disagree.
 */
const root = resolve(import.meta.dirname, '../..');

/** For each layer, the layers it may import from (its own layer is always allowed). */
const allowedImports: Record<string, readonly string[]> = {
  'src/contract': [],
  'src/machines': ['src/contract'],
  'src/services': ['src/machines', 'src/contract', 'locales'],
  'src/views': ['src/services', 'src/machines', 'src/contract', 'locales'],
  'src/app': ['src/views', 'src/services', 'src/machines', 'src/contract', 'locales'],
  'src/main.tsx': ['src/app', 'src/views', 'src/services', 'src/machines', 'src/contract', 'locales'],
  server: ['server/gerber', 'src/contract', 'locales'],
  // The board pipeline is a library (issue 30): bytes in, layers, pictures, measurements and DFM places out.
  'server/gerber': ['src/contract'],
};

/** The packages the board pipeline may use: Gerber reading and drawing, zip, geometry; no database, HTTP or jobs. */
const GERBER_PACKAGES = ['@pcb-portal/gerber-parser', '@pcb-portal/gerber-plotter', '@pcb-portal/gerber-to-svg', '@pcb-portal/pcb-stackup',
  '@pcb-portal/whats-that-gerber', '@pcb-portal/xml-element-string', 'fflate', 'clipper2-wasm'];
/** 'pkg/sub/path' → 'pkg', '@scope/pkg/sub' → '@scope/pkg'. */
const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

function sourceFiles(folder: string): string[] {
  const path = join(root, folder);
  try {
    if (statSync(path).isFile()) return [path];
  } catch {
    return [];
  }
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.includes('node_modules'))
    .map((name) => join(path, name));
}

function layerOf(file: string): string | undefined {
  const path = relative(root, file);
  return Object.keys(allowedImports)
    .sort((a, b) => b.length - a.length)
    .find((layer) => path === layer || path.startsWith(`${layer}/`));
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(importPattern)].map((match) => resolve(dirname(file), (match[1] ?? match[2]) as string));
}

function resolveModule(target: string): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

const files = Object.keys(allowedImports).flatMap(sourceFiles);

describe('layer boundaries', () => {
  it('imports only flow in the allowed direction', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      if (!layer) continue;
      for (const target of relativeImports(file)) {
        const targetLayer = layerOf(target) ?? (relative(root, target).startsWith('locales') ? 'locales' : undefined);
        if (!targetLayer || targetLayer === layer) continue;
        if (!allowedImports[layer]?.includes(targetLayer)) {
          violations.push(`${relative(root, file)} imports ${relative(root, target)} (${layer} → ${targetLayer})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('lets the gateway import nothing of the app but the contract', () => {
    const outside = sourceFiles('server').flatMap((file) => relativeImports(file)
      .map((target) => relative(root, target))
      .filter((target) => target.startsWith('src/') && !target.startsWith('src/contract/'))
      .map((target) => `${relative(root, file)} imports ${target}`));
    expect(outside).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      graph.set(file, relativeImports(file).map(resolveModule).filter((t): t is string => t !== undefined));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => relative(root, f)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the board pipeline a library: no database, HTTP or job code, and no package but its own', () => {
    const packages = /(?:import|export)\s[^'"]*?from\s+['"]([^.'"][^'"]*)['"]/g;
    const foreign = sourceFiles('server/gerber').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(packages)]
      .map((match) => match[1] ?? '')
      .filter((name) => !name.startsWith('node:') && !GERBER_PACKAGES.includes(packageOf(name)))
      .map((name) => `${relative(root, file)} imports ${name}`));
    expect(foreign).toEqual([]);
  });

  it('keeps machines pure: no React, fetch, DOM or storage', () => {
    const impure = sourceFiles('src/machines').filter((file) =>
      /from ['"](react|ofetch|dexie)['"]|\bfetch\(|\bwindow\.|\bdocument\.|localStorage|Date\.now\(/.test(readFileSync(file, 'utf8')),
    );
    expect(impure.map((f) => relative(root, f))).toEqual([]);
  });
});
