import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from '../../eslint-rules/no-import-cycle.js';

const webDir = import.meta.dirname;
const src = (dir) => path.join(webDir, 'src', dir);
const features = readdirSync(src('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports flow one way (docs/architecture.md): app -> routes -> features -> components -> lib/hooks ->
 * contracts. Zones match the resolved file, so `../../other-feature/x` and `@/features/x` are the
 * same import.
 */
const layerZones = [
  {
    target: [src('lib'), src('hooks')],
    from: [src('components'), src('features'), src('routes'), src('app')],
    message: 'lib and hooks are the bottom layer: they import contracts and each other only.',
  },
  {
    target: src('components'),
    from: [src('features'), src('routes'), src('app')],
    message: 'Shared components do not know the features, routes or app that use them.',
  },
  { target: src('features'), from: [src('routes'), src('app')], message: 'Features do not import routes or app.' },
  { target: src('routes'), from: src('app'), message: 'Routes do not import the app shell.' },
  {
    target: path.join(webDir, 'src'),
    from: [path.join(webDir, '../server'), path.join(webDir, '../../e2e'), path.join(webDir, '../../bench')],
    message: 'The web app talks to the server over HTTP only.',
  },
];

/** A feature never imports another feature's internals; what two features need moves down. */
const featureZones = features.map((feature) => ({
  target: src(`features/${feature}`),
  from: src('features'),
  except: [`./${feature}`],
  message: 'Features do not import each other; move the shared piece to components/ or lib/.',
}));

/** Only tests use the harness. */
const harnessZone = {
  target: path.join(webDir, 'src'),
  from: src('test'),
  message: 'src/test is the test harness; app code does not import it.',
};

const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });

export default tseslint.config(
  { ignores: ['dist'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX, portal: { rules: { 'no-import-cycle': noImportCycle } } },
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: webDir },
    },
    settings: {
      // Without these, import-x reads only .js files and never sees a TypeScript module.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(webDir, 'tsconfig.json') })],
    },
    rules: {
      // `void` marks a promise nobody waits for on purpose: handlers that catch their own failures
      // (form submits), navigation. Everything else is awaited.
      '@typescript-eslint/no-floating-promises': 'error',
      // Every import circle, type-only ones included (import-x/no-cycle skips those, with no option).
      'portal/no-import-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: restrictedPaths([...layerZones, ...featureZones, harnessZone]),
  },
  {
    // Source files stay small enough to read whole (tests and the test harness excepted).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test may render what sits above its unit to observe it (a lib test shows its toast in the
    // real Toaster), but it still stays out of other features and the server.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: restrictedPaths([...featureZones, layerZones.at(-1)]),
  },
);
