import { PAGES } from '@portal/contracts/pages';
import { expect, screenshot, test } from './support/fixtures';
import { firstLink, mailCount, waitForMail } from './support/mail';
import { expectText, field, provisionAccount, submitLogin, unique } from './support/provision';
import { endsAt } from './support/pages';

/** A forgotten password, reset from the emailed link, on an account made for this journey. */
test('a forgotten password: the mailed link sets a new password, which then signs in, and works once', async ({
  page,
  baseURL,
  adminApi,
  openPage,
}) => {
  const forgetful = unique('forgetful');
  const oldPassword = `Meadow-Beacon-${forgetful.tag}-83`;
  const newPassword = `Harbour-Compass-${forgetful.tag}-17`;
  const account = await provisionAccount(adminApi, baseURL!, forgetful.name, forgetful.email, oldPassword);

  await page.goto(PAGES.signIn);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.forgotPassword));
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
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .getByText(/If an account exists for this email/),
  ).toBeVisible();
  await screenshot(page, 'auth-forgot-password-sent');
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);

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

  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm Password').fill(newPassword);
  await reset.click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
  await expectText(page, 'Your password has been reset. Please sign in.');

  await submitLogin(page, account.email, newPassword);
  await expect(page).toHaveURL(endsAt(PAGES.intro));

  // The link works once.
  const again = await openPage();
  await again.goto(`${link.pathname}${link.search}`);
  await field(again, 'New Password').fill(oldPassword);
  await field(again, 'Confirm Password').fill(oldPassword);
  await again.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expectText(again, 'This reset link is invalid or has expired. Please ask for a new one.');
  await screenshot(again, 'auth-reset-password-used-link');
  await again.goto(PAGES.resetPassword);
  await expectText(again, 'This reset link is incomplete.');
  await screenshot(again, 'auth-reset-password-incomplete-link');
});
