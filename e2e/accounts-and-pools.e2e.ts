import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptEula, apiAs } from './support/api';
import { DEMO_PASSWORD, launchChromium, newPage, screenshot } from './support/browser';
import { firstLink, mailCount, waitForMail } from './support/mail';

/**
 * Issue 4: accounts, roles, shared pools and scope, through the browser against the real server.
 * Destructive steps act on accounts this file creates; the demo accounts keep their passwords,
 * status and pools (other journeys share the server).
 */
const baseURL = inject('baseURL');
const run = Date.now().toString(36);
const CHILD = { name: `Journey Child ${run}`, email: `journey-${run}@example.com` };
const TRANSFERRED = { name: `Journey Heir ${run}`, email: `journey-heir-${run}@example.com` };
const CHILD_PASSWORD = `Orchard-Lantern-${run}-42`;
const ASSIGN_POOL = `Journey Assign ${run}`;
const MANAGED_POOL = `Journey Pool ${run}`;
const MEMBERS = [
  { name: `Pool Member A ${run}`, email: `pool-a-${run}@example.com` },
  { name: `Pool Member B ${run}`, email: `pool-b-${run}@example.com` },
];

let browser: Browser;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchChromium();
  for (const email of ['admin@example.com', 'auditor@example.com', 'user@example.com', 'superadmin@example.com']) {
    await acceptEula(baseURL, email);
  }
  const call = await apiAs(baseURL, 'admin@example.com');
  expect(
    (await call('POST', 'LicensePool?poolType=Pool', { name: ASSIGN_POOL, description: 'For Assign Pool' })).status,
  ).toBe(200);
  for (const member of MEMBERS) {
    expect((await call('POST', 'User/create-child-account', { ...member, roles: 'User' })).status).toBe(200);
  }
  await call('POST', 'User/logout');
  admin = await newPage(browser, baseURL);
  await signInAndLand(admin.page, 'admin@example.com');
});
afterAll(() => browser?.close());

async function signInAndLand(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/');
}

/** Closes a dialog with its close button (Escape would first dismiss a toast on top of it). */
async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

type LoginAnswer = { status: number; body: { message?: string; data?: Record<string, unknown> } };

/**
 * Signs in through the form and returns the server's answer to the browser's login call, read as it
 * passes (a successful sign-in loads the app, after which the browser no longer holds the body).
 */
async function submitLogin(page: Page, email: string, password: string): Promise<LoginAnswer> {
  let answer: ((value: LoginAnswer) => void) | undefined;
  const answered = new Promise<LoginAnswer>((resolve) => (answer = resolve));
  await page.route('**/api/User/login', async (route) => {
    const response = await route.fetch();
    answer?.({ status: response.status(), body: (await response.json()) as LoginAnswer['body'] });
    await route.fulfill({ response });
  });
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  // Exact: the field's 'Show password' button is labelled too.
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const result = await answered;
  await page.unroute('**/api/User/login');
  return result;
}

/** A sign-in attempt in a tab of its own, as another person on another machine would make it. */
async function loginInNewTab(email: string, password: string) {
  const { context, page } = await newPage(browser, baseURL);
  return { context, page, ...(await submitLogin(page, email, password)) };
}

async function openUsers(page: Page, filter?: string): Promise<void> {
  await page.goto(filter ? `/child-accounts?filter=${encodeURIComponent(filter)}` : '/child-accounts');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
}

async function openEditUser(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.waitFor();
  return dialog;
}

/** A notice of the global toaster (the first match: Radix also copies it into a live region). */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor();
}

