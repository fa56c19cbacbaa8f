import type { Locator, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { closeDialog, createPool, mainNav, openUsers, toast } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { acceptEulaAs, provisionAccount, unique } from './support/provision';
import { allocateThroughApi, cellOf, filterList, pickProduct, PRODUCT, rowMenu, rowsWith } from './support/stock';

/**
 * License stock through the browser. Other journeys share the demo organisation's stock,
 * so each one hands licenses to accounts and pools it creates and checks those rows, never the
 * organisation's totals.
 */

/** The dashboard's section table named `title`, narrowed by its own filter box to `text`. */
async function dashboardRows(page: Page, title: string, text: string): Promise<{ table: Locator; rows: Locator }> {
  const table = page.getByRole('table', { name: title });
  await page.getByLabel(`Filter ${title}`).fill(text);
  return { table, rows: rowsWith(table, text) };
}

async function openDashboard(page: Page): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
}

/** The movements naming `name` (the list searches the target's name), with the action `action`. */
async function movementsOf(page: Page, name: string, action: string): Promise<{ table: Locator; rows: Locator }> {
  await mainNav(page).getByRole('link', { name: 'License Movement' }).click();
  await expect(page.getByRole('heading', { name: 'License Movement', level: 1 })).toBeVisible();
  await filterList(page, page.getByLabel('Filter movements'), name);
  const table = page.getByRole('table', { name: 'License Movement' });
  return { table, rows: table.getByRole('row').filter({ has: page.getByRole('cell', { name: action, exact: true }) }) };
}

