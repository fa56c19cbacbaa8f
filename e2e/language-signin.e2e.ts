import { PAGES } from '@portal/contracts/pages';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { expectNoOverflow } from './support/language';

// A browser that asks for German (navigator.languages, Accept-Language): nobody is signed in.
test.use({ locale: 'de-DE' });

/**
 * The pages before sign-in in the browser's language (decision 052): the lean login page renders
 * once, German from its first paint, with its field errors, then forgot password, at 1280 px and
 * on a phone, each held to axe.
 */
test('a German browser reads the login page, its field errors and forgot password in German', async ({ page }) => {
  test.slow();
  // Every heading the page ever shows, from the first: an English one would be a flash of English.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll('h1')) {
        const text = h1.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(PAGES.signIn);
  await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)).toEqual([
    'Anmelden',
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Um mit dem Produktportal fortzufahren')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mit SSO anmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mit einem Passkey anmelden' })).toBeVisible();
  // What the German catalogue, fetched before the page's one render, cost this load.
  const catalogue = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/de-[\w-]+\.js$/.test(entry.name))
      .map((entry) => ({
        ms: Math.round(entry.duration),
        bytes: (entry as PerformanceResourceTiming).encodedBodySize,
      })),
  );
  expect(catalogue).toHaveLength(1);
  test.info().annotations.push({ type: 'German catalogue', description: JSON.stringify(catalogue[0]) });
  await screenshot(page, 'signin-de-login');

  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie Ihr Passwort ein')).toBeVisible();
  await page.getByLabel('E-Mail', { exact: true }).fill('keine-adresse');
  await expect(page.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
  await screenshot(page, 'signin-de-login-errors');
  await page.setViewportSize(PHONE);
  await expectNoOverflow(page);
  await screenshot(page, 'signin-de-login-phone');

  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Geben Sie die E-Mail-Adresse Ihres Kontos ein.')).toBeVisible();
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Anmeldung' })).toBeVisible();
  await expectNoOverflow(page);
  await screenshot(page, 'signin-de-forgot-password-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoOverflow(page);
  await screenshot(page, 'signin-de-forgot-password');
});
