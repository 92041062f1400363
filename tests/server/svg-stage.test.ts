import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { layerSvg, readGerber } from '../../server/gerber/gerber-read';
import { createSvgStage } from '../../server/gerber/svg-stage';

/**
 * gerber-to-svg's plotter-to-SVG stage is not public API: it is used from one file, and these tests fail when an
 * edit of the vendored copy changes what that file relies on.
 */
const root = resolve(import.meta.dirname, '../..');

it('reaches into gerber-to-svg\'s internals from svg-stage.ts alone', () => {
  const users = ['server', 'src', 'scripts'].flatMap((folder) => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(root, folder, name))
    .filter((file) => readFileSync(file, 'utf8').includes('gerber-to-svg/lib/')))
    .map((file) => relative(root, file));
  expect(users).toEqual(['server/gerber/svg-stage.ts']);
});

it('uses the gerber-to-svg vendored in the repository (vendor/tracespace), not a registry copy', () => {
  const require = createRequire(import.meta.url);
  const installed = realpathSync(dirname(require.resolve('@pcb-portal/gerber-to-svg/lib/plotter-to-svg')));
  expect(relative(root, installed)).toBe(join('vendor', 'tracespace', 'gerber-to-svg', 'lib'));
  const pinned = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
    '@pcb-portal/gerber-to-svg'
  ];
  expect(pinned).toBe('file:vendor/tracespace/gerber-to-svg');
});

it('has the shape the synchronous driving needs: a stage with its layer, box, units and attributes', () => {
  const stage = createSvgStage<unknown>('probe');
  for (const method of ['_transform', '_flush', 'push'] as const) expect(typeof stage[method]).toBe('function');
  expect(stage).toMatchObject({ layer: [], defs: [], viewBox: [0, 0, 0, 0], units: '', attributes: {} });
});

it('draws a plotted file as SVG text in the colour given after plotting', () => {
  const reading = readGerber('%FSLAX24Y24*%\n%MOMM*%\n%ADD10C,0.5*%\nD10*\nX0Y0D02*\nX100000Y0D01*\nX100000Y50000D01*\nX0Y0D01*\nM02*\n', 'probe');
  expect(reading.svg.units).toBe('mm');
  expect(reading.svg.viewBox).toEqual([-250, -250, 10500, 5500]);
  const svg = layerSvg(reading, '#b87333');
  expect(svg).toMatch(/^<svg [^>]*viewBox="-250 -250 10500 5500" color="#b87333">/);
  expect(svg).toMatch(/<path d="M 0 0 10000 0 10000 5000 0 0" fill="none" stroke-width="500"\/>/);
  expect(svg.endsWith('</svg>')).toBe(true);
});
