import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';

/**
 * The browser journeys: Debian's Chromium (never a downloaded browser) against one real portal
 * started by global-setup.ts. One worker: the journeys share that server on a 2-core machine.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: 'artifacts/results',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: a journey under a loaded machine takes several times its usual 5 to 15 s; each step still
  // fails after 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    // Dialogs and theme colours settle at once, so screenshots and axe see the final state.
    contextOptions: { reducedMotion: 'reduce' },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
