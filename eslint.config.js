import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

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
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
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
