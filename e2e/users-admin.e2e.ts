import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { isCallOf } from './support/api';
import { closeDialog, createPool, loginAnswer, mainNav, openEditUser, openUsers, toast } from './support/accounts';
import { expect, screenshot, test } from './support/fixtures';
import { firstLink, mailCount, waitForMail } from './support/mail';
import { createChild, provisionAccount, unique } from './support/provision';

/**
 * An Admin manages its users through the browser. Each journey acts on accounts it
 * creates; the demo accounts keep their passwords, status and pools.
 */
test('(a) an Admin creates a user and sees it listed', async ({ adminPage: page, adminApi }) => {
  const child = unique('journey');
  const pool = `Journey Assign ${child.tag}`;
  await createPool(adminApi, pool);
  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  // Other journeys add accounts: find the row through the filter, as a user would.
  await page.getByPlaceholder('Filter accounts...').fill('user2@');
  // The filter applies after a pause: wait for its answer (a header and one row), not the full list.
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'user2@');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Users' }).getByText('user2@example.com')).toBeVisible();
  await screenshot(page, 'accounts-users-list');
  await page.getByPlaceholder('Filter accounts...').fill('');

  await page.getByRole('button', { name: '+ Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Please enter your email')).toBeVisible();
  await screenshot(page, 'accounts-create-user-errors');

  await dialog.getByLabel('Name').fill(child.name);
  await dialog.getByLabel('Email').fill(child.email);
  await dialog.getByLabel('Pool').click();
  await expect(page.getByRole('option', { name: pool })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByLabel('Pool')).toContainText('[Individual]');
  await screenshot(page, 'accounts-create-user-dialog');
  const [request] = await Promise.all([
    page.waitForRequest((r) => isCallOf(ROUTES.createChildAccount, r.url(), r.method())),
    dialog.getByRole('button', { name: 'Create' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({ name: child.name, email: child.email, roles: 'User' });
  await toast(page, 'Child account created successfully');
  await expect(dialog).toHaveCount(0);
  // The Allocate dialog opens for the new user (its journey is in license-stock.e2e.ts): nothing to hand on here.
  const allocate = page.getByRole('dialog', { name: 'Allocate Licenses' });
  await expect(allocate.getByText(`Hand licenses from your available stock on to ${child.name}.`)).toBeVisible();
  await closeDialog(allocate);

  await page.getByLabel('Filter accounts').fill(child.email);
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === child.email);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: child.email });
  await expect(row).toContainText('Individual');
  await expect(row).toContainText('Active');
  await screenshot(page, 'accounts-user-created');
  // The new user is mailed a link to confirm the address.
  await waitForMail(child.email, /Confirm your email address/);
});

