import { describe, expect, it } from 'vitest';
import { filesUnder, valueImports } from './module-imports';

/**
 * The web app reads no contract module that builds zod schemas when it is evaluated: such a module's schemas are
 * all built the moment anything is imported from it, and the web app's start read constants out of six of them,
 * building every monitoring, complaint and message schema before the first page. Constants live
 * in schema-free modules (contract/<area>-constants.ts); types may come from anywhere (`import type` is erased).
 */

/** Imports zod, but holds only schema factories: evaluating it builds nothing (the declarations call them lazily). */
const FACTORIES_ONLY = new Set(['contract/rules.ts']);

function buildsSchemas(module: string): boolean {
  return !FACTORIES_ONLY.has(module) && valueImports(module).some((entry) => entry.specifier === 'zod');
}

/** Each contract module the web app evaluates, with the chain of imports that brings it in. */
function contractModulesReached(): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue: Array<[string, string[]]> = [];
  for (const file of [...filesUnder('src'), ...filesUnder('permissions'), ...filesUnder('resources')]) {
    for (const { module } of valueImports(file)) {
      if (module?.startsWith('contract/') && !reached.has(module)) {
        reached.set(module, [file, module]);
        queue.push([module, [file, module]]);
      }
    }
  }
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [module, chain] = next;
    for (const { module: imported } of valueImports(module)) {
      if (imported && !reached.has(imported)) {
        reached.set(imported, [...chain, imported]);
        queue.push([imported, [...chain, imported]]);
      }
    }
  }
  return reached;
}

describe("the web app's contract imports", () => {
  it('evaluate no module that builds zod schemas', () => {
    const offending = [...contractModulesReached()].filter(([module]) => buildsSchemas(module)).map(([, chain]) => chain.join(' → '));
    expect(offending).toEqual([]);
  });

  it('the check sees a module that builds schemas, a type import and a value import apart', () => {
    expect(buildsSchemas('contract/monitoring.ts')).toBe(true);
    expect(buildsSchemas('contract/monitoring-constants.ts')).toBe(false);
    expect(buildsSchemas('contract/rules.ts')).toBe(false);
    const reached = contractModulesReached();
    // CustomerDashboard reads ALL_SN from the constants and SystemSummary as a type from the schemas.
    expect(reached.has('contract/monitoring-constants.ts')).toBe(true);
    expect(reached.has('contract/monitoring.ts')).toBe(false);
  });
});
