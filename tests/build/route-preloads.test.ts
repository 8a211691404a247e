import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { screenImports } from '../../build/route-preloads';
import { CUSTOM_SCREENS } from '../../src/routing/customScreens';

describe('the pages that fetch their chunks at once (build/route-preloads.ts)', () => {
  it('finds the module of every hand-written screen in customScreens.ts, as the build reads it', () => {
    const source = readFileSync('src/routing/customScreens.ts', 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    const screens = screenImports(parseAst(outputText));
    expect([...screens.keys()].sort()).toEqual(Object.keys(CUSTOM_SCREENS).sort());
    expect(screens.get('energyStorageList')).toBe('../features/monitoring/storage/StorageList');
    // The dashboard's entry also fetches its variant: the page asks for the dashboard's own module.
    expect(screens.get('dashboard')).toBe('../features/monitoring/dashboard/Dashboard');
  });
});