test('(b1) an Admin assigns a pool and changes the roles', async ({ adminPage: page, adminApi }) => {
  const child = unique('journey');
  const pool = `Journey Assign ${child.tag}`;
  await createPool(adminApi, pool);
  await createChild(adminApi, child.name, child.email);
  await openUsers(page, child.email);
  const dialog = await openEditUser(page, child.name);
  const update = dialog.getByRole('button', { name: 'Update', exact: true });
  await expect(update).toBeDisabled();
  await dialog.getByLabel('Pool', { exact: true }).click();
  await page.getByRole('option', { name: pool }).click();
  await expect(update).toBeEnabled();
  await screenshot(page, 'accounts-edit-assign-pool');
  await update.click();
  await toast(page, `Moved to pool ${pool}.`);
  await expect(dialog.getByText(`Currently: ${pool}`)).toBeVisible();
  await expect(update).toBeDisabled();

  await dialog.getByRole('tab', { name: 'Change Role' }).click();
  await dialog.getByRole('button', { name: 'Select roles' }).click();
  await page.getByRole('checkbox', { name: 'Admin' }).click();
  await dialog.getByRole('button', { name: 'Select roles' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Admin' })).toBeVisible();
  await screenshot(page, 'accounts-edit-change-role');
  await dialog.getByRole('button', { name: 'Update Roles' }).click();
  await toast(page, 'Roles updated.');

  await closeDialog(dialog);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: child.email });
  await expect(row.getByText(pool)).toBeVisible();
  // Reopened, the dialog shows the saved roles.
  const again = await openEditUser(page, child.name);
  await again.getByRole('tab', { name: 'Change Role' }).click();
  await expect(again.getByRole('button', { name: 'Remove Admin' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Remove User' })).toBeVisible();
  await closeDialog(again);
});

test('(b2) an Admin resets a password by hand; deactivation stops the sign-in, activation restores it', async ({
  adminPage: page,
  adminApi,
  openPage,
}) => {
  const child = unique('journey');
  const password = `Orchard-Lantern-${child.tag}-42`;
  await createChild(adminApi, child.name, child.email);
  await openUsers(page, child.email);
  const dialog = await openEditUser(page, child.name);
  await dialog.getByRole('tab', { name: 'Reset Password' }).click();
  await dialog.getByLabel('Set a password manually').click();
  await dialog.getByLabel('New Password').fill('short');
  await expect(dialog.getByText('Password must be at least 12 characters long')).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill('different');
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  await screenshot(page, 'accounts-edit-reset-password-errors');
  await dialog.getByLabel('New Password').fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  // A password the admin sets is one-time (decision 012): the box cannot be unticked.
  const force = dialog.getByLabel('Force password change on next login');
  await expect(force).toBeChecked();
  await expect(force).toBeDisabled();
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await toast(page, 'Password updated.');

  const first = await loginAnswer(await openPage(), child.email, password);
  expect(first.status).toBe(200);
  expect(first.body.data?.requirePasswordChange).toBe(true);

  await dialog.getByRole('tab', { name: 'Change Status' }).click();
  await expect(dialog.getByText('Status is currently Active')).toBeVisible();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog.getByText('Status is currently Inactive')).toBeVisible();
  await screenshot(page, 'accounts-edit-change-status');

  const refusedPage = await openPage();
  const refused = await loginAnswer(refusedPage, child.email, password);
  expect(refused.status).toBe(403);
  await toast(refusedPage, 'This account is inactive. Please contact your administrator.');
  await screenshot(refusedPage, 'accounts-inactive-sign-in');

  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('Status is currently Active')).toBeVisible();
  const restored = await loginAnswer(await openPage(), child.email, password);
  expect(restored.status).toBe(200);
  await closeDialog(dialog);
});

test('(b3) an Admin transfers an account: the new address confirms and signs in, the old one no longer works', async ({
  adminPage: page,
  baseURL,
  adminApi,
  openPage,
}) => {
  const child = unique('journey');
  const heir = unique('heir');
  const password = `Orchard-Lantern-${child.tag}-42`;
  await provisionAccount(adminApi, baseURL!, child.name, child.email, password);
  await openUsers(page, child.email);
  const dialog = await openEditUser(page, child.name);
  await dialog.getByRole('tab', { name: 'Transfer Account' }).click();
  const transfer = dialog.getByRole('button', { name: 'Transfer Account' });
  await expect(transfer).toBeDisabled();
  await dialog.getByLabel('New Email').fill(heir.email);
  await expect(transfer).toBeDisabled();
  await dialog.getByLabel('New Account Name').fill(heir.name);
  await expect(transfer).toBeEnabled();
  await screenshot(page, 'accounts-edit-transfer');
  const mailsBefore = mailCount();
  await transfer.click();
  await toast(page, /Account transferred/);
  await closeDialog(dialog);
  await page.getByLabel('Filter accounts').fill(heir.email);
  await expect(page.getByRole('table', { name: 'Users' }).getByText(heir.name)).toBeVisible();

  const old = await loginAnswer(await openPage(), child.email, password);
  expect(old.status).toBe(400);

  const confirm = await waitForMail(heir.email, /Confirm your email address/, mailsBefore);
  const heirPage = await openPage();
  await heirPage.goto(firstLink(confirm, /confirm-email/).toString());
  // Opening the link spends nothing (mail scanners follow links): the page's button confirms.
  await heirPage
    .getByRole('dialog', { name: 'Confirm Your Email Address' })
    .getByRole('button', { name: 'Confirm Email' })
    .click();
  await expect(heirPage).toHaveURL((url) => url.pathname === PAGES.signIn && url.searchParams.get('p') === 'confirm');
  const details = await waitForMail(heir.email, /Your sign-in details/, mailsBefore);
  const oneTime = details.text.match(/One-time password: (\S+)/)?.[1];
  expect(oneTime).toBeTruthy();

  const signedInPage = await openPage();
  const signedIn = await loginAnswer(signedInPage, heir.email, oneTime!);
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.data?.requirePasswordChange).toBe(true);
  await expect(signedInPage.getByRole('dialog', { name: 'Change your password to login' })).toBeVisible();
  await screenshot(signedInPage, 'accounts-transferred-forced-change');
});
