import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { measureBundles } from '../bench/bundle';
import { acceptEula, apiAs } from './support/api';
import { DEMO_PASSWORD, launchChromium, newPage, screenshot } from './support/browser';
import { firstLink, mailCount, waitForMail } from './support/mail';
import { type Account, acceptEulaAs, createChild, provisionAccount, submitLogin } from './support/provision';

/**
 * Issue 3, account security, in real Chromium against the real server and real mail: the lean
 * login page and its budget, the forced change at first login, two-factor sign-in, forgotten
 * password, the EULA, and the password change in settings. Every account whose password or
 * agreement changes is created here; the demo accounts keep theirs.
 */
const baseURL = inject('baseURL');
const run = Date.now().toString(36);
const emailFor = (who: string) => `${who}-${run}@example.com`;
const NEW_PASSWORD = `Harbour-Compass-${run}-17`;
const OTHER_PASSWORD = `Meadow-Beacon-${run}-83`;
const LOGIN_BUDGET_BYTES = 100 * 1024;

let browser: Browser;
let admin: Awaited<ReturnType<typeof apiAs>>;

beforeAll(async () => {
  browser = await launchChromium();
  await acceptEula(baseURL, 'admin@example.com');
  admin = await apiAs(baseURL, 'admin@example.com');
});
afterAll(async () => {
  await admin?.('POST', 'User/logout');
  await browser?.close();
});

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const alertDialogNamed = (page: Page, name: string) => page.getByRole('alertdialog', { name });
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function expectText(scope: Page | Locator, text: string | RegExp): Promise<void> {
  await scope.getByText(text).first().waitFor();
}

describe('the login page', () => {
  it(`loads at most ${LOGIN_BUDGET_BYTES / 1024} KB gzip of JS and CSS, without the router`, async () => {
    const figures = await measureBundles(baseURL, 'auditor@example.com', DEMO_PASSWORD);
    process.stdout.write(
      `login page: ${figures.loginGzipBytes} B gzip in ${figures.loginFiles.length} files;` +
        ` signed-in shell adds ${figures.shellGzipBytes - figures.loginGzipBytes} B\n  ${figures.loginFiles.join('\n  ')}\n`,
    );
    expect(figures.loginGzipBytes).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    expect(figures.loginFiles.filter((file) => /\/(router|app-entry|query-client)-/.test(file))).toEqual([]);
    expect(figures.shellFiles.some((file) => /\/router-/.test(file))).toBe(true);
  });

  it('checks its fields, reports a refusal, and looks right on a phone and in dark', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'auth-login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectText(page, 'Please enter your email');
    await expectText(page, 'Please enter your password');
    await field(page, 'Email').fill('not-an-email');
    await expectText(page, 'Invalid email address');
    await screenshot(page, 'auth-login-errors');

    await submitLogin(page, 'nobody@example.com', 'not the password');
    await expectText(page, 'Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await screenshot(page, 'auth-login-375-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await screenshot(page, 'auth-login-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await screenshot(page, 'auth-login-dark');
    await context.close();
  });
});

describe('first login', () => {
  it('confirms the address from the email, then forces a new password and lands on /intro', async () => {
    const email = emailFor('newcomer');
    const before = mailCount();
    await createChild(admin, `Newcomer ${run}`, email);
    const confirmLink = firstLink(await waitForMail(email, /Confirm your email address/, before), /confirm-email/);

    const { context, page } = await newPage(browser, baseURL);
    // Opening the link spends nothing (mail scanners follow links): the page's button confirms.
    await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
    await dialogNamed(page, 'Confirm Your Email Address').getByRole('button', { name: 'Confirm Email' }).click();
    await page.waitForURL((url) => url.search === '?p=confirm');
    const thanks = dialogNamed(page, 'Email Validation Done');
    await expectText(thanks, /login credentials and a link to download/);
    await screenshot(page, 'auth-email-validation-done');
    await thanks.getByRole('button', { name: 'Close' }).click();
    await thanks.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('thanksPopupDismissed'))).toBe('true');

    // The link works once: a second confirmation lands on the invalid-link dialog.
    await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
    await dialogNamed(page, 'Confirm Your Email Address').getByRole('button', { name: 'Confirm Email' }).click();
    await page.waitForURL((url) => url.search === '?p=confirm-invalid');
    const invalid = dialogNamed(page, 'Email Validation Failed');
    await expectText(invalid, /invalid or has expired/);
    await screenshot(page, 'auth-email-validation-invalid');
    await invalid.getByRole('button', { name: 'Close' }).click();

    const credentials = await waitForMail(email, /Your sign-in details/, before);
    const oneTimePassword = /One-time password: (\S+)/.exec(credentials.text)?.[1] ?? '';
    expect(oneTimePassword).not.toBe('');

    await submitLogin(page, email, oneTimePassword);
    const dialog = dialogNamed(page, 'Change your password to login');
    await expectText(dialog, 'You are required to change your password on first login.');
    await field(dialog, 'New Password').fill('short');
    await field(dialog, 'Confirm Password').fill('different');
    await dialog.getByRole('button', { name: 'Reset Password and Login' }).click();
    await expectText(dialog, 'Passwords do not match');
    await expectText(dialog, 'Password must be at least 12 characters long');
    await screenshot(page, 'auth-forced-change-errors');

    await field(dialog, 'New Password').fill(NEW_PASSWORD);
    await field(dialog, 'Confirm Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Reset Password and Login' }).click();
    await page.waitForURL('**/intro');
    // A new account has not accepted the agreement yet.
    await alertDialogNamed(page, 'End-User License Agreement').waitFor();
    await context.close();
  });
});

