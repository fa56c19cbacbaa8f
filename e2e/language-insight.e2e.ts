import { PAGES } from '@portal/contracts/pages';
import type { Page } from '@playwright/test';
import { toast } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { chooseLanguage, expectNoOverflow, inGerman } from './support/language';

/** The signed-in layout's navigation, named in German. */
const germanNav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/**
 * The Audit Trail, the License Forecast and the Create License dialog in the Admin's language
 * (decision 052: the insight area, and the stock area's dialog): German at 1280 px, Japanese on a
 * phone, with the audit actions in words while the Action filter's URL keeps the value.
 */
test('an Admin reads the Audit Trail, the License Forecast and Create License in German and Japanese', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  await inGerman(page, adminApi, async () => {
    // The Audit Trail: its headers and an action in German, the filter's value as sent.
    await germanNav(page).getByRole('link', { name: 'Prüfprotokoll' }).click();
    await expect(page.getByRole('heading', { name: 'Prüfprotokoll', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Prüfprotokoll' });
    await expect(table.getByRole('columnheader', { name: 'Ergebnis' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Aktion' }).click();
    await page.getByRole('option', { name: 'Anmeldung', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'auth.login');
    await expect(table.getByRole('cell', { name: 'Anmeldung', exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Erfolg', exact: true }).first()).toBeVisible();
    await expect(page.getByLabel('Von', { exact: true })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-audit-trail');

    // The License Forecast: the form, then an answer, in German.
    await germanNav(page).getByRole('link', { name: 'Lizenzprognose' }).click();
    await expect(page.getByRole('heading', { name: 'Lizenzprognose', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Postfächer pro Produkt' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Produkt 1' }).selectOption('MBX');
    await page.getByRole('spinbutton', { name: 'Postfächer von Produkt 1' }).fill('1');
    await page.getByRole('button', { name: 'Prognose erstellen' }).click();
    await expect(page.getByRole('heading', { name: /^Prognose für .+ am \d{2}\/\d{2}\/\d{4}$/ })).toBeFocused();
    const results = page.getByRole('table', { name: 'Prognose nach Produkt' });
    await expect(results.getByRole('columnheader', { name: 'Nutzbar' })).toBeVisible();
    await expect(results.getByRole('row').filter({ hasText: 'Mailbox Migration' })).toContainText(
      /Gedeckt|[\d.]+ zu wenig/,
    );
    await expect(page.getByText(/^(Gedeckt|Nicht gedeckt): /)).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-forecast');

    // Create License (the stock area's dialog, opened from Licenses): an Admin issues from a held lot.
    await germanNav(page).getByRole('link', { name: 'Lizenzen' }).click();
    await page.getByRole('button', { name: '+ Lizenz anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lizenz anlegen' });
    await expect(dialog.getByText('Ausgeben aus', { exact: true })).toBeVisible();
    await expect(dialog.getByText('E-Mail des Kunden', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Anlegen', exact: true })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-create-license');
    await page.keyboard.press('Escape');

    // Japanese on a phone: the same screens, nothing clipped.
    await chooseLanguage(page, 'Portal anzeigen auf', 'ja');
    await toast(page, '言語を保存しました。');
    const mobile = await signedIn('admin@example.com', { viewport: PHONE });
    await mobile.goto(PAGES.auditTrail);
    // A new browser fetches the Japanese catalogues before it shows anything: on a busy machine, seconds.
    await expect(mobile.getByRole('heading', { name: '監査ログ', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(mobile.getByRole('combobox', { name: '操作' })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-audit-trail');
    await mobile.goto(PAGES.licenseForecast);
    await expect(mobile.getByRole('heading', { name: 'ライセンス予測', level: 1 })).toBeVisible();
    await expect(mobile.getByRole('button', { name: '予測を実行' })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-forecast');
    await mobile.close();
  });
  await page.goto(PAGES.auditTrail);
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
});
