import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { API_FILES_WITH_MODULE_MOCKS } from './tests/api/module-mock-files';

/** antd's styles for the portal's theme (see build/antd-static-styles.ts); imported only when a build runs. */
async function renderAntdStyles(): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }, { createElement }, { theme }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
    import('./src/ui/theme'),
  ]);
  return extractStyle((node) => createElement(ConfigProvider, { theme }, node));
}

/**
 * `html2canvas` is the on-demand stand-in (src/features/monitoring/shared/charts/html2canvasOnDemand.ts) for every
 * importer but the stand-in itself: one call of the chart library uses it, and the portal never makes that call.
 */
function html2canvasOnDemand(): Plugin {
  const standIn = fileURLToPath(new URL('./src/features/monitoring/shared/charts/html2canvasOnDemand.ts', import.meta.url));
  return {
    name: 'ess-html2canvas-on-demand',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'html2canvas' && importer !== standIn ? standIn : null),
  };
}

const API_PORT = Number(process.env.API_PORT ?? 8081);

/** What both API projects share. */
const API_TEST_SETTINGS = {
  environment: 'node',
  // One migrated database for the run, which each file's in-memory PGlite starts from.
  globalSetup: ['tests/api/global-setup.ts'],
  globals: true,
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} satisfies ViteUserConfig['test'];

export default defineConfig({
  // antdStaticStyles: antd's styles as a CSS file instead of run-time work; precompress: brotli and gzip copies
  // of the build for the server to send (server/core/http/static.ts); routePreloads: a copy of index.html per page
  // behind the login that fetches its chunks at once.
  plugins: [react(), antdStaticStyles(renderAntdStyles), routePreloads(), precompress(), html2canvasOnDemand()],
  resolve: {
    alias: [
      // The chart library imports whole CommonJS lodash (530 kB, none of it shaken out); the ES build of the same
      // version lets the bundle keep only the 40-odd functions it calls.
      { find: /^lodash$/, replacement: 'lodash-es' },
    ],
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // One chunk per language holding all its namespaces: a page's start fetches its texts in one request
        // instead of fifteen, which took six of the browser's six connections to the server while the portal's
        // own code waited behind them.
        manualChunks: (id) => /\/locales\/(\w+)\/\w+\.json/.exec(id)?.[1]?.replace(/^/, 'locale-'),
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev`: the web app from Vite, /api from the server started beside it.
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
  test: {
    // Vitest runs one test file at a time on a two-core machine (its default is the cores less one), so CI ran
    // the suite serially; the files wait on timers and the database a good part of the time, and two at once
    // overlap those waits. Each file has its own database, so they do not share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The API files run in threads that are not started afresh for each file (see the api project); the web and
    // api-mocked files in forks, one new process per file as before. This setting is read from here only.
    poolOptions: { threads: { isolate: false } },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Through Vite like the app's own imports: loaded by Node it would get a second copy of react-router,
          // whose router context the app's <MemoryRouter> does not fill.
          server: { deps: { inline: ['@refinedev/react-router'] } },
          // antd, Refine and their kin pre-bundled into a few files (esbuild) instead of thousands of modules that
          // each test file, in its own process, imported afresh: the web files' collection took 182 s, now 138 s,
          // the whole project 324 s, now 255 s, on the two-core machine (CI's budget is 30 minutes).
          deps: { optimizer: { web: { enabled: true } } },
          globals: true,
          // antd forms in jsdom take seconds on a busy two-core machine; 5 s failed tests that were right.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          ...API_TEST_SETTINGS,
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_FILES_WITH_MODULE_MOCKS],
          // The files of a worker share their imported modules (the server, drizzle, PGlite and its compiled
          // WebAssembly) instead of loading them again for each of the 100-odd files. Each file still builds its
          // own app on its own database, so no test state is shared. `isolate: false` alone did not do it: the
          // forks pool reads it from the root config and started a new process per file all the same; threads
          // with poolOptions.threads.isolate off (above) keep theirs (four monitoring files: 50 s of CPU, not 85).
          pool: 'threads',
          isolate: false,
          // After the web files and before api-mocked, whose pools would otherwise run beside this one's: four
          // workers on two cores.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'api-mocked',
          ...API_TEST_SETTINGS,
          // A module mock (vi.mock) applies only where the module is imported afresh: these files keep their own.
          include: API_FILES_WITH_MODULE_MOCKS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // The Vite plugins of the web build (build/), on Node without the API's database.
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          // Last, on their own: a pool beside another project's would put four workers on the two cores.
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
