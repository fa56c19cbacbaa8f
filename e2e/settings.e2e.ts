import { PAGES } from '@portal/contracts/pages';
import { expect, screenshot, signIn, test } from './support/fixtures';
import { acceptEulaAs, expectText, field, provisionAccount, submitLogin, unique } from './support/provision';
import { endsAt } from './support/pages';

/** The profile and the password change in settings, on an account made for this journey. */
test('settings show the profile, change the password, and end the other sessions', async ({
  baseURL,
  adminApi,
  openPage,
}) => {
  const who = unique('settled');
  const newPassword = `Harbour-Compass-${who.tag}-17`;
  const account = await provisionAccount(adminApi, baseURL!, who.name, who.email, `Meadow-Beacon-${who.tag}-83`);
  await acceptEulaAs(baseURL!, account);

  const older = await openPage();
  await signIn(older, account.email, account.password);
  await expect(older).toHaveURL(endsAt(PAGES.intro));

  const page = await openPage();
  await signIn(page, account.email, account.password);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(endsAt(PAGES.settings));
  await expect(field(page, 'Username')).toHaveValue(who.name);
  await expect(field(page, 'Username')).toBeDisabled();
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expectText(page, 'You submitted the following values:');
  await screenshot(page, 'auth-settings-profile');

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.changePassword));
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

  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm Password').fill(newPassword);
  await change.click();
  await expectText(page.locator('[data-slot="form-field"]'), 'The old password is not correct.');

  await field(page, 'Old Password').fill(account.password);
  await change.click();
  await expectText(page, 'Your password has been changed.');
  await screenshot(page, 'auth-settings-password-changed');

  // This tab goes on with its new session; the one signed in before is refused.
  await page.reload();
  await expect(field(page, 'Old Password')).toBeVisible();
  await expect(page).toHaveURL(endsAt(PAGES.changePassword));
  await older.goto(PAGES.settings);
  await expect(older).toHaveURL((url) => url.pathname === PAGES.signIn);
  await expect(older.getByRole('button', { name: 'Login' })).toBeVisible();
  await submitLogin(older, account.email, newPassword);
  // Signing in again returns to the page the expired session was on.
  await expect(older).toHaveURL(endsAt(PAGES.settings));
});
