import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleOf } from '../../scripts/locale-texts-plugin';

/** What /auth renders before the visitor does anything: its layout, the page and the sign-in form. */
const FIRST_VISIT = ['src/views/layouts/auth-layout.tsx', 'src/views/pages/auth-page.tsx', 'src/views/pages/auth/login-form.tsx'];
const SIGN_IN_STYLES = 'src/views/pages/auth/auth.css';

const outDir = mkdtempSync(join(tmpdir(), 'first-visit-preload-'));
/** Built file of each source module (JavaScript), and the style sheet each chunk brings. */
const fileOf = new Map<string, string>();
const cssOf = new Map<string, string[]>();
/** The chunks each chunk imports statically (loaded with it). */
const importsOf = new Map<string, string[]>();
/** Each source module's imports, static and dynamic, as the bundler resolved them. */
const moduleImports = new Map<string, string[]>();
let html = '';

const recordChunks: Plugin = {
  name: 'record-chunks',
  generateBundle(_options, bundle) {
    const source = (id: string) => relative(process.cwd(), id.split('?')[0] ?? id);
    for (const id of this.getModuleIds()) {
      const info = this.getModuleInfo(id);
      if (info) moduleImports.set(source(id), [...info.importedIds, ...info.dynamicallyImportedIds].map(source));
    }
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of Object.keys(output.modules)) fileOf.set(relative(process.cwd(), id.split('?')[0] ?? id), output.fileName);
      cssOf.set(output.fileName, [...(output.viteMetadata?.importedCss ?? [])]);
      importsOf.set(output.fileName, [...output.imports]);
    }
  },
};

/** Every chunk loading `files` brings with it. */
function withStaticImports(files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(importsOf.get(file) ?? []));
  }
  return seen;
}

/** Files index.html loads or preloads before any script runs: the entry, its modulepreloads and its style sheets. */
function loadedByHtml(page: string): Set<string> {
  const hrefs = [...page.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+)"/g)];
  return new Set(hrefs.map((match) => match[1] ?? ''));
}