describe('an Admin manages its users', () => {
  it('(a) creates a user and sees it listed', async () => {
    const { page } = admin;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    // Other journeys add accounts: find the row through the filter, as a user would.
    await page.getByPlaceholder('Filter accounts...').fill('user2@');
    await page.getByRole('table', { name: 'Users' }).getByText('user2@example.com').waitFor();
    await page.getByPlaceholder('Filter accounts...').fill('');
    await screenshot(page, 'accounts-users-list');

    await page.getByRole('button', { name: '+ Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Please enter your email').waitFor();
    await screenshot(page, 'accounts-create-user-errors');

    await dialog.getByLabel('Name').fill(CHILD.name);
    await dialog.getByLabel('Email').fill(CHILD.email);
    await dialog.getByLabel('Pool').click();
    await page.getByRole('option', { name: ASSIGN_POOL }).waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.getByLabel('Pool').textContent()).toContain('[Individual]');
    await screenshot(page, 'accounts-create-user-dialog');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/User/create-child-account')),
      dialog.getByRole('button', { name: 'Create' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ name: CHILD.name, email: CHILD.email, roles: 'User' });
    await toast(page, 'Child account created successfully');
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Filter accounts').fill(CHILD.email);
    await page.waitForURL((url) => url.searchParams.get('filter') === CHILD.email);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: CHILD.email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Individual');
    expect(await row.textContent()).toContain('Active');
    await screenshot(page, 'accounts-user-created');
    // The new user is mailed a link to confirm the address.
    await waitForMail(CHILD.email, /Confirm your email address/);
  });

  it('(b1) assigns a pool and changes the roles', async () => {
    const { page } = admin;
    await openUsers(page, CHILD.email);
    const dialog = await openEditUser(page, CHILD.name);
    const update = dialog.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await dialog.getByLabel('Pool', { exact: true }).click();
    await page.getByRole('option', { name: ASSIGN_POOL }).click();
    expect(await update.isEnabled()).toBe(true);
    await screenshot(page, 'accounts-edit-assign-pool');
    await update.click();
    await toast(page, `Moved to pool ${ASSIGN_POOL}.`);
    await dialog.getByText(`Currently: ${ASSIGN_POOL}`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Update', exact: true }).isDisabled()).toBe(true);

    await dialog.getByRole('tab', { name: 'Change Role' }).click();
    await dialog.getByRole('button', { name: 'Select roles' }).click();
    await page.getByRole('checkbox', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Select roles' }).click();
    await dialog.getByRole('button', { name: 'Remove Admin' }).waitFor();
    await screenshot(page, 'accounts-edit-change-role');
    await dialog.getByRole('button', { name: 'Update Roles' }).click();
    await toast(page, 'Roles updated.');

    await closeDialog(dialog);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: CHILD.email });
    await row.getByText(ASSIGN_POOL).waitFor();
    // Reopened, the dialog shows the saved roles.
    const again = await openEditUser(page, CHILD.name);
    await again.getByRole('tab', { name: 'Change Role' }).click();
    await again.getByRole('button', { name: 'Remove Admin' }).waitFor();
    await again.getByRole('button', { name: 'Remove User' }).waitFor();
    await closeDialog(again);
  });

  it('(b2) resets the password by hand, then deactivation stops the sign-in and activation restores it', async () => {
    const { page } = admin;
    await openUsers(page, CHILD.email);
    const dialog = await openEditUser(page, CHILD.name);
    await dialog.getByRole('tab', { name: 'Reset Password' }).click();
    await dialog.getByLabel('Set a password manually').click();
    await dialog.getByLabel('New Password').fill('short');
    await dialog.getByText('Password must be at least 12 characters long').waitFor();
    await dialog.getByLabel('Confirm Password').fill('different');
    await dialog.getByText("Passwords don't match").waitFor();
    expect(await dialog.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
    await screenshot(page, 'accounts-edit-reset-password-errors');
    await dialog.getByLabel('New Password').fill(CHILD_PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(CHILD_PASSWORD);
    await dialog.getByLabel('Force password change on next login').click();
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password updated.');

    // Unticking the box no longer waives the change: a password the admin set is one-time (decision 012).
    const first = await loginInNewTab(CHILD.email, CHILD_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.data?.requirePasswordChange).toBe(true);
    await first.context.close();

    await dialog.getByRole('tab', { name: 'Change Status' }).click();
    await dialog.getByText('Status is currently Active').waitFor();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.getByText('Status is currently Inactive').waitFor();
    await screenshot(page, 'accounts-edit-change-status');

    const refused = await loginInNewTab(CHILD.email, CHILD_PASSWORD);
    expect(refused.status).toBe(403);
    await toast(refused.page, 'This account is inactive. Please contact your administrator.');
    await screenshot(refused.page, 'accounts-inactive-sign-in');
    await refused.context.close();

    await dialog.getByRole('button', { name: 'Activate' }).click();
    await dialog.getByText('Status is currently Active').waitFor();
    const restored = await loginInNewTab(CHILD.email, CHILD_PASSWORD);
    expect(restored.status).toBe(200);
    await restored.context.close();
    await closeDialog(dialog);
  });

  it('(b3) transfers the account: the new address confirms and signs in, the old one no longer works', async () => {
    const { page } = admin;
    await openUsers(page, CHILD.email);
    const dialog = await openEditUser(page, CHILD.name);
    await dialog.getByRole('tab', { name: 'Transfer Account' }).click();
    const transfer = dialog.getByRole('button', { name: 'Transfer Account' });
    expect(await transfer.isDisabled()).toBe(true);
    await dialog.getByLabel('New Email').fill(TRANSFERRED.email);
    expect(await transfer.isDisabled()).toBe(true);
    await dialog.getByLabel('New Account Name').fill(TRANSFERRED.name);
    await screenshot(page, 'accounts-edit-transfer');
    const mailsBefore = mailCount();
    await transfer.click();
    await toast(page, /Account transferred/);
    await closeDialog(dialog);
    await page.getByLabel('Filter accounts').fill(TRANSFERRED.email);
    await page.getByRole('table', { name: 'Users' }).getByText(TRANSFERRED.name).waitFor();

    const old = await loginInNewTab(CHILD.email, CHILD_PASSWORD);
    expect(old.status).toBe(400);
    await old.context.close();

    const confirm = await waitForMail(TRANSFERRED.email, /Confirm your email address/, mailsBefore);
    const heir = await newPage(browser, baseURL);
    await heir.page.goto(firstLink(confirm, /confirm-email/).toString());
    await heir.page.getByRole('button', { name: 'Confirm Email' }).click();
    await heir.page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('p') === 'confirm');
    await heir.context.close();
    const details = await waitForMail(TRANSFERRED.email, /Your sign-in details/, mailsBefore);
    const oneTime = details.text.match(/One-time password: (\S+)/)?.[1];
    expect(oneTime).toBeTruthy();

    const signedIn = await loginInNewTab(TRANSFERRED.email, oneTime!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.requirePasswordChange).toBe(true);
    const forced = signedIn.page.getByRole('dialog', { name: 'Change your password to login' });
    if (
      await forced.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    ) {
      await screenshot(signedIn.page, 'accounts-transferred-forced-change');
    }
    await signedIn.context.close();
  });
});

describe('shared pools', () => {
  it('(c) creates a pool, moves users in with the pool manager and lists them read-only', async () => {
    const { page } = admin;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Shared License Pools' })
      .click();
    await page.getByRole('heading', { name: 'Shared License Pools', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Pool' }).click();
    const create = page.getByRole('dialog', { name: 'Create Pool' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Description is required').waitFor();
    await create.getByLabel('Name').fill(MANAGED_POOL);
    await create.getByLabel('Description').fill('Pool of the browser journey');
    await screenshot(page, 'pools-create-dialog');
    await create.getByRole('button', { name: 'Create' }).click();
    await toast(page, `Pool ${MANAGED_POOL} created.`);
    const row = page
      .getByRole('table', { name: 'Shared License Pools' })
      .getByRole('row')
      .filter({ hasText: MANAGED_POOL });
    await row.waitFor();
    await screenshot(page, 'pools-list');

    await row.getByRole('button', { name: `View allocations of ${MANAGED_POOL}` }).click();
    const allocations = page.getByRole('dialog', { name: 'Allocations' });
    await allocations.getByText('No allocation found for this pool.').waitFor();
    await screenshot(page, 'pools-allocations-dialog');
    await closeDialog(allocations);

    await row.getByRole('button', { name: `Actions for ${MANAGED_POOL}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Pool' }).click();
    await page.getByRole('heading', { name: `User Pool Manager - ${MANAGED_POOL}` }).waitFor();
    const update = page.getByRole('button', { name: 'Update Pool' });
    expect(await update.isDisabled()).toBe(true);
    for (const member of MEMBERS) {
      await page.getByRole('checkbox', { name: `Select ${member.name} (${member.email}) to add` }).click();
    }
    await page.getByText('2 users to add, 0 users to remove').waitFor();
    await screenshot(page, 'pools-manager-selection');
    await update.click();
    await toast(page, '2 added, 0 removed.');
    const inPool = page.getByRole('table', { name: 'Users in Pool to remove' });
    for (const member of MEMBERS) await inPool.getByText(member.email).waitFor();
    await page.getByText('0 users to add, 0 users to remove').waitFor();

    await page.getByRole('checkbox', { name: `Select ${MEMBERS[1]!.name} (${MEMBERS[1]!.email}) to remove` }).click();
    await page.getByText('0 users to add, 1 users to remove').waitFor();
    await update.click();
    await toast(page, '0 added, 1 removed.');
    await page.getByRole('table', { name: 'Available Users to add' }).getByText(MEMBERS[1]!.email).waitFor();
    await screenshot(page, 'pools-manager-after-update');

    await page.getByRole('link', { name: 'Shared License Pools' }).first().click();
    await row.getByText('1', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Actions for ${MANAGED_POOL}` }).click();
    await page.getByRole('menuitem', { name: 'View Pool Users' }).click();
    await page.getByRole('heading', { name: `User in Pool ${MANAGED_POOL}` }).waitFor();
    const members = page.getByRole('table', { name: `User in Pool ${MANAGED_POOL}` });
    await members.getByText(MEMBERS[0]!.email).waitFor();
    expect(await members.getByText(MEMBERS[1]!.email).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'pools-users-read-only');

    // The Users list shows the new membership.
    await openUsers(page, MEMBERS[0]!.email);
    await page.getByRole('table', { name: 'Users' }).getByText(MANAGED_POOL).waitFor();
  });

  it('is usable on a 375 px phone: the tables scroll sideways inside the page', async () => {
    const phone = await newPage(browser, baseURL, { width: 375, height: 812 });
    await signInAndLand(phone.page, 'admin@example.com');
    await phone.page.goto('/child-accounts?filter=user2%40');
    await phone.page.getByRole('table', { name: 'Users' }).getByText('user2@example.com').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'accounts-users-375');
    await phone.page
      .getByRole('button', { name: /^Actions for/ })
      .first()
      .click();
    await phone.page.getByRole('menuitem', { name: 'Edit User' }).click();
    await phone.page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await screenshot(phone.page, 'accounts-edit-user-375');
    await closeDialog(phone.page.getByRole('dialog', { name: 'Edit User' }));
    await phone.page.goto('/license-pools');
    await phone.page.getByRole('table', { name: 'Shared License Pools' }).getByText(MANAGED_POOL).waitFor();
    await screenshot(phone.page, 'pools-list-375');
    await phone.context.close();
  });
});

describe('scope of the other roles', () => {
  it('(d) an Auditor sees users and pools read-only, with no menus or create buttons', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signInAndLand(page, 'auditor@example.com');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByPlaceholder('Filter accounts...').fill('user2@');
    await page.getByRole('table', { name: 'Users' }).getByText('user2@example.com').waitFor();
    expect(await page.getByRole('button', { name: '+ Create User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    await screenshot(page, 'auditor-users');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Shared License Pools' })
      .click();
    const row = page
      .getByRole('table', { name: 'Shared License Pools' })
      .getByRole('row')
      .filter({ hasText: MANAGED_POOL });
    await row.waitFor();
    expect(await row.getByText('-', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create Pool' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    await screenshot(page, 'auditor-pools');

    await page.goto(`/pool/edit/00000000-0000-4000-8000-000000000000?poolName=X`);
    await page.waitForURL((url) => !url.pathname.startsWith('/pool/edit'));
    await context.close();
  });

  it('(e) a User opening /child-accounts is sent away', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signInAndLand(page, 'user@example.com');
    await page.goto('/child-accounts');
    await page.waitForURL((url) => url.pathname !== '/child-accounts' && url.pathname !== '/');
    expect(await page.getByRole('heading', { name: 'Users', level: 1 }).count()).toBe(0);
    await context.close();
  });

  it('(f) a SuperAdmin opens the accounts list from the user menu', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signInAndLand(page, 'superadmin@example.com');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await screenshot(page, 'superadmin-user-menu');
    await page.getByRole('menuitem', { name: 'All Accounts' }).click();
    await page.waitForURL('**/users');
    const table = page.getByRole('table', { name: 'All Accounts' });
    await table.getByText('admin@example.com', { exact: true }).waitFor();
    await screenshot(page, 'superadmin-all-accounts');

    await page.getByLabel('Filter accounts').fill(TRANSFERRED.email);
    const row = table.getByRole('row').filter({ hasText: TRANSFERRED.email });
    await page.waitForURL((url) => url.searchParams.get('filter') === TRANSFERRED.email);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await row.getByText('Admin', { exact: true }).waitFor();
    await row.getByText('User', { exact: true }).waitFor();

    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await page.getByLabel('Filter accounts').fill('');
    await table.getByText('admin@example.com', { exact: true }).waitFor();
    await screenshot(page, 'superadmin-all-accounts-dark');
    await page.getByRole('button', { name: /Switch to light theme/ }).click();
    await context.close();
  });
});
