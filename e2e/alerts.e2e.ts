import { PAGES } from '@portal/contracts/pages';
import { toast } from './support/accounts';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';
import { field } from './support/provision';
import { endsAt } from './support/pages';

/** Alerts: an Admin sets its expiry window and a low-stock threshold in Settings; they stay after a reload. */
test('an Admin sets its alert thresholds in Settings and finds them saved after a reload', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.alertSettings));
  await expect(page.getByRole('heading', { name: 'Alerts', level: 2 })).toBeVisible();
  // The demo seed's thresholds.
  await expect(field(page, 'Mailbox Migration')).toHaveValue('50');
  await expect(field(page, 'Public Folder Migration')).toHaveValue('100');

  // A value the form refuses says why, under its field, and sends nothing.
  await field(page, 'Archive Migration').fill('-3');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByText('A threshold must be 0 or more')).toBeVisible();
  await expect(field(page, 'Archive Migration')).toHaveAttribute('aria-invalid', 'true');

  await field(page, 'Archive Migration').fill('25');
  await field(page, 'Expiry window (days)').fill('14');
  // Keyboard: Enter in a field submits the form.
  await field(page, 'Expiry window (days)').press('Enter');
  await toast(page, 'Alert settings saved.');
  await screenshot(page, 'settings-alerts');

  await page.reload();
  await expect(field(page, 'Archive Migration')).toHaveValue('25');
  await expect(field(page, 'Expiry window (days)')).toHaveValue('14');
  await expect(field(page, 'Mailbox Migration')).toHaveValue('50');
  await expectAccessible(page);
});

test('roles that cannot set alerts are not offered them', async ({ auditorPage: page }) => {
  await page.goto(PAGES.settings);
  await expect(field(page, 'Username')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Alerts' })).toHaveCount(0);
  await page.goto(PAGES.alertSettings);
  await expect(page).not.toHaveURL(endsAt(PAGES.alertSettings));
});
