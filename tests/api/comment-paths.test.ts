import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * A file or folder a comment names must exist: a reader follows the name to the code it explains, and a name left
 * behind by a move sends them nowhere. The texts the OpenAPI document publishes (a schema's `.describe()`, a
 * route's `summary` and `description`) are held to the same rule. A name with a placeholder (`server/<area>/`,
 * `settings-*.ts`, `locales/{en,zh}/`) stands for many files and is not checked.
 */
const root = join(import.meta.dirname, '../..');
const FOLDERS = ['server', 'src', 'contract', 'resources', 'permissions', 'tests', 'build'];
const NAMED = ['server', 'src', 'contract', 'resources', 'permissions', 'tests', 'locales', 'build', 'docs'];
/** A repository path at the start of a word: not the tail of a URL, of a package path or of a longer path. */
const MENTION = new RegExp(`(?<![\\w./@-])(?:${NAMED.join('|')})/[\\w./<>*{}-]*`, 'g');
const FILE = /\.(?:ts|tsx|json|md|css)$/;
const PLACEHOLDER = /[<>*{}]/;

function sourceFiles(folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return (readdirSync(join(root, folder), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.split('/').includes('node_modules'))
    .map((file) => `${folder}/${file}`);
}

/** Every comment of a file, and the string arguments of `.describe()` and `summary` / `description` values. */
function textsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const seen = new Set<number>();
  const texts: string[] = [];
  const comments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      texts.push(text.slice(range.pos, range.end));
    }
  };
  const published = (node: ts.Node): boolean => {
    const parent = node.parent;
    if (ts.isPropertyAssignment(parent) && parent.initializer === node)
      return ['summary', 'description'].includes(parent.name.getText(source));
    return ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && parent.expression.name.text === 'describe';
  };
  const visit = (node: ts.Node) => {
    comments(ts.getLeadingCommentRanges(text, node.pos));
    comments(ts.getTrailingCommentRanges(text, node.end));
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && published(node)) texts.push(node.text);
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return texts;
}

/** The names a text gives that lead nowhere: a file (by its extension) or a folder (a trailing slash). */
function missingIn(text: string): string[] {
  const missing: string[] = [];
  for (const [raw] of text.matchAll(MENTION)) {
    if (PLACEHOLDER.test(raw)) continue;
    const mention = raw.replace(/\.+$/, '');
    const isFile = FILE.test(mention);
    if (!isFile && !mention.endsWith('/')) continue;
    const path = join(root, mention);
    const found = existsSync(path) && (isFile ? statSync(path).isFile() : statSync(path).isDirectory());
    if (!found) missing.push(mention);
  }
  return missing;
}

it('finds a missing name and passes over placeholders, URLs and package paths', () => {
  expect(missingIn('/** see server/nowhere/gone.ts and server/gone/ */')).toEqual(['server/nowhere/gone.ts', 'server/gone/']);
  expect(missingIn('// server/<area>/routes.ts, server/account/settings-*.ts, locales/{en,de}/x.json')).toEqual([]);
  expect(missingIn('// https://example.org/src/x.ts, @scope/pkg/src/y.ts, node_modules/z/src/w.ts')).toEqual([]);
  expect(missingIn('// permissions/roles.ts, contract/, tests/api/helpers/.')).toEqual([]);
});

it('every file or folder a comment names exists', () => {
  const wrong = FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    textsOf(file).flatMap((text) => missingIn(text).map((name) => `${file}: ${name}`)),
  );
  expect(wrong).toEqual([]);
}, 60_000);

/** A comment says why the code is so; which issue or work session asked for it is the history's to tell. */
const TICKET = /\b(?:issue|stop)\s*#?\d+/i;

it('no comment names the issue or the stop that asked for the code', () => {
  expect(TICKET.test('// as asked in issue 11, point 4')).toBe(true);
  expect(TICKET.test('// the clock stops at 18:00')).toBe(false);
  const named = FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    textsOf(file)
      .filter((text) => TICKET.test(text))
      .map((text) => `${file}: ${TICKET.exec(text)![0]}`),
  );
  expect(named).toEqual([]);
}, 60_000);
