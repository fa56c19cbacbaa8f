import type { Browser, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';
import { endsAt } from './support/pages';
import { acceptEulaAs, expectText, field, provisionAccount, submitLogin, unique } from './support/provision';

/**
 * Passkeys (decision 037) with Chromium's virtual authenticator (the DevTools Protocol's WebAuthn
 * domain): a person adds a passkey in Settings → Two-factor by keyboard and keeps the recovery codes
 * shown once, then signs in with the password and the passkey as second factor, and with the passkey
 * alone. The portal binds passkeys to a domain, so this journey opens it at localhost (WEBAUTHN_ORIGIN,
 * e2e/support/server.ts). A fresh account: no other journey signs in with it.
 */

/** The portal at localhost: WebAuthn refuses an IP address as the relying party. */
const atLocalhost = (baseURL: string) => baseURL.replace('//127.0.0.1:', '//localhost:');

/** A page whose browser holds a platform authenticator that verifies its person (fingerprint, PIN). */
async function pageWithAuthenticator(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
}

test('a person adds a passkey, then signs in with it as second factor and with it alone', async ({
  browser,
  adminApi,
  baseURL,
}) => {
  const who = unique('passkey');
  const account = await provisionAccount(adminApi, baseURL!, who.name, who.email, `Harbor-Beacon-${who.tag}-42`);
  await acceptEulaAs(baseURL!, account);

  const page = await pageWithAuthenticator(browser, atLocalhost(baseURL!));
  try {
    await signIn(page, account.email, account.password);
    await page.goto(PAGES.twoFactor);
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();

    // By keyboard: the button, the name, Enter; the virtual authenticator answers the browser.
    const add = page.getByRole('button', { name: 'Add a passkey' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(field(dialog, 'Passkey name')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectText(dialog, 'Enter a name for the passkey.');
    await page.keyboard.type('Work laptop');
    await expectAccessible(page);
    await page.keyboard.press('Enter');

    const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(shown).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByText('Work laptop')).toBeVisible();
    await expect(list.getByText(/Last used never/)).toBeVisible();
    await screenshot(page, 'settings-two-factor-passkeys');

    // The password, then the passkey as the second factor.
    await logOut(page);
    await submitLogin(page, account.email, account.password);
    const twoFactor = page.getByRole('dialog', { name: 'Two-factor Authentication' });
    await expectText(twoFactor, 'Use your passkey: your device asks for your fingerprint, face, PIN or security key.');
    await expect(twoFactor.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
    await screenshot(page, 'auth-two-factor-passkey');
    const usePasskey = twoFactor.getByRole('button', { name: 'Use your passkey' });
    await expect(usePasskey).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(endsAt(PAGES.signIn));
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');

    // The passkey alone, from the login page.
    await logOut(page);
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(passkeyButton).toBeVisible();
    await screenshot(page, 'auth-login-passkey');
    await passkeyButton.focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL((url) => url.pathname === PAGES.signIn);
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');

    await page.goto(PAGES.twoFactor);
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/Last used \d/)).toBeVisible();
  } finally {
    await page.context().close();
  }
});
