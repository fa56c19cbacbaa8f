// As vite.config.ts: Lingui's macros run through Babel (decision 052).
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
import babel from '@rolldown/plugin-babel';
import { getConfig } from '@lingui/conf';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

/** Where Lingui reads its catalogues' setup, whichever folder the build or the tests start in. */
const linguiConfig = decodeURIComponent(new URL('./lingui.config.ts', import.meta.url).pathname);

export default defineConfig({
  // As vite.config.ts: Lingui's macros and catalogues (docs/decisions/052-interface-languages.md).
  plugins: [
    babel({
      presets: [
        linguiTransformerBabelPreset(
          { linguiConfig: getConfig({ configPath: linguiConfig }) },
          { configPath: linguiConfig },
        ),
      ],
    }),
    lingui({ configPath: linguiConfig }),
  ],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See src/test/setup.ts: a first render may wait for the lazy chunks to be transformed.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
