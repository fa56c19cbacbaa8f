import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { acceptEula } from './support/api';
import { launchChromium, newPage, screenshot, signIn } from './support/browser';

/** Issue 2: sign in as each demo role, the shell of spec section 2, and sign out. */
const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  for (const email of ['superadmin@example.com', 'admin@example.com', 'auditor@example.com', 'user2@example.com']) {
    await acceptEula(baseURL, email);
  }
});
afterAll(() => browser?.close());

const ADMIN_LINKS = [
  'Dashboard',
  'Users',
  'Licenses',
  'Shared License Pools',
  'License Movement',
  'Analysis',
  'Settings',
  'Help Manual',
];
const USER_LINKS = ['Dashboard', 'License Movement', 'Analysis', 'Settings', 'Help Manual'];

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await nav.waitFor();
  const names = await nav
    .locator('a, button')
    .evaluateAll((elements) =>
      elements.map((el) =>
        (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(' (opens in a new tab)', '').trim(),
      ),
    );
  return names.filter(Boolean);
}

describe('signing in as each demo role', () => {
  it.each([
    ['admin@example.com', '/intro', ADMIN_LINKS],
    ['auditor@example.com', '/intro', ADMIN_LINKS],
    ['user2@example.com', '/intro', USER_LINKS],
    ['superadmin@example.com', '/license-usage-report', ['License Usage Report']],
  ])('%s lands on %s with the sidebar of its role', async (email, landing, expected) => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, email);
    await page.waitForURL(`**${landing}`);
    expect(await sidebarLinks(page)).toEqual(expect.arrayContaining(expected));
    expect(
      (await sidebarLinks(page)).filter((name) => ADMIN_LINKS.includes(name) || name === 'License Usage Report').sort(),
    ).toEqual([...expected].sort());
    await screenshot(page, `shell-landing-${email.split('@')[0]}`);
    await context.close();
  });
});

describe('the shell', () => {
  it('shows the intro, the user menu with Last Login, and signs out with the Logged out notice', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/intro');
    await expect(page.getByText("Let's Get Started with Your License")).toBeTruthy();
    await page.getByText('You have successfully registered').waitFor();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByText('Last Login').waitFor();
    expect(await page.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/).count()).toBeGreaterThan(0);
    await screenshot(page, 'shell-user-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Logged out').first().waitFor();
    await page.goto('/intro');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('keeps the sidebar collapsed across a reload, with tooltips on its icons', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, 'auditor@example.com');
    await page.waitForURL('**/intro');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('collapsed-sidebar'))).toBe('true');
    await page.getByRole('navigation', { name: 'Main navigation' }).locator('a[href="/dashboard"]').hover();
    await page.getByRole('tooltip').first().waitFor();
    await screenshot(page, 'shell-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await context.close();
  });

  it('opens the navigation menu at 375 px, locking body scroll and hiding the user menu', async () => {
    const { context, page } = await newPage(browser, baseURL, { width: 375, height: 740 });
    await signIn(page, 'user2@example.com');
    await page.waitForURL('**/intro');
    expect(await page.getByRole('button', { name: 'Open user menu' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).last().waitFor();
    const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(overflow).toBe('hidden');
    await screenshot(page, 'shell-mobile-menu');
    await context.close();
  });

  it("gives a SuperAdmin's phone the user menu's links in the drawer", async () => {
    const { context, page } = await newPage(browser, baseURL, { width: 375, height: 740 });
    await signIn(page, 'superadmin@example.com');
    await page.waitForURL('**/license-usage-report');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('link', { name: 'All Accounts' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('cell', { name: 'admin@example.com', exact: true }).waitFor();
    await context.close();
  });

  it('switches to the dark theme and keeps it', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, 'user2@example.com');
    await page.waitForURL('**/intro');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: /dark/i }).first().click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'shell-intro-dark');
    await context.close();
  });

  it('shows the 404 page for an unknown path, signed out and signed in', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await screenshot(page, 'error-404');
    await signIn(page, 'user2@example.com');
    await page.waitForURL('**/intro');
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).first().waitFor();
    await context.close();
  });

  it('sends a signed-out visitor of a signed-in page to the login, then back there after signing in', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/intro');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
