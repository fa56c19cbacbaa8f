import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { createPool, mainNav } from './support/accounts';
import { expect, screenshot, test } from './support/fixtures';
import { createChild, unique } from './support/provision';
import { endsAt } from './support/pages';

/** What the other roles see of users and pools. */
test('(d) an Auditor sees users and pools read-only, with no menus or create buttons', async ({
  auditorPage: page,
  adminApi,
}) => {
  const poolName = `Journey Pool ${unique('pool').tag}`;
  await createPool(adminApi, poolName);
  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  await page.getByPlaceholder('Filter accounts...').fill('user2@');
  // The filter applies after a pause: wait for its answer (a header and one row), not the full list.
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'user2@');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Users' }).getByText('user2@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Create User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await screenshot(page, 'auditor-users');

  await mainNav(page).getByRole('link', { name: 'Shared License Pools' }).click();
  const row = page.getByRole('table', { name: 'Shared License Pools' }).getByRole('row').filter({ hasText: poolName });
  await expect(row.getByText('-', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Create Pool' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await screenshot(page, 'auditor-pools');

  await page.goto(PAGES.poolEdit({ id: '00000000-0000-4000-8000-000000000000', name: 'X' }));
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/pool/edit'));
});

test('(e) a User opening /child-accounts is sent away', async ({ userPage: page }) => {
  await page.goto(PAGES.childAccounts);
  await expect(page).toHaveURL((url) => url.pathname !== PAGES.childAccounts && url.pathname !== PAGES.signIn);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toHaveCount(0);
  await screenshot(page, 'user-sent-away-from-users');
});

test('(f) a SuperAdmin opens the accounts list from the user menu', async ({ superadminPage: page, adminApi }) => {
  const both = unique('both-roles');
  const id = await createChild(adminApi, both.name, both.email, 'Admin');
  expect((await adminApi(ROUTES.updateRoles, { userId: id, roles: ['Admin', 'User'] })).status).toBe(200);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  // The menu's code loads with its first opening.
  await expect(page.getByRole('menu')).toBeVisible();
  await screenshot(page, 'superadmin-user-menu');
  await page.getByRole('menuitem', { name: 'All Accounts' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.allAccounts));
  const table = page.getByRole('table', { name: 'All Accounts' });
  await expect(table.getByText('admin@example.com', { exact: true })).toBeVisible();
  await screenshot(page, 'superadmin-all-accounts');

  await page.getByLabel('Filter accounts').fill(both.email);
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === both.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: both.email });
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByText('User', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await page.getByLabel('Filter accounts').fill('');
  await expect(table.getByText('admin@example.com', { exact: true })).toBeVisible();
  await screenshot(page, 'superadmin-all-accounts-dark');
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});
