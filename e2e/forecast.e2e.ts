import type { Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { mainNav } from './support/accounts';
import { expect, expectAccessible, PHONE, screenshot, test } from './support/fixtures';
import { endsAt } from './support/pages';

/** A day as a date input takes it (YYYY-MM-DD), `days` from today (UTC, as the server counts). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** dd/MM/yyyy, as the screen writes a day. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

const results = (page: Page) => page.getByRole('table', { name: 'Forecast by product' });
const resultRow = (page: Page, product: string) => results(page).getByRole('row').filter({ hasText: product });

/**
 * Before a job, user@ (Individual: its own Default pool holds the demo's perpetual
 * Mailbox and 365-day Archive units) asks whether its pool covers a migration.
 */
test('a User runs a forecast on the demo stock and sees Covered, Short by N and the expiring lot', async ({
  userPage: page,
}) => {
  await mainNav(page).getByRole('link', { name: 'License Forecast' }).click();
  await expect(page.getByRole('heading', { name: 'License Forecast', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pool' })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'Pool' }).locator('option').first()).toHaveText(
    /\(Individual\) \(current\)$/,
  );

  // The count typed after a Tab from the product, and the form sent with Enter.
  await page.getByRole('combobox', { name: 'Product 1' }).focus();
  await page.getByRole('combobox', { name: 'Product 1' }).selectOption('MBX');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: /^Forecast for .+ \(Individual\) on \d{2}\/\d{2}\/\d{4}$/ });
  await expect(heading).toBeFocused();
  await expect(resultRow(page, 'Mailbox Migration')).toContainText('Covered');
  await expect(page.getByText(/^Covered: the pool has enough licenses for all 1 mailboxes\./)).toBeVisible();

  // A year and more ahead the 365-day Archive lot has expired: its units are not counted on.
  const planned = dayFromNow(400);
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByRole('combobox', { name: 'Product 2' }).selectOption('ARC');
  await page.getByRole('spinbutton', { name: 'Mailboxes of product 2' }).fill('5');
  await page.getByLabel('Planned date (optional)').fill(planned);
  await page.getByRole('button', { name: 'Run forecast' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`on ${shown(planned)}$`) })).toBeFocused();
  await expect(resultRow(page, 'Archive Migration')).toContainText('Short by 5');
  await expect(page.getByText(/^Not covered: short for 1 of 2 products \(Archive Migration by 5\)/)).toBeVisible();
  const lots = page.getByRole('table', { name: `Lots that expire on or before ${shown(planned)}` });
  await expect(lots.getByRole('row').filter({ hasText: 'Archive Migration' })).toContainText('DEMO-1002');
  await screenshot(page, 'forecast-results');
  await expectAccessible(page);
});

test('the form says what is wrong before sending, and names the bad rows of a CSV file', async ({
  adminPage: page,
}) => {
  await page.goto(PAGES.licenseForecast);
  await page.getByRole('button', { name: 'Run forecast' }).click();
  await expect(page.getByText('Enter mailboxes for at least one product or upload a CSV file')).toBeVisible();

  await page.getByLabel('CSV file (optional)').setInputFiles({
    name: 'wave-1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('mailbox,product\nanna@contoso.com,MBX\nben@contoso.com,Calendar\n'),
  });
  await page.getByRole('button', { name: 'Run forecast' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The CSV file was not used:' });
  await expect(alert).toContainText('Row 3: unknown product "Calendar".');
  await expectAccessible(page);

  await page.getByLabel('CSV file (optional)').setInputFiles({
    name: 'wave-1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('mailbox,product\nanna@contoso.com,MBX\nben@contoso.com,Mailbox Migration\n'),
  });
  await page.getByRole('button', { name: 'Run forecast' }).click();
  await expect(resultRow(page, 'Mailbox Migration')).toContainText('Covered');
  await expect(page.getByText(/2 of the mailboxes came from the CSV file\./)).toBeVisible();
});

test('on a 375 px phone the form and the answer fit the screen', async ({ signedIn }) => {
  const page = await signedIn('user@example.com', { viewport: PHONE });
  await page.goto(PAGES.licenseForecast);
  await page.getByRole('combobox', { name: 'Product 1' }).selectOption('MBX');
  await page.getByRole('spinbutton', { name: 'Mailboxes of product 1' }).fill('100000');
  await page.getByRole('button', { name: 'Run forecast' }).click();
  await expect(resultRow(page, 'Mailbox Migration')).toContainText(/Short by [\d,]+/);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'forecast-375');
  await expectAccessible(page);
});

test('an Auditor, who runs no migrations, has no forecast', async ({ auditorPage: page }) => {
  await expect(mainNav(page).getByRole('link', { name: 'License Movement' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'License Forecast' })).toHaveCount(0);
  await page.goto(PAGES.licenseForecast);
  await expect(page).not.toHaveURL(endsAt(PAGES.licenseForecast));
});
