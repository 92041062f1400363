/**
 * `npx tsx scripts/unused-exports.ts [folder…]`: exported names that no other file imports, found with the
 * TypeScript compiler API (as ts-prune did; knip is not a dependency). Prints `file:line name (used in its file |
 * dead)` and exits 1 when it finds any under the folders given (every source folder by default).
 * A namespace import, `export *` or a dynamic `import()` counts as using every export of its module, so the list can
 * miss a name but never names one that is in use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'server', 'scripts', 'tests'];
/** Exports read by name by something other than an import: Piscina calls a worker's tasks by their names. */
const CALLED_BY_NAME: Record<string, readonly string[]> = {
  'scripts/bench-raw-stackup.ts': ['stackup'],
};

const options: ts.CompilerOptions = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path)).config, ts.sys, root,
).options;

const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.includes('node_modules');

/** The source folders, and the configuration files beside them (vite.config.ts imports a plugin from scripts/). */
function sourceFiles(): string[] {
  return [
    ...readdirSync(root).filter(isSource).map((name) => join(root, name)),
    ...FOLDERS.flatMap((folder) => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter(isSource).map((name) => join(root, folder, name))),
  ];
}

const parsed = new Map(sourceFiles().map((file) => [file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)]));

function resolveFrom(file: string, specifier: string): string | undefined {
  return ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
}

/** Per file, the names other files import from it; '*' when they may read any. */
const imported = new Map<string, Set<string>>();
const markUsed = (file: string | undefined, name: string) => {
  if (file) imported.set(file, (imported.get(file) ?? new Set()).add(name));
};

for (const [file, source] of parsed) {
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveFrom(file, node.moduleSpecifier.text);
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        if (clause?.name) markUsed(target, 'default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) markUsed(target, '*');
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) markUsed(target, (element.propertyName ?? element.name).text);
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) markUsed(target, (element.propertyName ?? element.name).text);
      } else {
        markUsed(target, '*');
      }
    }
    // import('./x') and typeof import('./x') may read any export.
    let argument: ts.Node | undefined;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) argument = node.arguments[0];
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) argument = node.argument.literal;
    if (argument && ts.isStringLiteralLike(argument)) markUsed(resolveFrom(file, argument.text), '*');
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** A file's exported declarations: name, line, and whether the file itself still refers to the name. */
function exportsOf(source: ts.SourceFile): Array<{ name: string; line: number; usedInside: boolean }> {
  const found: Array<{ name: string; line: number }> = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (!exported || isDefault) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) found.push({ name: declaration.name.text, line });
      }
    } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
      found.push({ name: (statement.name as ts.Identifier).text, line });
    }
  }
  const text = source.getFullText();
  return found.map((entry) => ({ ...entry, usedInside: (text.match(new RegExp(`\\b${entry.name}\\b`, 'g')) ?? []).length > 1 }));
}

const only = process.argv.slice(2).map((folder) => resolve(root, folder));
const unused: string[] = [];
for (const [file, source] of parsed) {
  if (only.length > 0 && !only.some((folder) => file === folder || file.startsWith(`${folder}/`))) continue;
  const names = imported.get(file) ?? new Set();
  if (names.has('*')) continue;
  const path = relative(root, file);
  for (const entry of exportsOf(source)) {
    if (names.has(entry.name) || CALLED_BY_NAME[path]?.includes(entry.name)) continue;
    unused.push(`${path}:${entry.line} ${entry.name} (${entry.usedInside ? 'used in its file' : 'dead'})`);
  }
}
console.log(unused.join('\n'));
console.log(`${unused.length} exported names used by no other file`);
process.exitCode = unused.length > 0 ? 1 : 0;
