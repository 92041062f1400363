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
  // The board pipeline is a library: bytes in, layers, pictures, measurements and DFM places out.
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

/** An area: a folder under server/ (files beside them are the gateway's assembly), or a page folder of the app. */
function areaOf(file: string): string | undefined {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'server' && parts.length > 2) return `server/${parts[1]}`;
  if (parts.slice(0, 3).join('/') === 'src/views/pages' && parts.length > 4) return `src/views/pages/${parts[3]}`;
  return undefined;
}

/** Area → area it imports → one import that shows it, from the real source. */
function areaImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of [...sourceFiles('server'), ...sourceFiles('src/views/pages')]) {
    const area = areaOf(file);
    if (!area) continue;
    for (const target of relativeImports(file)) {
      const targetArea = areaOf(target);
      if (!targetArea || targetArea === area) continue;
      const edges = graph.get(area) ?? new Map<string, string>();
      graph.set(area, edges);
      if (!edges.has(targetArea)) edges.set(targetArea, `${relative(root, file)} imports ${relative(root, target)}`);
    }
  }
  return graph;
}

/** The cycles a depth-first walk meets, each from its first node back to it; none in a graph without one. */
function cyclesOf(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') {
      cycles.push([...trail.slice(trail.indexOf(node)), node]);
      return;
    }
    state.set(node, 'visiting');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return cycles;
}

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
    expect(cyclesOf(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '))).toEqual([]);
  });

  it('finds a circle of areas, and none where imports go one way', () => {
    const circle = new Map([['cart', ['orders']], ['orders', ['projects', 'cart']], ['projects', []], ['checkout', ['cart']]]);
    expect(cyclesOf(circle)).toEqual([['cart', 'orders', 'cart']]);
    const oneWay = new Map([['checkout', ['cart', 'orders']], ['orders', ['cart']], ['cart', ['projects']]]);
    expect(cyclesOf(oneWay)).toEqual([]);
  });

  it('has no areas importing each other in a circle', () => {
    const graph = areaImports();
    const edges = new Map([...graph].map(([area, targets]) => [area, [...targets.keys()]]));
    const printed = cyclesOf(edges).map((cycle) => [
      cycle.join(' → '),
      ...cycle.slice(1).map((to, i) => `  ${graph.get(cycle[i] ?? '')?.get(to) ?? ''}`),
    ].join('\n'));
    expect(printed).toEqual([]);
  });

  it('defines tables only in schema.ts files, which count as part of their area', () => {
    const tables = sourceFiles('server').filter((file) => /\bpgTable\(/.test(readFileSync(file, 'utf8')) && !file.endsWith('/schema.ts'));
    expect(tables.map((file) => relative(root, file))).toEqual([]);
    expect(areaOf(join(root, 'server/cart/schema.ts'))).toBe('server/cart');
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
