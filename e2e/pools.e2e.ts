import { PAGES } from '@portal/contracts/pages';
import { closeDialog, createPool, mainNav, openUsers, toast } from './support/accounts';
import { expect, screenshot, test } from './support/fixtures';
import { createChild, unique } from './support/provision';

/** Shared pools, managed by an Admin through the browser. */
test('(c) an Admin creates a pool, moves users in with the pool manager and lists them read-only', async ({
  adminPage: page,
  adminApi,
}) => {
  const { tag } = unique('pool');
  const poolName = `Journey Pool ${tag}`;
  const members = [unique('member-a'), unique('member-b')];
  for (const member of members) await createChild(adminApi, member.name, member.email);

  await mainNav(page).getByRole('link', { name: 'Shared License Pools' }).click();
  await expect(page.getByRole('heading', { name: 'Shared License Pools', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create Pool' }).click();
  const create = page.getByRole('dialog', { name: 'Create Pool' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Description is required')).toBeVisible();
  await create.getByLabel('Name').fill(poolName);
  await create.getByLabel('Description').fill('Pool of the browser journey');
  await screenshot(page, 'pools-create-dialog');
  await create.getByRole('button', { name: 'Create' }).click();
  await toast(page, `Pool ${poolName} created.`);
  const row = page.getByRole('table', { name: 'Shared License Pools' }).getByRole('row').filter({ hasText: poolName });
  await expect(row).toBeVisible();
  await screenshot(page, 'pools-list');

  await row.getByRole('button', { name: `View allocations of ${poolName}` }).click();
  const allocations = page.getByRole('dialog', { name: 'Allocations' });
  await expect(allocations.getByText('No allocation found for this pool.')).toBeVisible();
  await screenshot(page, 'pools-allocations-dialog');
  await closeDialog(allocations);

  await row.getByRole('button', { name: `Actions for ${poolName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Pool' }).click();
  await expect(page.getByRole('heading', { name: `User Pool Manager - ${poolName}` })).toBeVisible();
  const update = page.getByRole('button', { name: 'Update Pool' });
  await expect(update).toBeDisabled();
  for (const member of members) {
    await page.getByRole('checkbox', { name: `Select ${member.name} (${member.email}) to add` }).click();
  }
  await expect(page.getByText('2 users to add, 0 users to remove')).toBeVisible();
  await screenshot(page, 'pools-manager-selection');
  await update.click();
  await toast(page, '2 added, 0 removed.');
  const inPool = page.getByRole('table', { name: 'Users in Pool to remove' });
  for (const member of members) await expect(inPool.getByText(member.email)).toBeVisible();
  await expect(page.getByText('0 users to add, 0 users to remove')).toBeVisible();

  const [kept, removed] = members as [(typeof members)[0], (typeof members)[0]];
  await page.getByRole('checkbox', { name: `Select ${removed.name} (${removed.email}) to remove` }).click();
  await expect(page.getByText('0 users to add, 1 users to remove')).toBeVisible();
  await update.click();
  await toast(page, '0 added, 1 removed.');
  await expect(page.getByRole('table', { name: 'Available Users to add' }).getByText(removed.email)).toBeVisible();
  await screenshot(page, 'pools-manager-after-update');

  await page.getByRole('link', { name: 'Shared License Pools' }).first().click();
  await expect(row.getByText('1', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${poolName}` }).click();
  await page.getByRole('menuitem', { name: 'View Pool Users' }).click();
  await expect(page.getByRole('heading', { name: `User in Pool ${poolName}` })).toBeVisible();
  const inPoolList = page.getByRole('table', { name: `User in Pool ${poolName}` });
  await expect(inPoolList.getByText(kept.email)).toBeVisible();
  await expect(inPoolList.getByText(removed.email)).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await screenshot(page, 'pools-users-read-only');

  // The Users list shows the new membership.
  await openUsers(page, kept.email);
  await expect(page.getByRole('table', { name: 'Users' }).getByText(poolName)).toBeVisible();
  await screenshot(page, 'pools-member-in-users-list');
});

test('users and pools are usable on a 375 px phone: the tables scroll sideways inside the page', async ({
  signedIn,
  adminApi,
}) => {
  const poolName = `Journey Pool ${unique('pool').tag}`;
  await createPool(adminApi, poolName);
  const page = await signedIn('admin@example.com', { viewport: { width: 375, height: 812 } });
  await page.goto(`${PAGES.childAccounts}?filter=user2%40`);
  await expect(page.getByRole('table', { name: 'Users' }).getByText('user2@example.com')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'accounts-users-375');
  await page
    .getByRole('button', { name: /^Actions for/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'accounts-edit-user-375');
  await closeDialog(dialog);
  await page.goto(PAGES.licensePools);
  await expect(page.getByRole('table', { name: 'Shared License Pools' }).getByText(poolName)).toBeVisible();
  await screenshot(page, 'pools-list-375');
});
