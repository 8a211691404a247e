import { defineConfig } from 'vitest/config';

// Browser tests: one portal server (built app, fresh embedded database with the demo seed) for the whole
// run, driven by Debian's Chromium through playwright-core. Files run one after another: they share it.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