describe('two-factor sign-in', () => {
  it('asks for the emailed code, checks it, and lands on /dashboard', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    const before = mailCount();
    await submitLogin(page, 'secure@example.com', DEMO_PASSWORD);
    const dialog = dialogNamed(page, 'Two-factor Authentication');
    await dialog.waitFor();
    const verify = dialog.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    await expectText(dialog, "Haven't received it?");
    await screenshot(page, 'auth-two-factor');

    const codeInput = field(dialog, 'Verification code');
    await codeInput.press('Enter');
    await expectText(dialog, 'Please enter your OTP code.');
    await codeInput.pressSequentially('zz9');
    expect(await verify.isDisabled()).toBe(true);
    await codeInput.pressSequentially('9zzz');
    await verify.click();
    await expectText(dialog, 'The code is not correct.');
    await expectText(page.locator('[data-variant="destructive"]'), 'The code is not correct.');
    await screenshot(page, 'auth-two-factor-errors');

    // A new code only 30 seconds after the last: the server's answer is the toast.
    await dialog.getByRole('button', { name: 'Resend a new code.' }).click();
    await expectText(page, /Please wait \d+ seconds/);

    const mail = await waitForMail('secure@example.com', /Your sign-in code/, before);
    const code = /Your sign-in code is: (\w+)/.exec(mail.text)?.[1] ?? '';
    expect(code).toHaveLength(7);
    await codeInput.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    expect(await codeInput.inputValue()).toBe('');
    await codeInput.pressSequentially(code.toLowerCase());
    expect(await codeInput.inputValue()).toBe(code.toUpperCase());
    await verify.click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');
    await alertDialogNamed(page, 'End-User License Agreement').waitFor();
    await context.close();
  });
});

describe('forgotten password', () => {
  let account: Account;
  beforeAll(async () => {
    account = await provisionAccount(admin, baseURL, `Forgetful ${run}`, emailFor('forgetful'), OTHER_PASSWORD);
  });

  it('mails a link that sets a new password, which then signs in', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    const send = page.getByRole('button', { name: 'Send Reset Password Link' });
    await send.click();
    await expectText(page, 'Please enter your email');
    await field(page, 'Email').fill('forgetful@');
    await expectText(page, 'Invalid email address');
    await screenshot(page, 'auth-forgot-password-errors');

    const before = mailCount();
    await field(page, 'Email').fill(account.email);
    await send.click();
    // The page says it (the toast says it too).
    await page
      .getByRole('main')
      .getByRole('status')
      .getByText(/If an account exists for this email/)
      .waitFor();
    await screenshot(page, 'auth-forgot-password-sent');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const link = firstLink(await waitForMail(account.email, /Reset your password/, before), /reset-password/);
    await page.goto(`${link.pathname}${link.search}`);
    const reset = page.getByRole('button', { name: 'Reset Password', exact: true });
    await reset.click();
    await expectText(page, 'New password is required');
    await expectText(page, 'Confirm password is required');
    await field(page, 'New Password').fill('too short');
    await field(page, 'Confirm Password').fill('something else');
    await reset.click();
    await expectText(page, "Passwords don't match");
    await expectText(page, 'Password must be at least 12 characters long');
    await screenshot(page, 'auth-reset-password-errors');

    await field(page, 'New Password').fill(NEW_PASSWORD);
    await field(page, 'Confirm Password').fill(NEW_PASSWORD);
    await reset.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page, 'Your password has been reset. Please sign in.');

    await submitLogin(page, account.email, NEW_PASSWORD);
    await page.waitForURL('**/intro');

    // The link works once.
    const { page: again } = await newPage(browser, baseURL);
    await again.goto(`${link.pathname}${link.search}`);
    await field(again, 'New Password').fill(OTHER_PASSWORD);
    await field(again, 'Confirm Password').fill(OTHER_PASSWORD);
    await again.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await expectText(again, 'This reset link is invalid or has expired. Please ask for a new one.');
    await again.goto('/reset-password');
    await expectText(again, 'This reset link is incomplete.');
    await screenshot(again, 'auth-reset-password-incomplete-link');
    await again.context().close();
    await context.close();
  });
});

