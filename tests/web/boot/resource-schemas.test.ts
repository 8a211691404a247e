import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { complaints } from '../../../resources/complaints';
import { filesUnder } from './module-imports';

/**
 * The declarations (resources/) build no zod schema when they are evaluated: the web app evaluates all of them at
 * start for the route table and the CASL ability, and their fields' and transitions' schemas were a task of 50-70 ms
 * before the first page. A schema is built inside a function: a declaration's `fields`, a
 * transition's `fields` (defineResource, defineWorkflow), or a factory such as `passwordRule()`.
 */

const root = join(import.meta.dirname, '../../..');
/** The names whose calls build schemas: zod itself and the shared building blocks (contract/rules.ts). */
const BUILDERS = new Set(['z', 'rules']);

/** The leftmost name of a call chain (`z` of `z.string().min(1)`). */
function rootName(expression: ts.Expression): string | undefined {
  let at: ts.Expression = expression;
  for (;;) {
    if (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) at = at.expression;
    else return ts.isIdentifier(at) ? at.text : undefined;
  }
}

/** The schema-building calls of a file that run when it is evaluated (outside every function), as `line: code`. */
function evaluatedBuilderCalls(file: string, text = readFileSync(join(root, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && BUILDERS.has(rootName(node.expression) ?? '')) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}: ${node.getText().slice(0, 60)}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the declarations, evaluated', () => {
  it('build no zod schema', () => {
    expect(filesUnder('resources').flatMap((file) => evaluatedBuilderCalls(file))).toEqual([]);
  });

  it('the check finds a schema built with the module and passes one built in a function', () => {
    const source = [
      'const eager = z.string().min(1);',
      'const shared = { schema: rules.requiredText(10) };',
      'const lazy = () => z.string();',
      'export const d = defineResource({ fields: () => ({ a: { schema: rules.id() } }) });',
    ].join('\n');
    expect(evaluatedBuilderCalls('example.ts', source)).toEqual([
      'example.ts:1: z.string().min(1)',
      'example.ts:2: rules.requiredText(10)',
    ]);
  });

  it("a transition's fields are there when read, built once", () => {
    const archive = complaints.workflow!.transitions.find((transition) => transition.action === 'archive')!;
    expect(Object.keys(archive.fields!)).toContain('root_cause');
    expect(archive.fields).toBe(archive.fields);
    expect({ ...archive }.fields).toBe(archive.fields);
  });
});
