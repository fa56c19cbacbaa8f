import type { Locator, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { mainNav, toast } from './support/accounts';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';
import { firstLink, mailCount, waitForMail } from './support/mail';
import { expectText, field, submitLogin, unique } from './support/provision';
import { cellOf, filterList, PRODUCT, rowsWith } from './support/stock';

/**
 * The SuperAdmin issues licenses and reads the usage report (its only page). An
 * Admin issues a new lot drawn from a lot it holds (decision 029) and finds it in its Licenses list.
 */

const report = (page: Page) => page.getByRole('table', { name: 'License Usage Report' });
/** The table's rows with data (not the header, not the 'No results.' row). */
const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field(scope, label)).toContainText(option);
}

test('the SuperAdmin issues a license to a new customer, who confirms the email, signs in with the mailed password and sees the stock', async ({
  superadminPage: page,
  openPage,
}) => {
  const customer = unique('customer');
  const newPassword = `Granite-Lighthouse-${customer.tag}-58`;
  await expect(page).toHaveURL((url) => url.pathname === PAGES.licenseUsageReport);
  await page.getByRole('button', { name: '+ Create License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create License' });
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await create.click();
  for (const message of [
    'Product code is required',
    'Edition is required',
    'Please enter your email',
    'Name is required',
    'Total count must be at least 1',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'issue-create-license-errors');

  await choose(page, dialog, 'Product', `${PRODUCT.T2T} (T2T)`);
  await choose(page, dialog, 'Edition', 'Enterprise');
  await choose(page, dialog, 'Duration Type', 'Fixed');
  await expect(field(dialog, 'Usage Type')).toContainText('Node-Locked');
  await field(dialog, 'Customer Email').fill(customer.email);
  await field(dialog, 'Customer Name').fill(customer.name);
  await field(dialog, 'Total Count').fill('15');
  await field(dialog, 'Order ID').fill(`E2E-${customer.tag}`);
  // A Fixed lot needs an end: the contract's own check, shown on its field.
  await create.click();
  await expect(dialog.getByText('A fixed license needs a duration or an expiry date')).toBeVisible();
  await field(dialog, 'Duration (days)').fill('90');
  await expect(dialog.getByText('A fixed license needs a duration or an expiry date')).toHaveCount(0);
  await screenshot(page, 'issue-create-license-filled');
  const before = mailCount();
  await create.click();
  await expect(dialog).toHaveCount(0);
  await toast(page, 'License created successfully');

  // The report lists the customer's new stock.
  await filterList(page, page.getByLabel('Search accounts or products'), customer.email);
  const rows = dataRows(report(page));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(customer.name);
  await expect(rows).toContainText(PRODUCT.T2T);
  await expect(await cellOf(report(page), rows, 'Total')).toHaveText('15');
  await expect(await cellOf(report(page), rows, 'Available')).toHaveText('15');
  await screenshot(page, 'issue-usage-report-new-customer');

  // The customer confirms the address from the mail, then gets a one-time password.
  const confirmLink = firstLink(
    await waitForMail(customer.email, /Confirm your email address/, before),
    /confirm-email/,
  );
  const customerPage = await openPage();
  await customerPage.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await customerPage
    .getByRole('dialog', { name: 'Confirm Your Email Address' })
    .getByRole('button', { name: 'Confirm Email' })
    .click();
  await expect(customerPage).toHaveURL(
    (url) => url.pathname === PAGES.signIn && url.searchParams.get('p') === 'confirm',
  );
  const thanks = customerPage.getByRole('dialog', { name: 'Email Validation Done' });
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(thanks).toHaveCount(0);
  const credentials = await waitForMail(customer.email, /Your sign-in details/, before);
  const oneTimePassword = /One-time password: (\S+)/.exec(credentials.text)?.[1] ?? '';
  expect(oneTimePassword).not.toBe('');

  await submitLogin(customerPage, customer.email, oneTimePassword);
  const change = customerPage.getByRole('dialog', { name: 'Change your password to login' });
  await expectText(change, 'You are required to change your password on first login.');
  await field(change, 'New Password').fill(newPassword);
  await field(change, 'Confirm Password').fill(newPassword);
  await change.getByRole('button', { name: 'Reset Password and Login' }).click();
  const eula = customerPage.getByRole('alertdialog', { name: 'End-User License Agreement' });
  await eula.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(eula).toHaveCount(0);
  await expect(customerPage.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();

  await mainNav(customerPage).getByRole('link', { name: 'Dashboard' }).click();
  const own = customerPage.getByRole('table', { name: 'Dashboard' });
  const row = rowsWith(own, PRODUCT.T2T);
  await expect(row).toHaveCount(1);
  await expect(await cellOf(own, row, 'Edition')).toHaveText('Enterprise');
  await expect(await cellOf(own, row, 'Duration')).toHaveText('90 days');
  await expect(await cellOf(own, row, 'Total')).toHaveText('15');
  await expect(await cellOf(own, row, 'Available')).toHaveText('15');
  await screenshot(customerPage, 'issue-customer-dashboard');
});

test('the usage report filters by product and searches accounts, in light and dark', async ({
  superadminPage: page,
}) => {
  const table = report(page);
  await expect(rowsWith(table, 'user@example.com').first()).toBeVisible();
  await screenshot(page, 'issue-usage-report');

  // The search waits for a pause in typing, then asks the server.
  await filterList(page, page.getByLabel('Search accounts or products'), 'user@example.com');
  const rows = dataRows(table);
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText('Uma User');
  await expect(rowsWith(table, PRODUCT.MBX)).toHaveCount(1);
  await expect(rowsWith(table, PRODUCT.ARC)).toHaveCount(1);
  await screenshot(page, 'issue-usage-report-search');

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.get('filter'));
  await expect(rowsWith(table, 'admin@example.com').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: `${PRODUCT.ARC} (ARC)` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('product') === 'ARC');
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
  await expect(rowsWith(table, 'user@example.com')).toHaveCount(1);
  await expect(rowsWith(table, 'admin@example.com')).toHaveCount(1);
  for (const row of await dataRows(table).all()) {
    await expect(row).toContainText(PRODUCT.ARC);
    await expect(row).not.toContainText(PRODUCT.MBX);
  }

  // Both filters at once, in the dark theme.
  await filterList(page, page.getByLabel('Search accounts or products'), 'user@example.com');
  await expect(dataRows(table)).toHaveCount(1);
  await page.getByRole('button', { name: /Switch to dark theme/ }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await screenshot(page, 'issue-usage-report-filtered-dark');
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('an Admin issues a 30-day lot from its 365-day lot to a new customer and finds it in its Licenses list', async ({
  adminPage: page,
}) => {
  const customer = unique('reseller-customer');
  await page.goto(PAGES.licenses);
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '+ Create License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create License' });
  await expect(dialog.getByText(/drawn from one of your lots/)).toBeVisible();

  // The held lot sets product, edition and usage type, and says what it can give before submit.
  await field(dialog, 'Issue from').click();
  const held = page.getByRole('option', {
    name: new RegExp(`^${PRODUCT.ARC} \\(Standard\\) · Node-Locked · \\d+ available · until \\d{2}/\\d{2}/\\d{4}$`),
  });
  const label = (await held.textContent()) ?? '';
  await held.click();
  const [, available, until] = /· (\d+) available · until (\S+)$/.exec(label) ?? [];
  await expect(dialog.getByText(`You can issue up to ${available}, until ${until}`)).toBeVisible();
  await expect(field(dialog, 'Product')).toContainText(`${PRODUCT.ARC} (ARC)`);
  await expect(field(dialog, 'Usage Type')).toContainText('Node-Locked');
  await expect(field(dialog, 'Duration Type')).toContainText('Fixed');
  const latest = await field(dialog, 'Expiry Date').getAttribute('max');
  expect(latest).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await field(dialog, 'Customer Email').fill(customer.email);
  await field(dialog, 'Customer Name').fill(customer.name);
  await field(dialog, 'Total Count').fill('5');
  // A year from today ends after the held lot: refused before anything is sent, naming its expiry.
  const nextYear = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);
  await field(dialog, 'Expiry Date').fill(nextYear);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText(`This lot expires on ${until}: choose an expiry on or before it.`)).toBeVisible();
  await field(dialog, 'Expiry Date').fill('');
  await field(dialog, 'Duration (days)').fill('30');
  await expect(dialog.getByText(`This lot expires on ${until}: choose an expiry on or before it.`)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'issue-admin-create-license-from-held-lot');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await toast(page, 'License created successfully');
  await toast(page, `A customer account for ${customer.email} was created under your account`);

  // The new lot is in the Admin's list: its customer, its own 30-day term, its count.
  const table = page.getByRole('table', { name: 'Licenses' });
  await filterList(page, page.getByPlaceholder('Filter licenses...'), customer.email);
  const rows = rowsWith(table, customer.email);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(PRODUCT.ARC);
  await expect(await cellOf(table, rows, 'Duration')).toHaveText('Fixed · 30 days');
  await expect(await cellOf(table, rows, 'Total')).toHaveText('5');
  await expect(await cellOf(table, rows, 'Status')).toHaveText('Active');
  await expectAccessible(page);
  await screenshot(page, 'issue-admin-licenses-issued-lot');
});
