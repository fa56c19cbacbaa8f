import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './build/lingui-plugins.ts';

export default defineConfig({
  // As vite.config.ts: Lingui's macros and catalogues (build/lingui-plugins.ts).
  plugins: [...linguiPlugins()],
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
