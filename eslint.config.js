// Lint for defects, not style: unused code, the rules of hooks, wrong-by-construction TypeScript. Formatting
// is nobody's job here (no style rules). The type-checked presets of typescript-eslint are left out on
// purpose: they build a full TypeScript program and would double CI's time on its two cores, and
// `npm run typecheck` already does that work.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER_NEVER_IMPORTS_WEB = { regex: '(^|/)src/', message: 'The server never imports the web app: share it through contract/.' };
// The web build's plugins run when Vite builds (vite.config.ts), never in the running server or the browser: what
// they and the server both need (route-pages/index.json's path) is in contract/.
const NEVER_IMPORTS_BUILD = {
  regex: '^(\\.\\./)+build(/|$)',
  message: 'build/ holds the Vite plugins of the web build: share what runs elsewhere through contract/.',
};

export default tseslint.config(
  {
    // Build output, local data, scratch and generated files (drizzle-kit's migration snapshots).
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      '.bench/',
      '.ci/out/',
      'screenshots/',
      'test-results/',
      'coverage/',
      'server/core/db/migrations/meta/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The few plain JavaScript files (this config, CI helpers) run on Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // Same convention as tsc's noUnusedParameters: a leading underscore marks a deliberately unused name.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          // `const { password, ...rest } = user` is how an object is copied without a field.
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // React code: the app, the browser tests and the bench's reference app.
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}', 'tests/bench/blank-app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value on screen, not a matter of taste: fail on it, not just warn.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The folders' boundaries (DESIGN §2): contract/ is what web and server agree on and imports nothing of ours;
  // the web app and the server never import each other; build/ (the Vite plugins) imports neither, and neither imports it.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'contract/ imports nothing of ours (only libraries).' }] },
      ],
    },
  },
  {
    // An area's folder (contract/admin/) may use the contract's own parts one level up, nothing outside contract/.
    files: ['contract/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./', message: 'contract/ imports nothing of ours (only libraries).' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)server/', message: 'The web app never imports server code: share it through contract/.' },
            NEVER_IMPORTS_BUILD,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_NEVER_IMPORTS_WEB, NEVER_IMPORTS_BUILD] }],
    },
  },
  {
    // An area's logic takes an actor and a body, never a request (DESIGN §2): HTTP stays in its routes.ts, which
    // registers each call from its endpoint object (server/core/http/endpoint.ts).
    files: ['server/**/*.ts'],
    ignores: ['server/core/**', 'server/**/routes.ts', 'server/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_NEVER_IMPORTS_WEB,
            NEVER_IMPORTS_BUILD,
            {
              regex: '^(fastify|fastify-.+|@fastify/.+)$',
              message: "A service takes an actor and a body, never Fastify's request: HTTP belongs to the area's routes.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // A call's path is written once, in its endpoint object (contract/, or a declaration's in resources/): the web
    // calls it through call(endpoint, body) (src/api/call.ts), never by a string.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/[A-Z][A-Za-z]*\\/[A-Z][A-Za-z]*$/]',
          message: 'An /api path is written once, in its endpoint object of contract/: call(endpoint, body) (src/api/call.ts).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/[A-Z][A-Za-z]*\\/[A-Z]/]',
          message: 'An /api path is written once, in its endpoint object of contract/: call(endpoint, body) (src/api/call.ts).',
        },
      ],
    },
  },
  {
    // The plugins read the app's files by path (Vite builds them); they import only contract/ and permissions/.
    files: ['build/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|src)(/|$)',
              message: 'build/ imports neither the server nor the web app: share it through contract/.',
            },
          ],
        },
      ],
    },
  },
  // server/core/ imports no area (server/account, admin, monitoring, …): core owns a mechanism and the area provides
  // or registers its part at start-up (the system scope, app.jobs.declare). Of server/ outside core, only the app's
  // dependencies (server/config.ts) are core's to read. Relative paths say how far they climb, so there is one block
  // per depth below server/core/ (a later block replaces the rule's options, hence the web pattern again).
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`server/core/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_NEVER_IMPORTS_WEB,
            NEVER_IMPORTS_BUILD,
            {
              regex: `^(\\.\\./){${depth}}(?!core(/|$)|config$|\\.\\./)`,
              message:
                'server/core/ imports no area: the area provides or registers its part at start-up (see server/core/scope.ts, app.jobs.declare).',
            },
          ],
        },
      ],
    },
  })),
  {
    // Tests stub and poke at loosely typed things (mocks, raw replies, private internals) on purpose.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
