import { defineConfig } from 'vitest/config';

/** One run for every unit and API suite; e2e has its own config (it needs the built app). */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Two cores: two test files at a time (a PGlite database each).
    maxWorkers: 2,
  },
});
