import { PAGES } from '@portal/contracts/pages';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

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

/** Settings → Profile → Language: `current` names the field in the language shown now. */
export async function chooseLanguage(page: Page, current: string, language: string): Promise<void> {
  await page.goto(PAGES.settings);
  await page.getByLabel(current).selectOption(language);
  await page
    .locator('form', { has: page.getByLabel(current) })
    .getByRole('button')
    .click();
}
