// k6 cannot be installed here, so its scenarios are checked statically: every script parses as a
// JavaScript module with no TypeScript-only syntax; each scenario exports `options` (with scenarios
// and thresholds) and a default function, runs only functions it exports, imports only k6's own
// modules or local files that exist, and reads the stack's address from __ENV.BASE_URL.
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const K6_DIR = import.meta.dirname;
const scriptsIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scriptsIn(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
const allScripts = scriptsIn(K6_DIR);
const scenarios = allScripts.filter((f) => path.dirname(f) === K6_DIR);
const rel = (file: string) => path.relative(K6_DIR, file);

/** `parseDiagnostics` is internal to the TypeScript API: the syntax errors found while parsing. */
type ParsedFile = ts.SourceFile & { parseDiagnostics: ts.Diagnostic[] };

function parse(file: string): ParsedFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS) as ParsedFile;
}

/** Also reports syntax a JavaScript file may not hold (type annotations and other TypeScript-only forms). */
const program = ts.createProgram(allScripts, { allowJs: true, noEmit: true, noResolve: true, target: ts.ScriptTarget.Latest, module: ts.ModuleKind.ESNext });
const messages = (diagnostics: readonly ts.Diagnostic[]) => diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** The object literal of `export const options = { ... }`, if the script has one. */
function exportedOptions(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !hasExport(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === 'options' && d.initializer && ts.isObjectLiteralExpression(d.initializer)) return d.initializer;
    }
  }
  return undefined;
}

const propertyNames = (object: ts.ObjectLiteralExpression) =>
  object.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : []));

function hasDefaultFunction(source: ts.SourceFile): boolean {
  return source.statements.some((s) => ts.isFunctionDeclaration(s) && hasExport(s) && isDefault(s));
}

function importsOf(source: ts.SourceFile): string[] {
  return source.statements.flatMap((s) => (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) ? [s.moduleSpecifier.text] : []));
}

test('there are scenarios for browsing, writing documents, chat, the document flow and sockets', () => {
  expect(scenarios.map(rel).sort()).toEqual(['browse.js', 'chat.js', 'document-flow.js', 'documents.js', 'sockets.js']);
});

describe.each(allScripts.map((f) => [rel(f), f]))('%s', (_name, file) => {
  const source = parse(file);

  test('parses as a JavaScript module without syntax errors', () => {
    expect(messages(source.parseDiagnostics)).toEqual([]);
    expect(messages(program.getSyntacticDiagnostics(program.getSourceFile(file)))).toEqual([]);
    expect(importsOf(source).length).toBeGreaterThan(0);
  });

  test("imports only k6's modules and local files that exist", () => {
    for (const specifier of importsOf(source)) {
      if (specifier === 'k6' || specifier.startsWith('k6/')) continue;
      expect(specifier).toMatch(/^\.\.?\/.*\.js$/);
      expect(existsSync(path.resolve(path.dirname(file), specifier))).toBe(true);
    }
  });
});

describe.each(scenarios.map((f) => [rel(f), f]))('scenario %s', (_name, file) => {
  const source = parse(file);

  test('exports options with scenarios and thresholds, and a default function', () => {
    const options = exportedOptions(source);
    expect(options).toBeDefined();
    expect(propertyNames(options!)).toEqual(expect.arrayContaining(['scenarios', 'thresholds']));
    expect(hasDefaultFunction(source)).toBe(true);
  });

  test('every scenario it declares runs a function the script exports', () => {
    const options = exportedOptions(source)!;
    const scenariosProperty = options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === 'scenarios');
    expect(scenariosProperty && ts.isObjectLiteralExpression(scenariosProperty.initializer)).toBe(true);
    const exported = new Set(source.statements.flatMap((s) => (ts.isFunctionDeclaration(s) && hasExport(s) ? [isDefault(s) ? 'default' : s.name!.text] : [])));
    for (const scenario of (scenariosProperty!.initializer as ts.ObjectLiteralExpression).properties) {
      if (!ts.isPropertyAssignment(scenario) || !ts.isObjectLiteralExpression(scenario.initializer)) continue;
      const exec = scenario.initializer.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === 'exec');
      const name = exec && ts.isStringLiteral(exec.initializer) ? exec.initializer.text : 'default';
      expect(exported).toContain(name);
    }
  });

  test('takes the stack address from __ENV.BASE_URL (through lib/stack.js)', () => {
    const text = source.getFullText();
    const viaLib = importsOf(source).includes('./lib/stack.js') && /\bBASE_URL\b|\bWS_URL\b/.test(text);
    expect(viaLib).toBe(true);
    expect(readFileSync(path.join(K6_DIR, 'lib/stack.js'), 'utf8')).toMatch(/__ENV\.BASE_URL/);
  });
});
