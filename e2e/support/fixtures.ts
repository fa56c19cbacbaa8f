import { type Browser, expect, type Page, test as base } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { apiAs, isCallOf } from './api';
import { DEMO_PASSWORD } from './browser';
import type { ApiCall } from './provision';
import { portalURL } from './env';

export { expect };
export { expectAccessible, screenshot } from './axe';

type Viewport = { width: number; height: number };
export const PHONE: Viewport = { width: 375, height: 740 };

/**
 * Signs in through the login form and fails, with the server's answer, unless the sign-in is
 * accepted: a journey that cannot sign in fails, it is never skipped.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (new URL(page.url()).pathname !== PAGES.signIn || page.url() === 'about:blank') await page.goto(PAGES.signIn);
  await page.getByLabel('Email', { exact: true }).fill(email);
  // Exact: the field's 'Show password' button is labelled too.
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => isCallOf(ROUTES.login, r.url(), r.request().method())),
    page.getByRole('button', { name: 'Login' }).click(),
  ]);
  if (response.status() !== 200) {
    const body = await response.text().catch(() => '');
    throw new Error(`sign-in of ${email} was refused: ${response.status()} ${body}`);
  }
  await expect(page).not.toHaveURL((url) => url.pathname === PAGES.signIn);
}

type Fixtures = {
  /** A new browser context and page of its own (another person, another machine), closed after the test. */
  openPage: (viewport?: Viewport) => Promise<Page>;
  /** A new page signed in as `email` (a demo account unless a password is given). */
  signedIn: (email: string, options?: { password?: string; viewport?: Viewport }) => Promise<Page>;
  /** The API as admin@, for set-up the journey is not about (fresh accounts, pools). */
  adminApi: ApiCall;
  adminPage: Page;
  auditorPage: Page;
  userPage: Page;
  user2Page: Page;
  superadminPage: Page;
};

function pageOpener(browser: Browser, baseURL: string, opened: Array<{ close(): Promise<void> }>) {
  return async (viewport: Viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    opened.push(context);
    return context.newPage();
  };
}

export const test = base.extend<Fixtures>({
  // The portal's address is known only once global set-up has started it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
  baseURL: async ({}, use) => use(portalURL()),
  openPage: async ({ browser, baseURL }, use) => {
    const opened: Array<{ close(): Promise<void> }> = [];
    await use(pageOpener(browser, baseURL!, opened));
    for (const context of opened) await context.close();
  },
  signedIn: async ({ openPage }, use) => {
    await use(async (email, options = {}) => {
      const page = await openPage(options.viewport);
      await signIn(page, email, options.password);
      return page;
    });
  },
  adminApi: async ({ baseURL }, use) => {
    const call = await apiAs(baseURL!, 'admin@example.com');
    await use(call);
    await call(ROUTES.logout);
  },
  adminPage: async ({ signedIn }, use) => use(await signedIn('admin@example.com')),
  auditorPage: async ({ signedIn }, use) => use(await signedIn('auditor@example.com')),
  userPage: async ({ signedIn }, use) => use(await signedIn('user@example.com')),
  user2Page: async ({ signedIn }, use) => use(await signedIn('user2@example.com')),
  superadminPage: async ({ signedIn }, use) => use(await signedIn('superadmin@example.com')),
});
