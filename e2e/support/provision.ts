import type { Page } from 'playwright-core';
import { apiAs } from './api';

/**
 * Set-up for the account-security journeys: fresh accounts made through the API as admin@, so
 * that no journey changes a demo account's password (other files sign in with them).
 */
export type Account = { email: string; password: string };

type Call = Awaited<ReturnType<typeof apiAs>>;

/** admin@ creates a child account; its address is confirmed by the emailed link, not here. */
export async function createChild(admin: Call, name: string, email: string): Promise<string> {
  const res = await admin('POST', 'User/create-child-account', { name, email, roles: 'User' });
  const id = (res.body.data as { id?: string } | undefined)?.id;
  if (res.status !== 200 || !id) throw new Error(`create-child-account ${email}: ${res.status} ${res.body.message}`);
  return id;
}

/** A child account that signs in with `password` at once (no forced change, EULA not accepted). */
export async function provisionAccount(
  admin: Call,
  baseURL: string,
  name: string,
  email: string,
  password: string,
): Promise<Account> {
  const childId = await createChild(admin, name, email);
  // A password the admin sets is one-time (decision 012): the owner replaces it at first sign-in.
  const temporary = `${password} temporary`;
  const res = await admin('POST', 'User/set-child-password', { childId, newPassword: temporary });
  if (res.status !== 200) throw new Error(`set-child-password ${email}: ${res.status} ${res.body.message}`);
  const owner = await apiAs(baseURL, email, temporary);
  const change = { oldPassword: temporary, newPassword: password, confirmPassword: password };
  const changed = await owner('POST', 'User/change-password', change);
  if (changed.status !== 200) throw new Error(`change-password ${email}: ${changed.status} ${changed.body.message}`);
  return { email, password };
}

/** Records the account's acceptance of the agreement through the API (set-up only). */
export async function acceptEulaAs(baseURL: string, { email, password }: Account): Promise<void> {
  const call = await apiAs(baseURL, email, password);
  const res = await call('POST', 'User/accept-eula');
  if (res.status !== 200) throw new Error(`accept-eula for ${email}: ${res.status}`);
  await call('POST', 'User/logout');
}

/** Fills the login form; exact labels, because the 'Show password' button is labelled too. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