describe('the built index.html', () => {
  beforeAll(async () => {
    await build({ configFile: 'vite.config.ts', logLevel: 'silent', plugins: [recordChunks], build: { outDir, emptyOutDir: true } });
    html = readFileSync(join(outDir, 'index.html'), 'utf8');
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('preloads the chunks of the auth layout, page and sign-in form, so /auth costs no round trip after the entry', () => {
    const loaded = loadedByHtml(html);
    for (const source of FIRST_VISIT) {
      const file = fileOf.get(source);
      expect(file, `${source} is in the build`).toBeDefined();
      expect(loaded, `${source} (${file}) is preloaded by index.html`).toContain(file);
    }
  });

  it('links the sign-in form\'s style sheet, so the form does not wait for it either', () => {
    const file = fileOf.get(FIRST_VISIT[2] ?? '') ?? '';
    const sheets = cssOf.get(file) ?? [];
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(loadedByHtml(html)).toContain(sheet);
    expect([...fileOf.keys()]).toContain(SIGN_IN_STYLES);
  });

  it('leaves the dashboard out of the first visit', () => {
    const dashboard = fileOf.get('src/views/layouts/default-layout.tsx');
    expect(dashboard).toBeDefined();
    expect(loadedByHtml(html)).not.toContain(dashboard);
  });

  it('brings the signed-in frame and the dashboard in one chunk beside the entry\'s, not in dozens of small ones', () => {
    const portal = fileOf.get('src/views/layouts/default-layout.tsx');
    const entryFiles = new Set(
      [...fileOf].filter(([source]) => source === 'src/main.tsx' || loadedByHtml(html).has(fileOf.get(source) ?? '')).map(([, file]) => file),
    );
    // Modules the frame and the dashboard import, from the shell, the page and the services they use.
    for (const source of ['src/views/pages/home-page.tsx', 'src/views/components/shell/sidebar.tsx', 'src/views/components/shell/app-header.tsx',
      'src/views/pages/home/activity-lists.tsx', 'src/views/components/notifications/latest-notifications.tsx']) {
      const file = fileOf.get(source);
      expect(entryFiles.has(file ?? '') || file === portal, `${source} (${file}) is in the entry's files or in the frame's ${portal}`).toBe(true);
    }
  });

  it('paints a splash from the page and its linked style sheet alone, before any script runs', () => {
    const root = /<div id="root">(.*?)<\/div>\s*<noscript>/s.exec(html)?.[1] ?? '';
    expect(root).toContain('class="boot-splash"');
    expect(root).toMatch(/<svg[^>]*>.*<\/svg><span>PCB Portal<\/span>/s);
    // Styled by the one sheet index.html links, which blocks rendering: no flash of an unstyled splash.
    const sheets = [...loadedByHtml(html)].filter((file) => file.endsWith('.css'));
    expect(sheets.some((sheet) => readFileSync(join(outDir, sheet), 'utf8').includes('.boot-splash'))).toBe(true);
  });

  it('keeps what the dashboard does not show at first out of a signed-in cold start: upload packing, client flows, dialogs', () => {
    const frame = ['src/views/layouts/default-layout.tsx', 'src/views/pages/home-page.tsx'].map((source) => fileOf.get(source) ?? '');
    const coldStart = withStaticImports([...loadedByHtml(html), ...frame].filter((file) => file.endsWith('.js')));
    const sourcesLoaded = [...fileOf].filter(([, file]) => coldStart.has(file)).map(([source]) => source);
    expect(sourcesLoaded).toContain('src/views/pages/home-page.tsx');
    for (const later of [
      /node_modules\/fflate\//,
      /src\/machines\/client-(creation|restoration)\//,
      /node_modules\/@radix-ui\/react-dialog\//,
      /src\/services\/order-files\.ts$/,
    ]) {
      expect(
        sourcesLoaded.filter((source) => later.test(source)),
        String(later),
      ).toEqual([]);
    }
  });

  it('renders in the signed-in frame and the dashboard only texts of the first visit and of the frame\'s bundle', () => {
    const keys = [...frameModules()].flatMap((source) => textKeysOf(source).map((key) => ({ source, key })));
    expect(keys.length).toBeGreaterThan(150);
    const elsewhere = keys.filter(({ key }) => key.some((path) => !['first-visit', 'frame'].includes(bundleOf(path) ?? '')));
    expect(elsewhere.map(({ source, key }) => `${source}: ${key.map((path) => path.join('.')).join(', ')}`)).toEqual([]);
  });
});

/** Chunks the frame loads only together with the rest of the portal's texts (pages, and popups of other areas). */
const WITH_PORTAL_TEXTS = ['src/app/pages.ts', 'src/views/components/groups/group-popup.tsx', 'src/views/components/client-access/access-request-modal.tsx',
  'src/views/components/client-access/invite-modal.tsx', 'src/services/order-files.ts'];

/** Source modules the frame and the dashboard may run before another page opens: what they import, at once or lazily. */
function frameModules(): Set<string> {
  const seen = new Set<string>();
  const queue = ['src/views/layouts/default-layout.tsx', 'src/views/pages/home-page.tsx'];
  for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
    if (seen.has(source) || WITH_PORTAL_TEXTS.includes(source)) continue;
    seen.add(source);
    queue.push(...(moduleImports.get(source) ?? []).filter((id) => id.startsWith('src/')));
  }
  return seen;
}

const catalogue = JSON.parse(readFileSync('locales/ru.json', 'utf8')) as Record<string, unknown>;
/** Every text path of the Russian catalogue (both catalogues hold the same keys: tests/unit/locales.test.ts). */
const textPaths: string[][] = (function paths(node: unknown, prefix: string[]): string[][] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => paths(value, [...prefix, key]));
})(catalogue, []);
const TEXT_CALLS: Record<string, number> = { t: 0, textOr: 2, pluralText: 1 };

/**
 * The text paths one module may render: the keys given to `t`, `textOr` and `pluralText` (a template stands for every
 * key of its shape), and any string that names a text or a family of texts (a label kept in a table, translated later).
 */
function textKeysOf(source: string): string[][][] {
  if (!/\.tsx?$/.test(source)) return [];
  const file = ts.createSourceFile(source, readFileSync(source, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[][][] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const matching = (pattern: RegExp) => textPaths.filter((path) => pattern.test(path.join('.')));
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && node.text.includes('.')) found.push(matching(new RegExp(`^${escape(node.text)}(\\..+)?$`)));
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && Object.hasOwn(TEXT_CALLS, node.expression.text)) {
      const argument = node.arguments[TEXT_CALLS[node.expression.text] ?? 0];
      if (argument && ts.isTemplateExpression(argument) && argument.head.text !== '') {
        const shape = escape(argument.head.text) + argument.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join('');
        found.push(matching(new RegExp(`^${shape}(\\..+)?$`)));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((paths) => paths.length > 0);
}
