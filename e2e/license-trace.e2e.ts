import { PAGES } from '@portal/contracts/pages';
import { readFile } from 'node:fs/promises';
import { ROUTES } from '@portal/contracts/routes';
import { expect, screenshot, test } from './support/fixtures';

/**
 * The license trace (decision 046) on the demo organisation's history: admin@ once ran per-mailbox
 * MBX jobs on its Pay-Per-Use lot (apps/server/src/modules/agent/agent.demo.ts), so that lot has
 * consumptions and those mailboxes have traces. No journey changes it.
 */
test("an Admin reads a lot's Consumption tab, exports it, and reads a mailbox's license trace", async ({
  adminPage: page,
  adminApi,
}) => {
  // Three screens checked with axe in two themes, a download and a dialog: give it the long timeout.
  test.slow();
  // Which lot is admin@'s Pay-Per-Use MBX lot: set-up through the API, the journey through the browser.
  const listed = await adminApi(ROUTES.licenses, undefined, { query: { pageNumber: '1', pageSize: '50' } });
  const lots = listed.body.data as {
    id: string;
    productCode: string;
    usageType: string;
    customer: { email: string };
  }[];
  const lot = lots.find(
    (l) => l.productCode === 'MBX' && l.usageType === 'Transactional' && l.customer.email === 'admin@example.com',
  );
  expect(lot, 'the demo Pay-Per-Use MBX lot of admin@').toBeDefined();

  await page.goto(PAGES.licenses);
  // A full page load: on a loaded machine the lazy page's code takes longer than a click's wait.
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page
    .locator(`a[href="${PAGES.lot(lot!.id)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/licenses/${lot!.id}$`));
  await expect(page.getByText(/^\d+ of \d+ units consumed$/)).toBeVisible();
  await screenshot(page, 'lot-summary');

  // The Consumption tab, by keyboard: the tab list moves with the arrow keys.
  await page.getByRole('tab', { name: 'Summary' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Consumption' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=consumption/);
  const table = page.getByRole('table', { name: 'Consumption' });
  const first = table.locator('tbody tr').first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('Mailbox');
  const mailbox = (await first.locator('td').nth(2).textContent())!.trim();
  const job = (await first.locator('td').nth(3).textContent())!.trim();
  await screenshot(page, 'lot-consumption');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lot-consumption_\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Date,Consumed by,Mailbox,Job,Machine,Units,Pool,By,By email');
  expect(lines[1]).toContain(`,Mailbox,${mailbox},`);

  // From the consumption to the job's mailboxes, and that mailbox's trace in its row.
  await table.locator('tbody tr').first().getByRole('link', { name: job }).click();
  await expect(page.getByRole('heading', { name: job, level: 1 })).toBeVisible();
  const trigger = page.getByRole('button', { name: `License trace of ${mailbox}` });
  while (!(await trigger.isVisible())) {
    const next = page.getByRole('button', { name: 'Go to next page' });
    await expect(next).toBeEnabled();
    await next.click();
  }
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'License trace' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(mailbox);
  await expect(dialog.getByText('Its unit was consumed.')).toBeVisible();
  const rows = dialog.getByRole('table', { name: 'License trace' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Reserved');
  await expect(rows.nth(1)).toContainText('Consumed');
  await expect(rows.nth(1)).toContainText('MBX');
  await expect(rows.nth(1)).toContainText("via key '");
  await screenshot(page, 'mailbox-license-trace');
  // Closed by Escape or by its Close button, the dialog hands the focus back to the row's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});