describe('the end-user license agreement', () => {
  it('denies access when refused, and lets the user in once accepted', async () => {
    const account = await provisionAccount(admin, baseURL, `Eula ${run}`, emailFor('eula'), OTHER_PASSWORD);
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await submitLogin(page, account.email, account.password);
    const prompt = alertDialogNamed(page, 'End-User License Agreement');
    await prompt.getByRole('region', { name: 'Agreement text' }).getByText('Licence.').waitFor();
    expect((await prompt.boundingBox())?.width).toBeLessThanOrEqual(425);
    await screenshot(page, 'auth-eula-prompt');
    await page.keyboard.press('Escape');
    await prompt.waitFor();

    await prompt.getByRole('button', { name: "Don't Accept" }).click();
    const denied = alertDialogNamed(page, 'Access Denied');
    await expectText(denied, "You cannot access this website because you haven't accepted the EULA agreement.");
    expect(await denied.getByRole('button').allTextContents()).toEqual(['Logout']);
    await screenshot(page, 'auth-eula-access-denied');
    await denied.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page, 'Logged out');

    await submitLogin(page, account.email, account.password);
    await prompt.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('heading', { name: "Let's Get Started with Your License" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/intro');
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});

describe('settings', () => {
  let account: Account;
  beforeAll(async () => {
    account = await provisionAccount(admin, baseURL, `Settled ${run}`, emailFor('settled'), OTHER_PASSWORD);
    await acceptEulaAs(baseURL, account);
  });

  it('shows the profile, changes the password, and ends the other sessions', async () => {
    const older = await newPage(browser, baseURL);
    await older.page.goto('/');
    await submitLogin(older.page, account.email, account.password);
    await older.page.waitForURL('**/intro');

    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await submitLogin(page, account.email, account.password);
    await page.waitForURL('**/intro');
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL('**/settings');
    expect(await field(page, 'Username').inputValue()).toBe(`Settled ${run}`);
    expect(await field(page, 'Username').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expectText(page, 'You submitted the following values:');
    await screenshot(page, 'auth-settings-profile');

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**/settings/change-password');
    const change = page.getByRole('button', { name: 'Change Password', exact: true });
    await change.click();
    await expectText(page, 'Old password is required');
    await expectText(page, 'New password is required');
    await expectText(page, 'Confirm password is required');
    await field(page, 'Old Password').fill('not my password');
    await field(page, 'New Password').fill('short');
    await field(page, 'Confirm Password').fill('different');
    await change.click();
    await expectText(page, "Passwords don't match");
    await expectText(page, 'Password must be at least 12 characters long');
    await screenshot(page, 'auth-settings-change-password-errors');

    await field(page, 'New Password').fill(NEW_PASSWORD);
    await field(page, 'Confirm Password').fill(NEW_PASSWORD);
    await change.click();
    await expectText(page.locator('[data-slot="form-field"]'), 'The old password is not correct.');

    await field(page, 'Old Password').fill(account.password);
    await change.click();
    await expectText(page, 'Your password has been changed.');
    await screenshot(page, 'auth-settings-password-changed');

    // This tab goes on with its new session; the one signed in before is refused.
    await page.reload();
    await field(page, 'Old Password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/change-password');
    await older.page.goto('/settings');
    await older.page.waitForURL((url) => url.pathname === '/');
    await older.page.getByRole('button', { name: 'Login' }).waitFor();
    await submitLogin(older.page, account.email, NEW_PASSWORD);
    // Signing in again returns to the page the expired session was on.
    await older.page.waitForURL('**/settings');
    await older.context.close();
    await context.close();
  });
});
