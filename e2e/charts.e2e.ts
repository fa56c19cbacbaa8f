import type { Locator, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { expect, screenshot, test } from './support/fixtures';

/**
 * Charts (docs/decisions/026-charts.md): the dashboard's stock by product and consumption
 * over 30 or 90 days, and a job report's mailboxes by status and items migrated over time, on the
 * demo organisation's history, in light and dark, each with its table for screen readers and the
 * keyboard. `screenshot` runs axe in both themes on every screen it captures.
 */

const figure = (page: Page, name: string) => page.getByRole('figure', { name });

/** The body rows of a chart's table (the screen-reader one, or the one 'Show as table' shows). */
const tableRows = (chart: Locator) => chart.getByRole('table').locator('tbody tr');

async function toDark(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
}

test('an Admin sees its stock by product and its consumption over 30 and 90 days on the dashboard, in its own chunk, in light and dark', async ({
  adminPage: page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(PAGES.dashboard);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const stock = figure(page, 'Stock by product');
  await expect(stock).toBeVisible();
  // The demo's admin@ holds several products: its numbers are in the figure's table too.
  await expect(stock).toHaveAccessibleDescription(
    /^\d+ products: [\d,]+ available, [\d,]+ in transit, [\d,]+ consumed, [\d,]+ allocated, [\d,]+ expired\.$/,
  );
  await expect(tableRows(stock).filter({ hasText: 'Mailbox Migration' })).toHaveCount(1);

  const consumption = figure(page, 'Consumption');
  // The demo's migrations consumed units in the last 30 days (machine bindings, per-mailbox jobs).
  await expect(consumption).toHaveAccessibleDescription(
    /^[\d,]+ units? consumed in the last 30 days; most on \d\d\/\d\d\/\d{4} \(\d+\)\.$/,
  );
  await expect(tableRows(consumption)).toHaveCount(30);
  await expect(consumption.locator('svg rect').first()).toBeVisible();
  // The charts came in a chunk of their own, after the dashboard's.
  expect(scripts.some((path) => /\/dashboard-charts-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.findIndex((path) => /\/dashboard-[\w-]+\.js$/.test(path))).toBeLessThan(
    scripts.findIndex((path) => /\/dashboard-charts-/.test(path)),
  );
  await screenshot(page, 'charts-dashboard');

  // 90 days, from the keyboard: the period's buttons, then 'Show as table'.
  const ninety = consumption.getByRole('button', { name: '90 days' });
  await ninety.focus();
  await page.keyboard.press('Enter');
  await expect(ninety).toHaveAttribute('aria-pressed', 'true');
  await expect(consumption).toHaveAccessibleDescription(/in the last 90 days/);
  await expect(tableRows(consumption)).toHaveCount(90);
  await page.keyboard.press('Tab');
  const asTable = consumption.getByRole('button', { name: 'Show as table' });
  await expect(asTable).toBeFocused();
  await page.keyboard.press('Space');
  // The button says what its next press does.
  await expect(consumption.getByRole('button', { name: 'Show as chart' })).toBeFocused();
  const region = consumption.getByRole('region', { name: 'Consumption, as a table' });
  await expect(region).toBeVisible();
  await expect(region.getByRole('columnheader', { name: 'Mailbox Migration' })).toBeVisible();
  await screenshot(page, 'charts-dashboard-90-days-table');

  await page.keyboard.press('Space');
  await expect(consumption.locator('svg')).toBeVisible();
  await toDark(page);
  await expect(stock.locator('[data-category="Mailbox Migration"]')).toBeVisible();
  await screenshot(page, 'charts-dashboard-dark');
});

test("a job report shows the job's mailboxes by status and its items migrated over time, matching its totals, in light and dark", async ({
  adminPage: page,
}) => {
  await page.goto(PAGES.reportJobs);
  const jobs = page.getByRole('table', { name: 'Job View' });
  const first = jobs.locator('tbody tr').first().locator('td:first-child a');
  await expect(first).toBeVisible();
  const jobName = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { name: jobName, level: 1 })).toBeVisible();

  const summary = page.getByRole('region', { name: 'Job summary' });
  const mailboxCount = Number(
    (await summary
      .locator('dt', { hasText: /^Mailboxes$/ })
      .locator('xpath=following-sibling::dd')
      .textContent())!.replace(/,/g, ''),
  );
  const migrated = (await summary.getByText(/ migrated of /).textContent())!.split(' migrated')[0]!;

  const statuses = figure(page, 'Mailboxes by status');
  await expect(statuses).toBeVisible();
  await expect(tableRows(statuses)).toHaveCount(5);
  const perStatus = await tableRows(statuses).locator('td').allTextContents();
  expect(perStatus.reduce((sum, cell) => sum + Number(cell.replace(/,/g, '')), 0)).toBe(mailboxCount);

  const items = figure(page, 'Items migrated over time');
  // Its running total ends at the job's migrated items.
  await expect(items).toHaveAccessibleDescription(new RegExp(`^${migrated} items migrated, per `));
  await expect(tableRows(items).last().locator('td').last()).toHaveText(migrated);
  await screenshot(page, 'charts-job');

  await items.getByRole('button', { name: 'Show as table' }).click();
  await expect(items.getByRole('region', { name: 'Items migrated over time, as a table' })).toBeVisible();
  await toDark(page);
  await screenshot(page, 'charts-job-dark');
});
