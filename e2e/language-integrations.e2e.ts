import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { toast } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { chooseLanguage, expectNoOverflow, inGerman } from './support/language';

/**
 * Settings' integrations in the Admin's language (decision 052, the integrations area): API keys,
 * Webhooks, Single sign-on, the MFA policy and Two-factor in German, with their dialogs, and what an
 * integrator types (event types, the Authorization header) kept as it is; API keys and Webhooks in
 * Japanese on a phone; no clipped text at either width.
 */
test('an Admin reads the integrations settings in German and in Japanese', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  // Five screens and three dialogs, each checked by axe in both themes, on a shared 2-core machine.
  test.slow();
  await inGerman(page, adminApi, async () => {
    // API keys, with the Create dialog's scopes said in German.
    await page.goto(PAGES.apiKeys);
    await expect(page.getByRole('heading', { name: 'API-Schlüssel', level: 2 })).toBeVisible();
    await expect(page).toHaveTitle('API-Schlüssel · Einstellungen · MigrateHub License Portal');
    await expect(page.getByText('Authorization: Bearer <key>')).toBeVisible();
    await expect(page.getByPlaceholder('Nach Name, Schlüssel oder Besitzer filtern...')).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-api-keys');
    await page.getByRole('button', { name: 'API-Schlüssel erstellen' }).click();
    const create = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
    await expect(create.getByRole('group', { name: 'Bereiche' })).toBeVisible();
    await expect(create.getByRole('checkbox', { name: 'Migrations-Agent' })).toBeVisible();
    await expect(create.getByLabel('Läuft ab in (Tagen)')).toBeVisible();
    await expect(create.getByText(/^1 bis 730 Tage\. Der Schlüssel funktioniert ab .+ nicht mehr\.$/)).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-create-api-key');

    // Webhooks: the events by their German names, each with its type as the receiver reads it.
    await page.goto(PAGES.webhooks);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Standard-Webhooks-Spezifikation/ })).toBeVisible();
    await expect(page.getByText('webhook-signature', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    const add = page.getByRole('dialog', { name: 'Endpunkt hinzufügen' });
    await expect(add.getByLabel('Endpunkt-URL')).toBeVisible();
    await expect(add.getByRole('group', { name: 'Lizenzbestand' })).toBeVisible();
    await expect(add.getByRole('checkbox', { name: 'Ein Los wurde ausgegeben' })).toBeVisible();
    await expect(add.getByText('license.issued', { exact: true })).toBeVisible();
    await expect(add.getByRole('checkbox', { name: 'Alle auswählen' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-add-webhook');

    // Single sign-on and the MFA policy, which the top Admin manages.
    await page.goto(SECURITY_PAGES.singleSignOn);
    await expect(page.getByRole('heading', { name: 'Single Sign-On', level: 2 })).toBeVisible();
    await expect(page.getByLabel('Aussteller-URL')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verbindung testen' })).toBeVisible();
    await expect(page.getByLabel('Single Sign-On erzwingen')).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-single-sign-on');
    await page.goto(SECURITY_PAGES.mfaPolicy);
    await expect(page.getByRole('heading', { name: 'MFA-Richtlinie', level: 2 })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Erforderlich, Phishing-resistent/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Richtlinie speichern' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-mfa-policy');

    // Two-factor, with the passkey's name asked in German.
    await page.goto(PAGES.twoFactor);
    await expect(page.getByRole('heading', { name: 'Zwei-Faktor', level: 2 })).toBeVisible();
    await expect(page.getByText('Authenticator-App', { exact: true })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-two-factor');
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const passkey = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await expect(passkey.getByLabel('Name des Passkeys')).toBeVisible();
    await expect(passkey.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await expectNoOverflow(page);

    // Japanese on a phone: API keys and Webhooks.
    await chooseLanguage(page, 'Portal anzeigen auf', 'ja');
    await toast(page, '言語を保存しました。');
    const mobile = await signedIn('admin@example.com', { viewport: PHONE });
    await mobile.goto(PAGES.apiKeys);
    await expect(mobile.getByRole('heading', { name: 'API キー', level: 2 })).toBeVisible();
    await expect(mobile.getByRole('button', { name: 'API キーを作成' })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-api-keys');
    await mobile.goto(PAGES.webhooks);
    await expect(mobile.getByRole('button', { name: 'エンドポイントを追加' })).toBeVisible();
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-webhooks');
    await mobile.close();
  });
  await page.goto(PAGES.apiKeys);
  await expect(page.getByRole('heading', { name: 'API keys', level: 2 })).toBeVisible();
});
