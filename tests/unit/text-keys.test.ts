import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text key the code asks for is in both catalogues: the app's `t('…')` (and `textOr`, `pluralText`) in src/,
 * the gateway's `translate(lang, '…')` and `new ApiError(status, '…')` in server/. A missing key shows on screen as
 * the key itself, so only this test notices it. Keys held in variables are not followed; a key built from a
 * template is checked by its shape, and one whose first part is a variable needs that variable's values below.
 */
const root = resolve(import.meta.dirname, '../..');
type Tree = { [key: string]: string | Tree };
const catalogues: Record<'ru' | 'en', Tree> = {
  ru: JSON.parse(readFileSync(join(root, 'locales/ru.json'), 'utf8')) as Tree,
  en: JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8')) as Tree,
};

/** Variables that start a key, with the sections they may hold (`t(`${section}.list.search`)`): one must have the key. */
const DYNAMIC_ROOTS: Record<string, readonly string[]> = {
  // The ordering-data pages share their list, form and toast views; each page names its section.
  section: ['account.payers', 'account.contacts', 'account.delivery'],
  // The list pages' views as tabs (components/use-list-views): each page names where its views' names are.
  textKey: ['orders.views', 'projects.views'],
  // The lists' export buttons (components/export-buttons): each list names where its export texts are.
  exportTexts: ['orders.list', 'invoices.list'],
};

/** A key as written: text, with a hole wherever a value is only known at run time. */
type Shape = Array<string | { hole: string }>;
/** A text is a string; a plural family an object of forms; a gateway message either (variants by `kind`). */
type Use = { where: string; shape: Shape; kind: 'text' | 'plural' | 'message' };
const isWanted: Record<Use['kind'], (node: string | Tree | undefined) => boolean> = {
  text: (node) => typeof node === 'string',
  plural: (node) => typeof node === 'object',
  message: (node) => node !== undefined,
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(root, folder, name));
}

/** Every key an expression may give: literals, both sides of `?:`, templates (file constants filled in). */
function shapesOf(node: ts.Expression, constants: Map<string, string>): Shape[] {
  if (ts.isStringLiteralLike(node)) return [[node.text]];
  if (ts.isParenthesizedExpression(node)) return shapesOf(node.expression, constants);
  if (ts.isConditionalExpression(node)) return [...shapesOf(node.whenTrue, constants), ...shapesOf(node.whenFalse, constants)];
  if (ts.isIdentifier(node) && constants.has(node.text)) return [[constants.get(node.text) ?? '']];
  if (!ts.isTemplateExpression(node)) return [[{ hole: node.getText() }]];
  let shapes: Shape[] = [[node.head.text]];
  for (const span of node.templateSpans) {
    const filled = shapesOf(span.expression, constants);
    shapes = shapes.flatMap((shape) => filled.map((fill) => [...shape, ...fill, span.literal.text]));
  }
  return shapes;
}

/** Adjacent texts as one, empty ones dropped: a key's first part is text or a hole. */
function joined(shape: Shape): Shape {
  return shape.reduce<Shape>((parts, part) => {
    const last = parts.at(-1);
    if (part === '') return parts;
    if (typeof part === 'string' && typeof last === 'string') return [...parts.slice(0, -1), last + part];
    return [...parts, part];
  }, []);
}

/** A file's top-level `const X = '…'`: `t(`${S}.form.name`)` reads as the key it is. */
function constantsOf(source: ts.SourceFile): Map<string, string> {
  const declarations = source.statements.filter(ts.isVariableStatement).flatMap((statement) => statement.declarationList.declarations);
  return new Map(declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) && declaration.initializer
    && ts.isStringLiteralLike(declaration.initializer) ? [[declaration.name.text, declaration.initializer.text] as const] : [])));
}

/** Keys asked for by the named calls: argument index → what the key must be. */
function uses(folder: string, calls: Record<string, Array<[number, Use['kind']]>>): Use[] {
  return sourceFiles(folder).flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const constants = constantsOf(source);
    const found: Use[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)
        && Object.hasOwn(calls, node.expression.text)) {
        for (const [index, kind] of calls[node.expression.text] ?? []) {
          const argument = node.arguments?.[index];
          if (!argument) continue;
          const where = `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          for (const shape of shapesOf(argument, constants)) found.push({ where, shape, kind });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    // A key held in a variable (`t(label)`) is not followed: only keys written at the call are checked.
    return found.map((use) => ({ ...use, shape: joined(use.shape) })).filter((use) => use.shape.some((part) => typeof part === 'string'));
  });
}

function nodeAt(tree: Tree, key: string): string | Tree | undefined {
  return key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

function allKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    [`${prefix}${key}`, ...(typeof value === 'string' ? [] : allKeys(value, `${prefix}${key}.`))]);
}
const keysOf = { ru: allKeys(catalogues.ru), en: allKeys(catalogues.en) };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What is wrong with one key in one catalogue; undefined when it is there. */
function problemOf(use: Use, lang: 'ru' | 'en', roots: Record<string, readonly string[]>): string | undefined {
  const [first] = use.shape;
  if (typeof first === 'object') {
    const values = roots[first.hole];
    if (!values) return `a key starting with \${${first.hole}}: list its values in DYNAMIC_ROOTS`;
    // Not every section has every key (delivery's panel has no search): one of them must have it.
    const problems = values.map((value) => problemOf({ ...use, shape: [value, ...use.shape.slice(1)] }, lang, roots));
    return problems.some((problem) => problem === undefined) ? undefined : problems[0] ?? `\${${first.hole}} has no values (${lang})`;
  }
  const wanted = isWanted[use.kind];
  if (use.shape.every((part) => typeof part === 'string')) {
    const key = use.shape.join('');
    return wanted(nodeAt(catalogues[lang], key)) ? undefined : `${key} (${lang})`;
  }
  // Built at run time: at least one key of that shape must exist (a mistyped family has none).
  const pattern = new RegExp(`^${use.shape.map((part) => (typeof part === 'string' ? escape(part) : '.+')).join('')}$`);
  const shown = use.shape.map((part) => (typeof part === 'string' ? part : '*')).join('');
  return keysOf[lang].some((key) => pattern.test(key) && wanted(nodeAt(catalogues[lang], key))) ? undefined : `${shown} (${lang})`;
}

function missing(found: Use[], roots: Record<string, readonly string[]> = DYNAMIC_ROOTS): string[] {
  return found.flatMap((use) => (['ru', 'en'] as const).map((lang) => problemOf(use, lang, roots)).filter(Boolean)
    .map((problem) => `${use.where}: ${problem}`));
}

describe('text keys used by the code', () => {
  it('of the app are all in both catalogues', () => {
    const found = uses('src', { t: [[0, 'text']], translate: [[0, 'text']], textOr: [[2, 'text']], pluralText: [[1, 'plural']] });
    // pluralText's own `t(`${key}.${form}`)` takes the keys its callers pass, checked there as plural families.
    const key = found.filter((use) => use.kind === 'plural').map((use) => use.shape.join(''));
    expect(found.length).toBeGreaterThan(1000);
    expect(missing(found, { ...DYNAMIC_ROOTS, key })).toEqual([]);
  });

  it('of the gateway are all in both catalogues', () => {
    const found = uses('server', { translate: [[1, 'message']], ApiError: [[1, 'message']] })
      .map((use) => ({ ...use, shape: ['gateway.messages.', ...use.shape] }));
    expect(found.length).toBeGreaterThan(100);
    expect(missing(found)).toEqual([]);
  });
});
