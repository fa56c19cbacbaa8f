import { PAGES } from '@portal/contracts/pages';
import { DEMO_PASSWORD } from './support/browser';
import { expect, screenshot, test } from './support/fixtures';
import { firstLink, mailCount, waitForMail } from './support/mail';
import { createChild, expectText, field, submitLogin, unique } from './support/provision';
import { endsAt } from './support/pages';

/**
 * In real Chromium against the real server and real mail: a new account's first login
 * (confirmed address, forced password change) and two-factor sign-in.
 */
test('a new account confirms its address from the email, then must change its password and lands on /intro', async ({
  page,
  adminApi,
}) => {
  const newcomer = unique('newcomer');
  const newPassword = `Harbour-Compass-${newcomer.tag}-17`;
  const before = mailCount();
  await createChild(adminApi, newcomer.name, newcomer.email);
  const confirmLink = firstLink(
    await waitForMail(newcomer.email, /Confirm your email address/, before),
    /confirm-email/,
  );

  // Opening the link spends nothing (mail scanners follow links): the page's button confirms.
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm Your Email Address' });
  await expect(confirmDialog.getByRole('button', { name: 'Confirm Email' })).toBeVisible();
  await screenshot(page, 'auth-confirm-email');
  await confirmDialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page).toHaveURL((url) => url.search === '?p=confirm');
  const thanks = page.getByRole('dialog', { name: 'Email Validation Done' });
  await expectText(thanks, /login credentials and a link to download/);
  await screenshot(page, 'auth-email-validation-done');
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(thanks).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('thanksPopupDismissed'))).toBe('true');

  // The link works once: a second confirmation lands on the invalid-link dialog.
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await confirmDialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page).toHaveURL((url) => url.search === '?p=confirm-invalid');
  const invalid = page.getByRole('dialog', { name: 'Email Validation Failed' });
  await expectText(invalid, /invalid or has expired/);
  await screenshot(page, 'auth-email-validation-invalid');
  await invalid.getByRole('button', { name: 'Close' }).click();
  await expect(invalid).toHaveCount(0);

  const credentials = await waitForMail(newcomer.email, /Your sign-in details/, before);
  const oneTimePassword = /One-time password: (\S+)/.exec(credentials.text)?.[1] ?? '';
  expect(oneTimePassword).not.toBe('');

  await submitLogin(page, newcomer.email, oneTimePassword);
  const dialog = page.getByRole('dialog', { name: 'Change your password to login' });
  await expectText(dialog, 'You are required to change your password on first login.');
  await field(dialog, 'New Password').fill('short');
  await field(dialog, 'Confirm Password').fill('different');
  await dialog.getByRole('button', { name: 'Reset Password and Login' }).click();
  await expectText(dialog, 'Passwords do not match');
  await expectText(dialog, 'Password must be at least 12 characters long');
  await screenshot(page, 'auth-forced-change-errors');

  await field(dialog, 'New Password').fill(newPassword);
  await field(dialog, 'Confirm Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Reset Password and Login' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.intro));
  // A new account has not accepted the agreement yet.
  await expect(page.getByRole('alertdialog', { name: 'End-User License Agreement' })).toBeVisible();
  await screenshot(page, 'auth-first-login-eula');
});

test('two-factor sign-in asks for the emailed code, checks it, and lands on /dashboard', async ({ page }) => {
  await page.goto(PAGES.signIn);
  const before = mailCount();
  await submitLogin(page, 'secure@example.com', DEMO_PASSWORD);
  const dialog = page.getByRole('dialog', { name: 'Two-factor Authentication' });
  const verify = dialog.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await expectText(dialog, "Haven't received it?");
  await screenshot(page, 'auth-two-factor');

  const codeInput = field(dialog, 'Verification code');
  await codeInput.press('Enter');
  await expectText(dialog, 'Please enter your OTP code.');
  await codeInput.pressSequentially('zz9');
  await expect(verify).toBeDisabled();
  await codeInput.pressSequentially('9zzz');
  await verify.click();
  await expectText(dialog, 'The code is not correct.');
  // One message once: the dialog shows the refusal itself, so no toast repeats it.
  await expect(page.locator('[data-variant="destructive"]').getByText('The code is not correct.')).toHaveCount(0);
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
  await expect(codeInput).toHaveValue('');
  await codeInput.pressSequentially(code.toLowerCase());
  await expect(codeInput).toHaveValue(code.toUpperCase());
  await verify.click();
  await expect(page).toHaveURL(endsAt(PAGES.dashboard));
  expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');
  await expect(page.getByRole('alertdialog', { name: 'End-User License Agreement' })).toBeVisible();
  await screenshot(page, 'auth-two-factor-eula');
});
