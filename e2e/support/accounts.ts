import { expect, type Locator, type Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import type { ApiCall } from './provision';

/** Helpers of the accounts and pools journeys. */

type LoginAnswer = { status: number; body: { message?: string; data?: Record<string, unknown> } };

/**
 * Submits the login form and returns the server's answer to the browser's login call, read as it
 * passes (a successful sign-in loads the app, after which the browser no longer holds the body).
 * For journeys about refused sign-ins; the others use the fixtures' signIn.
 */
export async function loginAnswer(page: Page, email: string, password: string): Promise<LoginAnswer> {
  let answer: ((value: LoginAnswer) => void) | undefined;
  const answered = new Promise<LoginAnswer>((resolve) => (answer = resolve));
  await page.route(`**/api${ROUTES.login.path}`, async (route) => {
    const response = await route.fetch();
    answer?.({ status: response.status(), body: (await response.json()) as LoginAnswer['body'] });
    await route.fulfill({ response });
  });
  await page.goto(PAGES.signIn);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const result = await answered;
  await page.unroute(`**/api${ROUTES.login.path}`);
  return result;
}

/** Closes a dialog with its close button (Escape would first dismiss a toast on top of it). */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

export async function openUsers(page: Page, filter?: string): Promise<void> {
  await page.goto(filter ? `${PAGES.childAccounts}?filter=${encodeURIComponent(filter)}` : PAGES.childAccounts);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
}

export async function openEditUser(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A notice of the global toaster (the first match: Radix also copies it into a live region). */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).first();

/** A shared pool of admin@'s organisation, made through the API; answers its id. */
export async function createPool(admin: ApiCall, name: string, description = 'Made by a browser journey') {
  const res = await admin(ROUTES.createPool, { name, description }, { query: { poolType: 'Pool' } });
  if (res.status !== 200) throw new Error(`create pool ${name}: ${res.status} ${res.body.message}`);
  return (res.body.data as { id: string }).id;
}
