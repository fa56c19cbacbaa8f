import { PAGES } from '@portal/contracts/pages';
import { expect, screenshot, test } from './support/fixtures';
import { inGerman } from './support/language';

/**
 * The messages the contracts and the server write in English, read in the Admin's language (decision
 * 052, "Messages of the server and the contracts"): a contract's field error shown by the form, then
 * the server's refusal of the old password, both in German; the API itself still answers English.
 */
test('an Admin reads a field error of the contracts and a refusal of the server in German', async ({
  adminPage: page,
  adminApi,
}) => {
  test.slow();
  await inGerman(page, adminApi, async () => {
    await page.goto(PAGES.changePassword);
    await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Change Password' });

    // A bad value: the confirmation differs. The contracts' schema says so, in German under the field.
    await page.getByLabel('Old Password').fill('not-the-password-of-admin');
    await page.getByLabel('New Password', { exact: true }).fill('Lantern-Orbit-7421-quiet');
    await page.getByLabel('Confirm Password').fill('Lantern-Orbit-7421-quieter');
    await submit.click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await expect(page.getByText(/^Passwords (don't|do not) match$/)).toHaveCount(0);
    await screenshot(page, 'language-de-field-error');

    // The server refuses the old password: its English answer, shown in German under the field.
    await page.getByLabel('Confirm Password').fill('Lantern-Orbit-7421-quiet');
    await submit.click();
    await expect(page.getByText('Das alte Passwort ist nicht korrekt.')).toBeVisible();
    await expect(page.getByText('The old password is not correct.')).toHaveCount(0);
    await screenshot(page, 'language-de-server-refusal');
  });

  // In English the same refusal reads as the server wrote it.
  await page.goto(PAGES.changePassword);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByLabel('Old Password').fill('not-the-password-of-admin');
  await page.getByLabel('New Password', { exact: true }).fill('Lantern-Orbit-7421-quiet');
  await page.getByLabel('Confirm Password').fill('Lantern-Orbit-7421-quiet');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The old password is not correct.')).toBeVisible();
});
