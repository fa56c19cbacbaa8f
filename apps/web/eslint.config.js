import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way (CONVENTIONS.md): lib/components/hooks <- features <- routes <- app. */
const restrict = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group: [group],
        message: 'Imports flow one way: shared code <- features <- routes <- app.',
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/lib/**', 'src/hooks/**', 'src/components/**'],
    rules: restrict('@/features/*', '@/routes/*', '@/app/*'),
  },
  {
    // A feature reaches its own files relatively; other features are off limits.
    files: ['src/features/**'],
    rules: restrict('@/features/*', '@/routes/*', '@/app/*'),
  },
  { files: ['src/routes/**'], rules: restrict('@/app/*') },
);
