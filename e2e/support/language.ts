import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import type { Page } from '@playwright/test';
import { toast } from './accounts';
import { expect } from './fixtures';
import type { ApiCall } from './provision';

/*
 * The language journeys' helpers (decision 052): language.e2e.ts and each area's own journey
 * (language-<area>.e2e.ts).
 */

/**
 * Nothing of the screen runs past its edge: the page does not scroll sideways, and no link, button,
 * heading or table header clips its words (a translation longer than the English).
 */
export async function expectNoOverflow(page: Page): Promise<void> {
  const clipped = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('a, button, h1, h2, h3, th, label')) {
      // `truncate` cuts a long name on purpose (an email); `sr-only` text is for screen readers only.
      if (element.closest('.truncate, .sr-only') || element.offsetParent === null) continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(`${element.tagName}: ${element.innerText}`);
    }
    return found;
  });
  expect(clipped).toEqual([]);
}

/** Settings → Profile → Language: `current` is the select's label in the language shown now. */
export async function chooseLanguage(page: Page, current: string, language: string): Promise<void> {
  await page.goto(PAGES.settings);
  await page.getByLabel(current).selectOption(language);
  await page
    .locator('form', { has: page.getByLabel(current) })
    .getByRole('button')
    .click();
}

/**
 * The signed-in Admin switches to German in Settings (from English), `body` runs, and the account
 * goes back to the browser's language through the API whatever step failed, for the journeys after.
 */
export async function inGerman(page: Page, adminApi: ApiCall, body: () => Promise<void>): Promise<void> {
  try {
    await chooseLanguage(page, 'Show the portal in', 'de');
    await toast(page, 'Sprache gespeichert.');
    await body();
  } finally {
    expect((await adminApi(ROUTES.setLanguage, { locale: null })).status).toBe(200);
  }
}