test('an Admin creates a user, allocates to it in the dialog that opens, sees its licenses and the movement, then revokes', async ({
  adminPage: page,
}) => {
  const child = unique('stock');
  await openUsers(page);
  await page.getByRole('button', { name: '+ Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await create.getByLabel('Name').fill(child.name);
  await create.getByLabel('Email').fill(child.email);
  await create.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Child account created successfully');

  // docs/product.md#screens-and-routes: the Allocate dialog opens for the new user.
  const dialog = page.getByRole('dialog', { name: 'Allocate Licenses' });
  await expect(dialog.getByText(`Hand licenses from your available stock on to ${child.name}.`)).toBeVisible();
  await expect(dialog.getByText('No products selected for allocation.')).toBeVisible();
  const assign = dialog.getByRole('button', { name: 'Assign Licenses' });
  await expect(assign).toBeDisabled();
  await screenshot(page, 'stock-allocate-new-user');

  await dialog.getByRole('button', { name: 'Add product' }).click();
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('no such product 42');
  await expect(page.getByRole('status').getByText('No product found.')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await screenshot(page, 'stock-picker-no-product');
  await search.fill('archive');
  const option = page.getByRole('option').filter({ hasText: PRODUCT.ARC });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(/Standard · 365 days · Node-Locked · \d+ available/);
  await screenshot(page, 'stock-picker-search');
  await option.click();

  const quantity = dialog.getByLabel(`Quantity of ${PRODUCT.ARC}`);
  await expect(quantity).toBeFocused();
  await quantity.fill('100000');
  await expect(dialog.getByText(/^Count must be at most \d+ \(available\)$/)).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'stock-allocate-over-available');
  await quantity.fill('2');
  await expect(dialog.getByText(/Count must be at most/)).toHaveCount(0);
  await assign.click();
  await expect(dialog).toHaveCount(0);
  await toast(page, 'Licenses allocated successfully');

  await openDashboard(page);
  const users = await dashboardRows(page, 'Users Licenses', child.email);
  await expect(users.rows).toHaveCount(1);
  await expect(users.rows).toContainText(child.name);
  await expect(users.rows).toContainText(PRODUCT.ARC);
  await expect(await cellOf(users.table, users.rows, 'Total')).toHaveText('2');
  await expect(await cellOf(users.table, users.rows, 'Available')).toHaveText('2');
  await screenshot(page, 'stock-dashboard-users-licenses');

  const allocated = await movementsOf(page, child.name, 'Allocate');
  await expect(allocated.rows).toHaveCount(1);
  await expect(allocated.rows).toContainText(PRODUCT.ARC);
  await expect(await cellOf(allocated.table, allocated.rows, 'Quantity')).toHaveText('2');
  await expect(await cellOf(allocated.table, allocated.rows, 'Target')).toContainText(child.name);
  await screenshot(page, 'stock-movements-allocate');

  await openUsers(page, child.email);
  await rowMenu(page, child.name, 'Revoke Licenses');
  const revoke = page.getByRole('dialog', { name: 'Revoke Licenses' });
  await expect(revoke.getByText(`Take back licenses ${child.name} holds and has not used.`)).toBeVisible();
  const back = await pickProduct(page, revoke, 'ARC', PRODUCT.ARC);
  await expect(revoke.getByRole('list', { name: 'Selected products' })).toContainText('2 available');
  await back.fill('3');
  await expect(revoke.getByText('Count must be at most 2 (available)')).toBeVisible();
  await back.fill('1');
  await screenshot(page, 'stock-revoke-dialog');
  await revoke.getByRole('button', { name: 'Revoke Licenses' }).click();
  await expect(revoke).toHaveCount(0);
  await toast(page, 'Licenses revoked successfully');

  await openDashboard(page);
  const after = await dashboardRows(page, 'Users Licenses', child.email);
  await expect(await cellOf(after.table, after.rows, 'Total')).toHaveText('1');
  await expect(await cellOf(after.table, after.rows, 'Available')).toHaveText('1');

  const revoked = await movementsOf(page, child.name, 'Revoke');
  await expect(revoked.rows).toHaveCount(1);
  await expect(await cellOf(revoked.table, revoked.rows, 'Quantity')).toHaveText('1');
  await screenshot(page, 'stock-movements-revoke');
});

test('an Admin allocates to a shared pool from its row menu; the pool lists the product in its Allocations', async ({
  adminPage: page,
  adminApi,
}) => {
  const poolName = `Stock Pool ${unique('pool').tag}`;
  await createPool(adminApi, poolName);
  await mainNav(page).getByRole('link', { name: 'Shared License Pools' }).click();
  const pools = page.getByRole('table', { name: 'Shared License Pools' });
  const row = rowsWith(pools, poolName);
  await expect(row).toBeVisible();

  await rowMenu(page, poolName, 'Allocate Licenses');
  const dialog = page.getByRole('dialog', { name: 'Allocate Licenses' });
  await expect(dialog.getByText(`Hand licenses from your available stock on to ${poolName}.`)).toBeVisible();
  const quantity = await pickProduct(page, dialog, 'PFM', PRODUCT.PFM);
  await quantity.fill('3');
  await screenshot(page, 'stock-allocate-pool');
  await dialog.getByRole('button', { name: 'Assign Licenses' }).click();
  await expect(dialog).toHaveCount(0);
  await toast(page, 'Licenses allocated successfully');

  await row.getByRole('button', { name: `View allocations of ${poolName}` }).click();
  const allocations = page.getByRole('dialog', { name: 'Allocations' });
  const table = allocations.getByRole('table', { name: `Allocations of ${poolName}` });
  const line = rowsWith(table, PRODUCT.PFM);
  await expect(line).toHaveCount(1);
  await expect(await cellOf(table, line, 'Total')).toHaveText('3');
  await expect(await cellOf(table, line, 'Available')).toHaveText('3');
  await expect(await cellOf(table, line, 'Duration')).toHaveText('365 days');
  await screenshot(page, 'stock-pool-allocations');
  await closeDialog(allocations);

  // The Admin's dashboard lists the pool under its shared pools.
  await openDashboard(page);
  const shared = await dashboardRows(page, 'Shared Pool Licenses', poolName);
  await expect(shared.rows).toHaveCount(1);
  await expect(await cellOf(shared.table, shared.rows, 'Total')).toHaveText('3');
});

test('a User sees its own stock on the dashboard and its allocations, with nothing to assign', async ({
  userPage: page,
}) => {
  await openDashboard(page);
  const own = page.getByRole('table', { name: 'Dashboard' });
  await expect(rowsWith(own, PRODUCT.MBX)).toHaveCount(1);
  await expect(rowsWith(own, PRODUCT.ARC)).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Users Licenses' })).toHaveCount(0);
  await screenshot(page, 'stock-dashboard-user');

  await page.goto(PAGES.licenseAllocation);
  await expect(page.getByRole('heading', { name: 'License Allocations', level: 1 })).toBeVisible();
  const mine = page.getByRole('table', { name: 'License Allocations' });
  await expect(rowsWith(mine, PRODUCT.MBX)).toHaveCount(1);
  await expect(rowsWith(mine, PRODUCT.ARC)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Assign Licenses' })).toHaveCount(0);
  await screenshot(page, 'stock-allocations-user');
});

test("a member of a shared pool sees the pool's stock as its Account Pool", async ({ adminApi, baseURL, signedIn }) => {
  const who = unique('member');
  const poolName = `Member Pool ${who.tag}`;
  const poolId = await createPool(adminApi, poolName);
  await allocateThroughApi(adminApi, { id: poolId, isUser: false }, 'ARC', 'Standard', 4);
  const account = await provisionAccount(
    adminApi,
    baseURL!,
    who.name,
    who.email,
    `Lantern-Harbour-${who.tag}-61`,
    poolId,
  );
  await acceptEulaAs(baseURL!, account);

  const page = await signedIn(account.email, { password: account.password });
  await openDashboard(page);
  const pool = page.getByRole('table', { name: 'Account Pool' });
  const row = rowsWith(pool, PRODUCT.ARC);
  await expect(row).toHaveCount(1);
  await expect(await cellOf(pool, row, 'Total')).toHaveText('4');
  await expect(page.getByRole('table', { name: 'Dashboard' })).toHaveCount(0);
  await screenshot(page, 'stock-dashboard-account-pool');
});

test('an Auditor sees the organisation’s stock read-only', async ({ auditorPage: page }) => {
  await openDashboard(page);
  for (const section of ['Dashboard', 'Shared Pool Licenses', 'Users Licenses']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(rowsWith(page.getByRole('table', { name: 'Users Licenses' }), 'user@example.com')).not.toHaveCount(0);
  await expect(rowsWith(page.getByRole('table', { name: 'Shared Pool Licenses' }), 'Sales Team')).not.toHaveCount(0);
  await screenshot(page, 'stock-dashboard-auditor');

  await mainNav(page).getByRole('link', { name: 'Licenses' }).click();
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
  await expect(rowsWith(page.getByRole('table', { name: 'Licenses' }), PRODUCT.MBX).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Create License' })).toHaveCount(0);
  await screenshot(page, 'stock-licenses-auditor');

  // The Auditor's own allocations (it holds none itself): a list to read, with nothing to assign.
  await page.goto(PAGES.licenseAllocation);
  await expect(page.getByRole('heading', { name: 'License Allocations', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'License Allocations' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign Licenses' })).toHaveCount(0);
  await screenshot(page, 'stock-allocations-auditor');

  await openUsers(page, 'user@example.com');
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
});

test('on a 375 px phone the dashboard and the Assign Licenses dialog fit the screen', async ({ signedIn }) => {
  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await page.goto(PAGES.dashboard);
  await expect(page.getByRole('table', { name: 'Users Licenses' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'stock-dashboard-375');

  await page.goto(PAGES.licenseAllocation);
  await page.getByRole('button', { name: 'Assign Licenses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Licenses' });
  await expect(dialog.getByText('Choose a user or a shared pool, then the licenses to hand on.')).toBeVisible();
  await pickProduct(page, dialog, 'mailbox', PRODUCT.MBX);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'stock-assign-dialog-375');
  await closeDialog(dialog);
});
