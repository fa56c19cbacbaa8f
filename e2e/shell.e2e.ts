import type { Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { expect, expectAccessible, PHONE, screenshot, signIn, test } from './support/fixtures';
import { endsAt } from './support/pages';

/** Sign in as each demo role, the shell (docs/product.md, "Screens and routes"), and sign out. */
const AUDITOR_LINKS = [
  'Dashboard',
  'Users',
  'Licenses',
  'Shared License Pools',
  'License Movement',
  'Analysis',
  'Audit Trail',
  'Settings',
  'Help Manual',
];
/** The License Forecast is for the roles that run migrations (decision 028). */
const ADMIN_LINKS = [...AUDITOR_LINKS, 'License Forecast'];
const USER_LINKS = ['Dashboard', 'License Movement', 'License Forecast', 'Analysis', 'Settings', 'Help Manual'];
const ALL_LINKS = [...ADMIN_LINKS, 'License Usage Report'];

/** The sidebar's links and buttons by the name a screen reader gives them. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .first()
    .locator('a, button')
    .evaluateAll((elements) =>
      elements.map((el) =>
        (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(' (opens in a new tab)', '').trim(),
      ),
    );
  return names.filter((name) => ALL_LINKS.includes(name)).sort();
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('signing in as each demo role', () => {
  for (const [email, landing, expected] of [
    ['admin@example.com', PAGES.intro, ADMIN_LINKS],
    ['auditor@example.com', PAGES.intro, AUDITOR_LINKS],
    ['user2@example.com', PAGES.intro, USER_LINKS],
    ['superadmin@example.com', PAGES.licenseUsageReport, ['License Usage Report', 'Audit Trail']],
  ] as const) {
    test(`${email} lands on ${landing} with the sidebar of its role`, async ({ signedIn }) => {
      const page = await signedIn(email);
      await expect(page).toHaveURL((url) => url.pathname === landing);
      await expect.poll(() => sidebarLinks(page)).toEqual([...expected].sort());
      await screenshot(page, `shell-landing-${email.split('@')[0]}`);
    });
  }
});

test.describe('the shell', () => {
  test('shows the intro, the user menu with Last Login, and signs out with the Logged out notice', async ({
    adminPage: page,
  }) => {
    await expect(page).toHaveURL(endsAt(PAGES.intro));
    await expect(page.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();
    await expect(page.getByText('You have successfully registered')).toBeVisible();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Last Login')).toBeVisible();
    await expect(menu.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/)).toBeVisible();
    await screenshot(page, 'shell-user-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
    await expect(page.getByText('Logged out').first()).toBeVisible();
    await page.goto(PAGES.intro);
    await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('keeps the sidebar collapsed across a reload, with tooltips on its icons', async ({ auditorPage: page }) => {
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('collapsed-sidebar'))).toBe('true');
    await page.getByRole('navigation', { name: 'Main navigation' }).locator(`a[href="${PAGES.dashboard}"]`).hover();
    await expect(page.getByRole('tooltip').first()).toBeVisible();
    await screenshot(page, 'shell-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('opens the navigation menu at 375 px, locking body scroll and hiding the user menu', async ({ signedIn }) => {
    const page = await signedIn('user2@example.com', { viewport: PHONE });
    const openMenu = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(openMenu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeHidden();
    await openMenu.click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).last()).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await screenshot(page, 'shell-mobile-menu');
  });

  test("gives a SuperAdmin's phone the user menu's links in the drawer", async ({ signedIn }) => {
    const page = await signedIn('superadmin@example.com', { viewport: PHONE });
    await expect(page).toHaveURL(endsAt(PAGES.licenseUsageReport));
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.locator('#mobile-navigation')).toBeVisible();
    await screenshot(page, 'shell-superadmin-drawer');
    await page.getByRole('link', { name: 'All Accounts' }).click();
    await expect(page).toHaveURL(endsAt(PAGES.allAccounts));
    await expect(page.getByRole('cell', { name: 'admin@example.com', exact: true })).toBeVisible();
    await screenshot(page, 'shell-superadmin-all-accounts-375');
  });

  test('switches to the dark theme and keeps it', async ({ user2Page: page }) => {
    await expect(page.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await screenshot(page, 'shell-intro-dark');
  });

  test('shows the 404 page for an unknown path, signed out and signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await screenshot(page, 'error-404');
    await signIn(page, 'user2@example.com');
    await expect(page).toHaveURL(endsAt(PAGES.intro));
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
    await screenshot(page, 'error-404-signed-in');
  });

  test('sends a signed-out visitor of a signed-in page to the login, then back there after signing in', async ({
    page,
  }) => {
    // Not the landing page (/intro), so arriving there proves the return.
    await page.goto(PAGES.changePassword);
    await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expectAccessible(page);
    await signIn(page, 'user2@example.com');
    await expect(page).toHaveURL(endsAt(PAGES.changePassword));
    await expect(page.getByLabel('Old Password', { exact: true })).toBeVisible();
  });
});
