import { readFile } from 'node:fs/promises';
import { PAGES } from '@portal/contracts/pages';
import { toast } from './support/accounts';
import { expect, screenshot, test } from './support/fixtures';
import { chooseLanguage, expectNoOverflow, inGerman } from './support/language';

const PHONE = { width: 375, height: 812 };

/**
 * The portal in the Admin's language (decision 052): chosen in Settings → Profile, kept on the
 * account, so the shell, the dashboard, the settings and the Users screens speak it at once and in
 * a new browser, and the CSV exports are headed in it; German and Japanese checked for clipped text
 * at both widths.
 */
test('an Admin uses the portal in German and in Japanese, and back in English', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  await inGerman(page, adminApi, async () => {
    await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Profil · Einstellungen · MigrateHub License Portal');
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-settings');

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Verfügbar' }).first()).toBeVisible();
    await expect(page.getByText(/^\d+ Zeilen?$/).first()).toBeVisible();
    // The charts, a chunk of their own, with their messages: the summary speaks German too.
    await expect(page.getByRole('heading', { name: 'Bestand nach Produkt' })).toBeVisible();
    await expect(page.getByText(/^\d+ Produkte: [\d.,]+ verfügbar, /)).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-dashboard');

    // The export of the section is headed in German, as the person chose.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV exportieren: Dashboard' }).click();
    const bytes = await readFile(await (await download).path());
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toMatch(/^Produktcode,Produkt,Edition,/);

    // The Users screen, a lazy area of its own (decision 052), with its dialogs.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer' }).click();
    await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Vollständiger Name' })).toBeVisible();
    await expect(page.getByText('Aktiv', { exact: true }).first()).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-users');
    await page.getByRole('button', { name: '+ Benutzer anlegen' }).click();
    const create = page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await expect(create.getByLabel('Rolle')).toBeVisible();
    await expectNoOverflow(page);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Aktionen für / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Benutzer bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Benutzer bearbeiten' });
    await edit.getByRole('tab', { name: 'Passwort zurücksetzen' }).click();
    await expect(edit.getByText('Systempasswort erzeugen')).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-edit-user');
    await page.keyboard.press('Escape');
    // The Allocate dialog of a row (the licensing area, loaded with the Users screen).
    await page
      .getByRole('button', { name: /^Aktionen für / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Lizenzen zuweisen' }).click();
    const allocate = page.getByRole('dialog', { name: 'Lizenzen zuweisen' });
    await expect(allocate.getByRole('button', { name: 'Produkt hinzufügen' })).toBeVisible();
    await expect(allocate.getByText('Keine Produkte zur Zuweisung ausgewählt.')).toBeVisible();
    await expectNoOverflow(page);
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Gemeinsame Lizenzpools' })
      .click();
    await expect(page.getByRole('heading', { name: 'Gemeinsame Lizenzpools', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Beschreibung' })).toBeVisible();
    // The list's menus, each a chunk with its messages (the lists area).
    await expect(page.getByRole('button', { name: 'Ansichten', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Anzeige', exact: true }).click();
    await expect(page.getByRole('menu').getByText('Dichte')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-pools');
    // Licenses and License Movement (the stock area), with their values in German.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Lizenzen' }).click();
    await expect(page.getByRole('heading', { name: 'Lizenzen', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Ausgegeben von' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-licenses');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Lizenzbewegungen' })
      .click();
    await expect(page.getByRole('heading', { name: 'Lizenzbewegungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Zuweisung', exact: true }).first()).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-movements');

    // Another browser of the same person opens in German: the language is the account's.
    const other = await signedIn('admin@example.com');
    await expect(other.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    await expect(other.getByText('Gespeicherte Ansichten')).toBeVisible();
    await other.close();

    await chooseLanguage(page, 'Portal anzeigen auf', 'ja');
    await toast(page, '言語を保存しました。');
    await expect(page.getByRole('heading', { name: '設定', level: 1 })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-ja-settings');
    await page.goto(PAGES.dashboard);
    await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '利用可能' }).first()).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-ja-dashboard');
    await page.goto(PAGES.childAccounts);
    await expect(page.getByRole('heading', { name: 'ユーザー', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '氏名' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-ja-users');

    // On a phone, the drawer's links and the dashboard in Japanese, then in German.
    const mobile = await signedIn('admin@example.com', { viewport: PHONE });
    await mobile.goto(PAGES.dashboard);
    await expect(mobile.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    await expectNoOverflow(mobile);
    await mobile.getByRole('button', { name: 'ナビゲーションメニューを開く' }).click();
    await expect(mobile.getByRole('dialog').getByRole('link', { name: '共有ライセンスプール' })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-navigation');
    await mobile.keyboard.press('Escape');
    await mobile.goto(PAGES.importUsers);
    await expect(mobile.getByRole('heading', { name: 'ユーザーをインポート', level: 1 })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-import-users');
    await mobile.close();
  });
  await page.goto(PAGES.settings);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
