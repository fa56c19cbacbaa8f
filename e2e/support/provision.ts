import { expect, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '@portal/contracts/routes';
import { apiAs } from './api';

/**
 * Set-up through the API as admin@: fresh accounts for the journeys that change a password, an
 * agreement or a status, so that no journey touches what another one signs in with.
 */
export type Account = { email: string; password: string };
export type ApiCall = Awaited<ReturnType<typeof apiAs>>;

/** An address and name no other journey (or earlier run on the same server) uses. */
export function unique(who: string): { name: string; email: string; tag: string } {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${who[0]!.toUpperCase()}${who.slice(1)} ${tag}`, email: `${who}-${tag}@example.com`, tag };
}

/**
 * admin@ creates a child account (in the shared pool `licensePoolId` if given); its address is
 * confirmed by the emailed link, not here.
 */
export async function createChild(
  admin: ApiCall,
  name: string,
  email: string,
  roles = 'User',
  licensePoolId?: string,
): Promise<string> {
  const res = await admin(ROUTES.createChildAccount, {
    name,
    email,
    roles,
    ...(licensePoolId ? { licensePoolId } : {}),
  });
  const id = (res.body.data as { id?: string } | undefined)?.id;
  if (res.status !== 200 || !id) throw new Error(`create-child-account ${email}: ${res.status} ${res.body.message}`);
  return id;
}

/**
 * A child account (of a shared pool if given) that signs in with `password` (its own, set at first
 * sign-in), EULA not accepted.
 */
export async function provisionAccount(
  admin: ApiCall,
  baseURL: string,
  name: string,
  email: string,
  password: string,
  licensePoolId?: string,
): Promise<Account> {
  const childId = await createChild(admin, name, email, 'User', licensePoolId);
  // A password the admin sets is one-time (decision 012): the owner replaces it at first sign-in.
  const temporary = `${password} temporary`;
  const res = await admin(ROUTES.setChildPassword, { childId, newPassword: temporary });
  if (res.status !== 200) throw new Error(`set-child-password ${email}: ${res.status} ${res.body.message}`);
  const owner = await apiAs(baseURL, email, temporary);
  const change = { oldPassword: temporary, newPassword: password, confirmPassword: password };
  const changed = await owner(ROUTES.changePassword, change);
  if (changed.status !== 200) throw new Error(`change-password ${email}: ${changed.status} ${changed.body.message}`);
  return { email, password };
}

/** Records the account's acceptance of the agreement through the API (set-up only). */
export async function acceptEulaAs(baseURL: string, { email, password }: Account): Promise<void> {
  const call = await apiAs(baseURL, email, password);
  const res = await call(ROUTES.acceptEula);
  if (res.status !== 200) throw new Error(`accept-eula for ${email}: ${res.status}`);
  await call(ROUTES.logout);
}

/** Fills the login form and submits it, whatever the answer (for journeys about refusals). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  // Exact: the field's 'Show password' button is labelled too.
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Waits until `text` shows inside `scope` (the first match: toasts are copied into a live region). */
export async function expectText(scope: Page | Locator, text: string | RegExp): Promise<void> {
  await expect(scope.getByText(text).first()).toBeVisible();
}

export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
