// Lint guards the boundaries of ARCHITECTURE.md §2 and the rules of STYLE.md §9–10, so that
// review does not have to.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const webFeatures = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

// Read beside this file, not in the working directory: the boundary test lints from its own.
const apiModules = (() => {
  try {
    return readdirSync(`${import.meta.dirname}/apps/api/src/modules`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const apiRepos = (modules) => modules.map((m) => `./apps/api/src/modules/${m}/repo.ts`);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // The boundary rules below judge resolved files: imports are written without extensions in
    // the web app, so the resolver must try them (without it, only `.ts`-suffixed imports counted).
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // One zod API everywhere: zod/mini, because the contracts ship to the browser (ADR 0010).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import from 'zod/mini' (ADR 0010)." }] },
      ],
      // No barrel files: import the module that owns the thing.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files (ARCHITECTURE.md §4).' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // packages/shared is framework-free: both apps compile it.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*', 'pg'],
              message: 'shared imports neither React nor Fastify.',
            },
            {
              group: ['@vizita/api*', '@vizita/web*', '**/apps/**'],
              message: 'shared imports no app code.',
            },
          ],
        },
      ],
    },
  },
  // The API: a module's repo.ts is its own SQL; no other module, plugin or lib file imports it
  // (STYLE.md §9, §9a). What a module publishes for the others — a read, or a write of its table
  // done on their behalf — lives in a file named for it (auth/users.ts, doctors/profiles.ts,
  // appointments/holds.ts …; apps/api/src/modules/README.md lists them). A reach-in that is still
  // needed is an eslint-disable line with its reason, so review sees every one. Which module
  // writes which table is apps/api/test/table-ownership.test.ts's map, checked on every file.
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModules.map((m) => ({
              target: `./apps/api/src/modules/${m}`,
              from: apiRepos(apiModules.filter((other) => other !== m)),
              message: `Another module's repo.ts is its own SQL: use its service or a file it publishes for others (apps/api/src/modules/README.md).`,
            })),
            {
              target: [
                './apps/api/src/lib',
                './apps/api/src/db',
                './apps/api/src/plugins',
                './apps/api/src/broadcast',
              ],
              from: apiRepos(apiModules),
              message: `A module's repo.ts is its own SQL: use its service or a file it publishes for others (apps/api/src/modules/README.md).`,
            },
          ],
          basePath: import.meta.dirname,
        },
      ],
    },
  },
  // The web app: browser globals, React rules, one HTTP client, no literal UI strings.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: false,
          ignoreProps: true,
          allowedStrings: ['·', '—', '/', '%', '*', ':', '(', ')', '+', '-', '×', '…', '|'],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/lib/api-client.ts calls fetch (STYLE.md §2).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Only src/lib/api-client.ts calls fetch.' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // lib, then api, then components are below features; features are below app.
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/api', './apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ is infrastructure: it imports no calls, features or app.',
            },
            // The calls several features share: they use lib/, never a screen.
            {
              target: './apps/web/src/api',
              from: ['./apps/web/src/components', './apps/web/src/features', './apps/web/src/app'],
              message: 'api/ holds shared calls and query keys: it imports lib/ only.',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // Features do not import each other.
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message:
                'Features do not import each other; lift shared code into api/, lib/ or components/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  // The document head's script asks for the session before the app exists (ADR 0052); the API
  // client takes that answer, so the one call still has one reader.
  {
    files: ['apps/web/src/early-start/early-start.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // The service worker is no page and has no API client: it fetches the build's own files and
  // passes the app's pages through (ADR 0045), in a worker's globals rather than a window's.
  {
    files: ['apps/web/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'react/jsx-no-literals': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Response bodies from inject() and page.evaluate() are untyped JSON by nature.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
