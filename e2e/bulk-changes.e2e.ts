import { ROUTES } from '@portal/contracts/routes';
import { openUsers } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { createChild, type ApiCall, unique } from './support/provision';
import { pickProduct, PRODUCT } from './support/stock';

/**
 * Bulk changes (decision 049) through the browser: an Admin ticks users in the Users table,
 * allocates the same licenses to all of them, follows the batch to Done and undoes it; then selects
 * all users matching a filter (more than a page), by keyboard, and deactivates them at once.
 */

/** Units a child holds of its own, by the API. */
async function heldBy(admin: ApiCall, childId: string): Promise<number> {
  const res = await admin(ROUTES.childSummary, undefined, { params: { childId } });
  const [user] = (res.body.data as { users: { groupedLicenses: { availableCount: number }[] }[] }).users;
  return (user?.groupedLicenses ?? []).reduce((sum, group) => sum + group.availableCount, 0);
}

async function children(admin: ApiCall, tag: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    ids.push(await createChild(admin, `Bulk ${tag} ${String(n).padStart(2, '0')}`, `bulk-${n}-${tag}@example.com`));
  }
  return ids;
}

test('an Admin allocates licenses to several users at once, then undoes it', async ({ adminPage: page, adminApi }) => {
  const { tag } = unique('bulk');
  const ids = await children(adminApi, tag, 3);
  await openUsers(page, tag);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(4);

  await users.getByRole('checkbox', { name: 'Select all users on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions for selected users' });
  await expect(bar).toContainText('3 selected.');
  // Every user is on this page: nothing more to select.
  await expect(bar.getByRole('button', { name: /Select all \d+ matching/ })).toHaveCount(0);
  await screenshot(page, 'bulk-selection');

  await bar.getByRole('button', { name: 'Allocate Licenses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Allocate Licenses to 3 users' });
  const quantity = await pickProduct(page, dialog, 'Mailbox', PRODUCT.MBX);
  await quantity.fill('2');
  await dialog.getByRole('button', { name: 'Assign Licenses' }).click();
  await expect(dialog.getByText('Done: 3 changed, 0 not changed.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('list', { name: 'Result per row' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByText('2 units allocated.')).toHaveCount(3);
  await screenshot(page, 'bulk-allocate-done');
  for (const id of ids) expect(await heldBy(adminApi, id)).toBe(2);

  await dialog.getByRole('button', { name: 'Undo all 6 units' }).click();
  await expect(dialog.getByText(/^Undo of “Allocate 2 × MBX”$/)).toBeVisible();
  await expect(dialog.getByText('Done: 3 changed, 0 not changed.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('2 units revoked.')).toHaveCount(3);
  // An undo has no undo.
  await expect(dialog.getByRole('button', { name: /^Undo all/ })).toHaveCount(0);
  for (const id of ids) expect(await heldBy(adminApi, id)).toBe(0);
});

test('an Admin selects every user a filter matches, by keyboard, and deactivates them', async ({
  adminPage: page,
  adminApi,
}) => {
  const { tag } = unique('wave');
  const ids = await children(adminApi, tag, 11);
  await openUsers(page, tag);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(11);

  const all = users.getByRole('checkbox', { name: 'Select all users on this page' });
  await all.focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Bulk actions for selected users' });
  await expect(bar).toContainText('10 selected.');
  const selectAll = bar.getByRole('button', { name: 'Select all 11 matching' });
  await selectAll.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toContainText('All 11 users matching the filter are selected.');

  await bar.getByRole('button', { name: 'Change status' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog).toContainText('Change status of 11 users.');
  await dialog.getByRole('combobox', { name: 'Status' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Inactive' }).press('Enter');
  await dialog.getByRole('button', { name: 'Apply to 11 users' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Done: 11 changed, 0 not changed.')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'bulk-status-done');
  await page.keyboard.press('Escape');

  // The list reloaded: every one of them is Inactive.
  await expect(users.getByRole('row').filter({ hasText: 'Inactive' })).toHaveCount(10);
  const list = await adminApi(ROUTES.childAccounts, undefined, { query: { search: tag, pageSize: '50' } });
  const rows = list.body.data as { id: string; active: boolean }[];
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  expect(rows.every((row) => !row.active)).toBe(true);
});

test('the bulk bar on a phone', async ({ signedIn, adminApi }) => {
  const { tag } = unique('phone');
  await children(adminApi, tag, 2);
  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await openUsers(page, tag);
  await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions for selected users' });
  await expect(bar.getByRole('button', { name: 'Change pool' })).toBeVisible();
  await screenshot(page, 'bulk-bar-phone');
});
