import { describe, expect, it } from 'vitest';
import { runtimeManifest } from '../../scripts/runtime-packages';

/** The runtime image's package.json (scripts/runtime-packages.ts); the production-install test runs a board on it. */
const manifest = {
  name: 'pcb-portal', version: '1.2.3', type: 'module', engines: { node: '>=24' },
  dependencies: { fastify: '5.12.8', pg: '8.23.1', react: '19.3.1', 'pdfjs-dist': '5.6.205' },
};

describe('the runtime manifest', () => {
  it('keeps only the dependencies the built gateway loads, at their versions, under the same name and version', () => {
    expect(runtimeManifest(manifest, ['fastify', 'pg'])).toEqual({
      name: 'pcb-portal', version: '1.2.3', private: true, type: 'module', engines: { node: '>=24' },
      dependencies: { fastify: '5.12.8', pg: '8.23.1' },
    });
  });

  it('refuses a loaded package that package.json does not declare, naming it', () => {
    expect(() => runtimeManifest(manifest, ['fastify', 'left-pad'])).toThrow(/lack: left-pad/);
  });

  it('lets esbuild be loaded without installing it: only the source tree\'s runner imports it', () => {
    expect(runtimeManifest(manifest, ['fastify', 'esbuild']).dependencies).toEqual({ fastify: '5.12.8' });
  });
});
