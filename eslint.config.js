import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';

const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

const SERVER = path.join(import.meta.dirname, 'apps/server/src');
/**
 * The server's modules, one per folder of apps/server/src/modules; each is reached from outside
 * only through its index.ts. Read from disk so a new module is fenced the day it appears
 * (apps/server/test/lint-fences.test.ts checks every one).
 */
const SERVER_MODULES = readdirSync(path.join(SERVER, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Folder boundaries of the server (docs/decisions/010-server-modules-and-endpoint-table.md):
 * core and lib know no module; plugins know core only; a module reaches another only through
 * its public index.ts.
 *
 * The shared folders stand in one order, each importing only the ones after it:
 *   core -> db -> lib
 * lib is the leaf: pure utilities (clock, tokens, passwords, csv, the mail transport) that import
 * npm packages and @portal/contracts only. db is the schema, the client and the database's own
 * upkeep, using lib. core is what every request shares (sessions, principals, tenants, the mail
 * outbox, rate limits), using db and lib. src/paths.ts and src/env.ts are leaves beside lib.
 */
const serverZones = [
  {
    target: `${SERVER}/lib`,
    from: SERVER,
    except: ['./lib'],
    message: 'lib is the leaf of core -> db -> lib: it imports npm packages and @portal/contracts only.',
  },
  {
    target: `${SERVER}/db`,
    from: SERVER,
    except: ['./db', './lib', './paths.ts'],
    message: 'db stands below core in core -> db -> lib: it imports lib only.',
  },
  {
    target: `${SERVER}/core`,
    from: SERVER,
    except: ['./core', './db', './lib', './paths.ts', './env.ts'],
    message: 'core stands on db and lib (core -> db -> lib): it imports no module, plugin or app.ts.',
  },
  {
    target: `${SERVER}/plugins`,
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`],
    message: 'plugins work for every module: they import core, not a module.',
  },
  {
    target: `${SERVER}/modules`,
    from: `${SERVER}/app.ts`,
    message: 'modules take their dependencies from core/deps.ts, not from app.ts.',
  },
  ...SERVER_MODULES.map((name) => ({
    target: `${SERVER}/modules/${name}`,
    from: `${SERVER}/modules`,
    except: [`./${name}`, ...SERVER_MODULES.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'another module is reached only through its index.ts.',
  })),
];

export default tseslint.config(
  // apps/web has its own eslint.config.js (ESLint looks up the config nearest each file).
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/artifacts/**',
      'apps/server/drizzle/**',
      'apps/web/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'packages/contracts/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, portal: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify's plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
      // Not import-x/no-cycle: it skips type-only imports and has no option to count them.
      'portal/no-import-cycle': 'error',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Tests read answers with inject's json(), typed `any` by light-my-request, and assert on them.
    files: ['**/*.test.ts', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Source files stay small enough to read whole (tests, fixtures and migrations excepted).
    files: ['**/*.{ts,js}'],
    ignores: ['**/*.test.ts', 'apps/server/test/**', 'e2e/**', 'bench/**', 'apps/server/drizzle/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  { files: ['apps/server/**'], rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] } },
  // Imports flow one way: contracts <- server, contracts <- web (apps/web/eslint.config.js has the rest).
  restrict(
    ['packages/contracts/**'],
    ['@portal/server*', '@portal/web*', '**/apps/**', 'fastify*', 'react*'],
    'contracts depend on zod only.',
  ),
  restrict(['apps/server/**'], ['**/apps/web/**', '@portal/web*'], 'the server does not import the web app.'),
  restrict(
    ['apps/web/**'],
    ['**/apps/server/**', '@portal/server*'],
    'the web app talks to the server over HTTP only.',
  ),
);
