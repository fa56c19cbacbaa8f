import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'] },
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Imports flow one way: contracts <- server; contracts <- web shared code <- features <- routes.
  restrict(['packages/contracts/**'], ['@portal/server*', '@portal/web*', '**/apps/**', 'fastify*', 'react*'],
    'contracts depend on zod only.'),
  restrict(['apps/server/**'], ['**/apps/web/**', '@portal/web*'], 'the server does not import the web app.'),
  restrict(['apps/web/**'], ['**/apps/server/**', '@portal/server*'], 'the web app talks to the server over HTTP only.'),
  restrict(['apps/web/src/components/**', 'apps/web/src/lib/**'], ['@/features/*', '@/app/*', '@/routes/*', '@/pages/*'],
    'shared web code must not import features, routes or the app.'),
  ...features.map((feature) =>
    restrict([`${featuresDir}/${feature}/**`], ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/*', '@/routes/*', '@/pages/*'],
      'a feature does not import another feature or the app; move what two need into shared code.'),
  ),
);
