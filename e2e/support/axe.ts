import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { root } from './server';

export const screensDir = path.join(root, 'e2e/artifacts/screens');
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Theme = 'light' | 'dark';

/** Switches the page's theme as the toggle does, but leaves the stored choice alone. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((dark) => {
    // The new colours apply at once, with transitions off for the switch (a transition that had not
    // started yet when the wait below looked for it once left a button half-way, and axe read it).
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    // Reading the layout makes the browser apply the new styles while transitions are off.
    document.body.getBoundingClientRect();
    still.remove();
  }, theme === 'dark');
  // Inputs and buttons transition their colours: let every finite transition end (a loaded machine
  // can read a colour half-way otherwise), then let the new colours be painted before axe reads them.
  // At most 3 s: a transition whose element a refetch keeps re-rendering must not hold the check.
  await page.evaluate(async () => {
    document.documentElement.getBoundingClientRect();
    const ended = Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Radix menus and dialogs hide the app behind them with aria-hidden and keep focus trapped in
 * themselves, so the hidden app's controls cannot be reached: aria-hidden-focus does not apply
 * while such a layer holds focus (it still applies everywhere else).
 */
async function axeFor(page: Page): Promise<AxeBuilder> {
  const trapped = await page.evaluate(() => {
    const app = document.getElementById('root');
    const focused = document.activeElement;
    // The layer hides the whole app, or, when the app holds a live region (a table's 'Page 1 of 2'),
    // every part of it but the path to that region, which aria-hidden keeps announced (it marks
    // what it hid with data-aria-hidden).
    const hidden =
      app?.getAttribute('aria-hidden') === 'true' || app?.querySelector('[data-aria-hidden="true"]') !== null;
    return (
      app !== null &&
      hidden &&
      focused !== null &&
      focused !== document.body &&
      !app.contains(focused) &&
      focused.closest('[role="menu"], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]') !==
        null
    );
  });
  const builder = new AxeBuilder({ page });
  return trapped ? builder.disableRules(['aria-hidden-focus']) : builder;
}

/**
 * Runs axe-core on what the page shows now, in light and in dark, and fails on any serious or
 * critical violation (each listed with its rule, theme and elements). Lesser findings are attached
 * to the test's report. The page is left in the theme it was in.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A table that is fetching is faded on purpose: check the screen once its data has come.
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
  const current: Theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const failures: string[] = [];
  const lesser: string[] = [];
  for (const theme of [current, current === 'dark' ? 'light' : 'dark'] as const) {
    let builder = await axeFor(page);
    if (theme !== current) {
      await showTheme(page, theme);
      // Only colours change with the theme: the other rules gave their answer in the first pass.
      builder = builder.withRules(COLOUR_RULES);
    }
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      const line =
        `[${theme}] ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n');
      (FAILING_IMPACTS.has(violation.impact ?? '') ? failures : lesser).push(line);
    }
  }
  await showTheme(page, current);
  const where = new URL(page.url()).pathname;
  if (lesser.length > 0) {
    test.info().annotations.push({ type: 'axe (moderate or minor)', description: `${where}\n${lesser.join('\n')}` });
  }
  expect(failures, `axe found serious or critical violations on ${where}`).toEqual([]);
}

/**
 * Checks the screen with axe (light and dark), then saves a full-page screenshot under
 * e2e/artifacts/screens, kept by CI for review. Every screen a journey captures is held to axe.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Dialogs and drawers slide in: check and capture them where they come to rest. Endless
  // animations (a spinner, a blinking caret) never finish, and one whose element leaves is cancelled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await expectAccessible(page);
  fs.mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}
