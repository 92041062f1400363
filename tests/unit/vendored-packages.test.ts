import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tracespace packages the gateway reads and draws Gerber with live in vendor/tracespace under the project's
 * scope: MIT notices kept, run-time files only, and none of the dependencies upstream shipped into production.
 */
const root = resolve(import.meta.dirname, '../..');
const vendor = join(root, 'vendor/tracespace');
const require = createRequire(import.meta.url);

interface Manifest { name: string; main?: string; dependencies?: Record<string, string> }
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const rootDependencies = readJson<Manifest>(join(root, 'package.json')).dependencies ?? {};
const folders = existsSync(vendor) ? readdirSync(vendor) : [];

/** What upstream's packages required and the vendored ones replace with Node's own (node:stream, node:util, native). */
const DROPPED = /^(readable-stream|inherits|xtend|lodash(\.\w+)?|@types\/node|run-parallel|run-waterfall|queue-microtask|viewbox)$/;

const jsFiles = (folder: string) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

describe('vendored tracespace packages', () => {
  it('are what the gateway resolves gerber-parser, gerber-plotter, gerber-to-svg, pcb-stackup and whats-that-gerber to', () => {
    for (const name of ['gerber-parser', 'gerber-plotter', 'gerber-to-svg', 'pcb-stackup', 'whats-that-gerber']) {
      expect(rootDependencies[`@pcb-portal/${name}`]).toBe(`file:vendor/tracespace/${name}`);
      expect(relative(root, dirname(require.resolve(`@pcb-portal/${name}`)))).toBe(join('vendor', 'tracespace', name));
    }
    for (const name of ['gerber-parser', 'gerber-plotter', 'gerber-to-svg', 'pcb-stackup', 'whats-that-gerber']) expect(rootDependencies[name]).toBeUndefined();
  });

  it('each keep its licence, name where it came from and what was changed, under the project\'s scope', () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const manifest = readJson<Manifest>(join(vendor, folder, 'package.json'));
      expect(manifest.name).toBe(`@pcb-portal/${folder}`);
      expect(readFileSync(join(vendor, folder, 'LICENSE'), 'utf8')).toContain('MIT License');
      expect(readFileSync(join(vendor, folder, 'README.md'), 'utf8')).toMatch(/from the npm registry[\s\S]*Changed: /);
    }
  });

  it('hold only files read at run time: no tests, examples, browser bundles or source maps', () => {
    const extra = folders.flatMap((folder) => readdirSync(join(vendor, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /(^|\/)(test|tests|integration|example|dist|node_modules)(\/|$)|test\.js$|\.map$|webpack/.test(name))
      .map((name) => `${folder}/${name}`));
    expect(extra).toEqual([]);
  });

  it('require only Node built-ins, their own files and the packages they declare, none of those upstream shipped', () => {
    const wrong: string[] = [];
    for (const folder of folders) {
      const manifest = readJson<Manifest>(join(vendor, folder, 'package.json'));
      const declared = Object.keys(manifest.dependencies ?? {});
      for (const name of declared.filter((dependency) => DROPPED.test(dependency))) wrong.push(`${folder} declares ${name}`);
      for (const file of jsFiles(join(vendor, folder))) {
        for (const [, path = ''] of readFileSync(join(vendor, folder, file), 'utf8').matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
          const local = path.startsWith('.');
          const known = local ? existsSync(resolve(vendor, folder, dirname(file), path.endsWith('.js') ? path : `${path}.js`))
            : path.startsWith('node:') ? builtinModules.includes(path.slice(5)) : declared.includes(packageOf(path));
          if (!known || DROPPED.test(packageOf(path))) wrong.push(`${folder}/${file} requires ${path}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
