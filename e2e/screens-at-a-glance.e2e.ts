import type { Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { mainNav } from './support/accounts';
import { expect, expectAccessible, PHONE, screenshot, test } from './support/fixtures';
import { field, unique } from './support/provision';
import { endsAt } from './support/pages';

/**
 * The web app's manners: offline notices, dialogs that fit the window, focus that returns to its
 * opener, an accessible user menu, a title per page, tables that are never cut off.
 */

const PRODUCT = 'MigrateHub License Portal';

test("offline, a screen not yet loaded says 'Network Error' with Try again, and a filter shows no stale rows", async ({
  adminPage: page,
}) => {
  await expect(page).toHaveURL(endsAt(PAGES.intro));
  await expect(page.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();
  await page.context().setOffline(true);

  // The Users screen's code has not been fetched yet: it cannot arrive.
  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Network Error' });
  await expect(failed).toContainText('Please check your internet connection');
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByText(/\/assets\//)).toHaveCount(0);
  // The shell stays around the message, so the way elsewhere remains.
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await screenshot(page, 'offline-page-not-loaded');

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const filter = page.getByPlaceholder('Filter accounts...');
  await filter.fill('user@example.com');
  await expect(table.getByText('Uma User')).toBeVisible();

  // Offline again, a new filter: no row of the previous list stays on screen as if it matched.
  await page.context().setOffline(true);
  await filter.fill('secure@example.com');
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'secure@example.com');
  await expect(table.getByText('Network Error: Please check your internet connection')).toBeVisible();
  await expect(table.getByText('Uma User')).toHaveCount(0);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // Said once.
  await expect(page.getByText('Please check your internet connection', { exact: true })).toHaveCount(1);
  await screenshot(page, 'offline-filter');

  // Back online, the list is asked again for the filter it shows.
  await page.context().setOffline(false);
  await filter.fill('secure@');
  await expect(table.getByText('secure@example.com')).toBeVisible();
  await expect(table.getByText('Uma User')).toHaveCount(0);
});

/** The dialog's Create button is reached by scrolling inside the dialog, which stays within the window. */
async function createPoolWithLongDescription(page: Page, name: string): Promise<void> {
  await page.goto(PAGES.licensePools);
  await page.getByRole('button', { name: 'Create Pool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Pool' });
  await field(dialog, 'Name').fill(name);
  await expect(dialog.getByText(`${name.length}/100`)).toBeVisible();
  const description = Array.from({ length: 9 }, (_, i) => `Line ${i + 1} of a long description.\n`).join('');
  await field(dialog, 'Description').fill(description.repeat(2).slice(0, 480));
  await expect(dialog.getByText('480/500')).toBeVisible();

  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await create.scrollIntoViewIfNeeded();
  await expect(create).toBeInViewport();
  await screenshot(page, `pool-create-long-description-${viewport.width}`);
  await create.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Shared License Pools' }).getByText(name)).toBeVisible();
}

test('the Create Pool dialog with a long description scrolls to its button at 1280 and 375 px, counting as one types', async ({
  adminPage: page,
  signedIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await createPoolWithLongDescription(page, `Long ${unique('pool').tag}`);
  const phone = await signedIn('admin@example.com', { viewport: PHONE });
  await createPoolWithLongDescription(phone, `Phone ${unique('pool').tag}`);
});

test('focus returns to its opener: Create User then Allocate then Escape, and the phone menu', async ({
  adminPage: page,
  signedIn,
}) => {
  const newcomer = unique('focus');
  await page.goto(PAGES.childAccounts);
  const opener = page.getByRole('button', { name: '+ Create User' });
  await opener.click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await field(create, 'Name').fill(newcomer.name);
  await field(create, 'Email').fill(newcomer.email);
  await create.getByRole('button', { name: 'Create', exact: true }).click();

  const allocate = page.getByRole('dialog', { name: 'Allocate Licenses' });
  await expect(allocate).toContainText(newcomer.name);
  await expect(create).toHaveCount(0);
  await expect.poll(() => allocate.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await screenshot(page, 'users-allocate-after-create');
  // A success notice is on screen too: its own Escape is not what this is about.
  await page.keyboard.press('Escape');
  await expect(allocate).toHaveCount(0);
  await expect(opener).toBeFocused();

  const phone = await signedIn('admin@example.com', { viewport: PHONE });
  const toggle = phone.getByRole('button', { name: 'Open navigation menu' });
  await toggle.click();
  const drawer = phone.getByRole('dialog', { name: 'Navigation menu' });
  await expect(drawer).toBeVisible();
  await phone.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await drawer.getByRole('link', { name: 'Licenses' }).click();
  await expect(phone).toHaveURL(endsAt(PAGES.licenses));
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('the open user menu hides nothing focusable from screen readers (axe, light and dark)', async ({
  adminPage: page,
}) => {
  await page.getByRole('button', { name: /Open user menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  // Nothing is hidden, so axe's aria-hidden-focus applies in full (the helper waives it only for
  // layers that hide the app).
  await expect(page.locator('#root[aria-hidden="true"], [data-aria-hidden="true"]')).toHaveCount(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Open user menu/ })).toBeFocused();
});

test('each page has a title of its own', async ({ adminPage: page, superadminPage }) => {
  for (const [path, title] of [
    [PAGES.dashboard, 'Dashboard'],
    [PAGES.childAccounts, 'Users'],
    [PAGES.licenses, 'Licenses'],
    [PAGES.licensePools, 'Shared License Pools'],
    [PAGES.licenseMovement, 'License Movement'],
    [PAGES.reportJobs, 'Job View'],
    [PAGES.settings, 'Profile · Settings'],
    ['/no-such-page', 'Page Not Found'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · ${PRODUCT}`);
  }
  // Moving inside the app changes it too.
  await mainNav(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveTitle(`Audit Trail · ${PRODUCT}`);
  await expect(superadminPage).toHaveTitle(`License Usage Report · ${PRODUCT}`);
});

/** Tables whose content a box that does not scroll cuts off on the right. */
async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      // A chart's table for screen readers is clipped to nothing on purpose.
      if (table.closest('.sr-only')) continue;
      const right = table.getBoundingClientRect().right;
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') break;
        if ((overflow === 'hidden' || overflow === 'clip') && right > box.getBoundingClientRect().right + 1) {
          found.push(
            `${table.getAttribute('aria-label') ?? table.caption?.textContent ?? 'a table'} in ${box.className}`,
          );
          break;
        }
      }
      // Nor does the window cut it off.
      if (right > document.documentElement.clientWidth + 1 && !found.length) {
        const scroller = table.closest('[data-slot="table-container"]');
        if (!scroller) found.push(`${table.getAttribute('aria-label') ?? 'a table'} past the window`);
      }
    }
    return found;
  });
}

test('tables are never cut off at 1366 px: they fit or scroll inside their own box', async ({
  adminPage: page,
  superadminPage,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const path of [
    PAGES.dashboard,
    PAGES.childAccounts,
    PAGES.licenses,
    PAGES.licensePools,
    PAGES.licenseMovement,
    PAGES.licenseAllocation,
    PAGES.reportUsers,
    PAGES.reportMachines,
    PAGES.reportJobs,
    PAGES.auditTrail,
  ]) {
    await page.goto(path);
    await expect(page.locator('table').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
    expect(await clippedTables(page), path).toEqual([]);
  }
  await superadminPage.setViewportSize({ width: 1366, height: 768 });
  for (const path of [PAGES.allAccounts, PAGES.licenseUsageReport]) {
    await superadminPage.goto(path);
    await expect(superadminPage.locator('table').first()).toBeVisible();
    expect(await clippedTables(superadminPage), path).toEqual([]);
  }
});

test('the skip link shows a box around its whole text when focused', async ({ adminPage: page }) => {
  await page.goto(PAGES.dashboard);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const fits = await skip.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const text = range.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    return box.left <= text.left && box.right >= text.right && box.top <= text.top && box.bottom >= text.bottom;
  });
  expect(fits).toBe(true);
  await screenshot(page, 'shell-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test("'Show as table' becomes 'Show as chart'", async ({ adminPage: page }) => {
  await page.goto(PAGES.dashboard);
  const figure = page.getByRole('figure', { name: 'Stock by product' });
  await figure.getByRole('button', { name: 'Show as table' }).click();
  await expect(figure.getByRole('region', { name: 'Stock by product, as a table' })).toBeVisible();
  await figure.getByRole('button', { name: 'Show as chart' }).click();
  await expect(figure.getByRole('button', { name: 'Show as table' })).toBeVisible();
});
