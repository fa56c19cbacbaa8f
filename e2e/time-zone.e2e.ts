import { PAGES } from '@portal/contracts/pages';
import type { Page } from '@playwright/test';
import { toast } from './support/accounts';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

/** dd/MM/yyyy HH:mm:ss as written, read as the clocks of a zone `offsetMinutes` ahead of UTC. */
function instantOf(text: string, offsetMinutes: number): number {
  const [day = 0, month = 0, year = 0, hours = 0, minutes = 0, seconds = 0] = (text.match(/\d+/g) ?? []).map(Number);
  return Date.UTC(year, month - 1, day, hours, minutes, seconds) - offsetMinutes * 60_000;
}

async function firstMachineBlocked(page: Page): Promise<string> {
  // Filtered to its action: the journeys before this one add lines above it.
  await page.goto(`${PAGES.auditTrail}?action=machine.block`);
  const row = page
    .getByRole('table', { name: 'Audit Trail' })
    .getByRole('row')
    .filter({ hasText: 'Machine blocked' })
    .first();
  await expect(row).toBeVisible();
  return (await row.getByRole('cell').first().textContent())!.trim();
}

/**
 * The time zone of Settings → Profile (decision 051): chosen once, it is kept on the account, so
 * the portal's times follow it in this browser and in a new one, and "This browser's" goes back.
 */
test('an Auditor shows the portal’s times in a zone of their choice, on every browser', async ({
  auditorPage: page,
  signedIn,
}) => {
  const browserZoneOffset = await page.evaluate(() => -new Date().getTimezoneOffset());
  const before = await firstMachineBlocked(page);

  await page.goto(PAGES.settings);
  const zone = page.getByLabel('Show times in');
  await expect(zone).toHaveValue('');
  await zone.selectOption('Asia/Tokyo');
  await expect(page.getByText(/shown in Asia\/Tokyo: it is now/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-time-zone');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await toast(page, 'Time zone saved.');

  // The same instant, now on Japan's clocks (9 hours ahead of UTC).
  const after = await firstMachineBlocked(page);
  expect(instantOf(after, 540)).toBe(instantOf(before, browserZoneOffset));

  // Another browser of the same person reads the zone from the account.
  const other = await signedIn('auditor@example.com');
  expect(await firstMachineBlocked(other)).toBe(after);

  await page.goto(PAGES.settings);
  await page.getByLabel('Show times in').selectOption('');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await toast(page, "Times now follow this browser's time zone.");
  expect(await firstMachineBlocked(page)).toBe(before);
});
