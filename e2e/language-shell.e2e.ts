import { PAGES } from '@portal/contracts/pages';
import type { Page } from '@playwright/test';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { expectNoOverflow, inGerman } from './support/language';
import { createChild, unique } from './support/provision';

/** Users filtered on `tag`, two of them ticked: the bulk bar, in German. */
async function tickTwoUsers(page: Page, tag: string) {
  await page.goto(`${PAGES.childAccounts}?filter=${tag}`);
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible({ timeout: 30_000 });
  const users = page.getByRole('table', { name: 'Benutzer' });
  await expect(users.getByRole('row')).toHaveCount(3);
  await users.getByRole('row').nth(1).getByRole('checkbox').check();
  await users.getByRole('row').nth(2).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Massenaktionen für ausgewählte Benutzer' });
  await expect(bar).toContainText('2 ausgewählt.');
  await expect(bar.getByRole('button', { name: 'Auswahl aufheben' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Lizenzen zuweisen' })).toBeVisible();
  return bar;
}

/** Licenses: a fixed lot's duration and the usage types in German words, the days by German plural rules. */
async function expectGermanStock(page: Page) {
  await page.goto(PAGES.licenses);
  await expect(page.getByRole('heading', { name: 'Lizenzen', level: 1 })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Lizenzen' });
  await expect(table.getByText('Befristet · 365 Tage').first()).toBeVisible();
  await expect(table.getByText('Knotengebunden', { exact: true }).first()).toBeVisible();
  await expect(table.getByText(/days|Pay-Per-Use|Node-Locked/)).toHaveCount(0);
}

/**
 * The shell's last English words (decision 052) in German: the theme switch, the bulk bar on Users
 * after ticking two users, and a lot's duration and usage on Licenses, at 1280 px and on a phone.
 */
test('an Admin sees the theme switch, the bulk bar and the durations in German', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  test.slow();
  const { tag } = unique('shellwords');
  for (const n of [1, 2]) await createChild(adminApi, `Shell ${tag} ${n}`, `shell-${n}-${tag}@example.com`);
  await inGerman(page, adminApi, async () => {
    // The header's theme switch, both ways.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Zum dunklen Design wechseln' }).click();
    await header.getByRole('button', { name: 'Zum hellen Design wechseln' }).click();
    await expect(header.getByRole('button', { name: 'Zum dunklen Design wechseln' })).toBeVisible();

    await tickTwoUsers(page, tag);
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-bulk-bar');

    await expectGermanStock(page);
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-licenses-durations');

    // On a phone (a new browser: the account's German), the same.
    const mobile = await signedIn('admin@example.com', { viewport: PHONE });
    await tickTwoUsers(mobile, tag);
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-de-phone-bulk-bar');
    await expectGermanStock(mobile);
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-de-phone-licenses-durations');
    await mobile.close();
  });
  await page.goto(PAGES.licenses);
  await expect(page.getByRole('table', { name: 'Licenses' }).getByText('Fixed · 365 days').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});
