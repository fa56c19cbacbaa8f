import { closeDialog, mainNav, openEditUser, openUsers, toast } from './support/accounts';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';
import { createChild, unique } from './support/provision';

/** An Admin changes a user's roles, then finds the change in the audit trail. */
test('an Admin sees its role change in the audit trail', async ({ adminPage: page, adminApi }) => {
  const child = unique('audited');
  await createChild(adminApi, child.name, child.email);
  await openUsers(page, child.email);
  const dialog = await openEditUser(page, child.name);
  await dialog.getByRole('tab', { name: 'Change Role' }).click();
  await dialog.getByRole('button', { name: 'Select roles' }).click();
  await page.getByRole('checkbox', { name: 'Auditor' }).click();
  await dialog.getByRole('button', { name: 'Select roles' }).click();
  await dialog.getByRole('button', { name: 'Update Roles' }).click();
  await toast(page, 'Roles updated.');
  await closeDialog(dialog);

  await mainNav(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit Trail' });
  // Keyboard: the action filter opens and picks with the keys.
  await page.getByRole('combobox', { name: 'Action' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Roles changed', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'account.roles');
  const row = table.getByRole('row').filter({ hasText: child.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin@example.com');
  await expect(row).toContainText('Roles changed');
  await expect(row).toContainText('Success');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await screenshot(page, 'audit-trail');
  await expectAccessible(page);
});
