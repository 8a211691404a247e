import { describe, expect, it } from 'vitest';
import { valueImports } from './module-imports';

/**
 * The entry (src/main.tsx) evaluates React's renderer, antd and the app's shell each in a task of its own, through
 * dynamic imports in turn. A static import of any of them from the entry's own modules would pull it into the
 * entry's evaluation: one task of 130-160 ms on a two-core machine, all of it blocking input.
 */

/** The packages the shell's stages load; none may be reached from the entry through static imports. */
const STAGED = ['react-dom', 'react-dom/client', 'antd', 'react-router', '@refinedev/core', '@refinedev/antd'];

/** Every package the entry's static imports reach, with the chain of modules that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set([entry]);
  const queue: Array<[string, string[]]> = [[entry, [entry]]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [module, chain] = next;
    for (const { specifier, module: imported } of valueImports(module)) {
      if (imported) {
        if (!seen.has(imported)) {
          seen.add(imported);
          queue.push([imported, [...chain, imported]]);
        }
      } else if (!specifier.startsWith('.') && !reached.has(specifier)) {
        reached.set(specifier, [...chain, specifier]);
      }
    }
  }
  return reached;
}

describe("the entry's static imports", () => {
  it('reach none of the packages the shell evaluates in its own tasks', () => {
    const offending = [...packagesReached('src/main.tsx')].filter(([name]) => STAGED.includes(name)).map(([, chain]) => chain.join(' → '));
    expect(offending).toEqual([]);
  });

  it('the check follows the imports of the modules the entry imports', () => {
    const reached = packagesReached('src/main.tsx');
    // i18next comes through src/i18n, react through the entry itself.
    expect(reached.get('i18next')).toEqual(['src/main.tsx', 'src/i18n/index.ts', 'i18next']);
    expect(reached.has('react')).toBe(true);
    // The shell itself reaches them all.
    expect(packagesReached('src/App.tsx').has('antd')).toBe(true);
  });
});
