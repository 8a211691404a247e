import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** The web app's static imports, read with TypeScript's parser (tests/web/boot/*-imports.test.ts). */

const root = join(import.meta.dirname, '../../..');

export function filesUnder(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(join(root, candidate)));
}

/** The modules a file imports or re-exports for their values (type-only imports and specifiers left out). */
export function valueImports(file: string): Array<{ specifier: string; module: string | undefined }> {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const found: Array<{ specifier: string; module: string | undefined }> = [];
  for (const statement of source.statements) {
    let specifier: string | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    }
    if (specifier !== undefined) found.push({ specifier, module: resolveModule(file, specifier) });
  }
  return found;
}
