import type { Locator, Page } from '@playwright/test';
import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { SSO_MSG } from '@portal/contracts/sso';
import { SSO_ERRORS } from '@portal/contracts/sso-errors';
import { expect, screenshot, test } from './support/fixtures';
import { startTestProvider } from './support/oidc-provider';
import { endsAt } from './support/pages';
import { unique } from './support/provision';

/**
 * Single sign-on (decision 038) through the browser: admin@ (the top of its organisation)
 * configures a real OpenID provider started on loopback by this test, tests its discovery and
 * saves; a person new to the portal then signs in with "Sign in with SSO" through the provider's
 * own login and consent pages, is created on the way, accepts the EULA and lands in the portal. An
 * email of a domain no organisation owns is sent back to the login page with its message. The
 * portal's own steps are taken by keyboard; every screen is held to axe in both themes.
 */

/** Focuses a control and types into it, as a keyboard does. */
async function typeInto(page: Page, control: Locator, text: string): Promise<void> {
  await control.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Focuses a button and presses Enter. */
async function press(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
}

test('a top Admin configures single sign-on and a new person signs in through the provider', async ({
  adminPage: page,
  openPage,
  baseURL,
}) => {
  const provider = await startTestProvider(baseURL!);
  try {
    const { tag } = unique('sso');
    const domain = `sso-${tag}.example`;
    const email = `newcomer@${domain}`;

    await page.goto(SECURITY_PAGES.singleSignOn);
    await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
    await typeInto(page, page.getByLabel('Issuer URL'), provider.issuer);
    await press(page, page.getByRole('button', { name: 'Test connection' }));
    await expect(page.getByText('The issuer answered its discovery document.')).toBeVisible();
    await typeInto(page, page.getByLabel('Client ID'), provider.clientId);
    await typeInto(page, page.getByLabel('Client secret'), provider.clientSecret);
    await typeInto(page, page.getByLabel('Email domains'), domain);
    await press(page, page.getByRole('button', { name: 'Save' }));
    await expect(page.getByText(SSO_MSG.saved).first()).toBeVisible();
    await expect(page.getByText('Saved — leave empty to keep.')).toBeVisible();
    await screenshot(page, 'settings-single-sign-on');

    const visitor = await openPage();
    await visitor.goto(PAGES.signIn);
    await press(visitor, visitor.getByRole('link', { name: 'Sign in with SSO' }));
    await typeInto(visitor, visitor.getByLabel('Work email'), email);
    await screenshot(visitor, 'auth-sso-email');
    await visitor.keyboard.press('Enter');

    // The provider's own pages: its login (any password), then its consent.
    await visitor.waitForURL((url) => url.origin === provider.issuer);
    await visitor.locator('input[name="login"]').fill(email);
    await visitor.locator('input[name="password"]').fill('any password at the provider');
    await visitor.locator('input[name="password"]').press('Enter');
    await visitor.getByRole('button', { name: /continue/i }).click();

    // Back in the portal, created just in time: the agreement first, as for anyone.
    const prompt = visitor.getByRole('alertdialog', { name: 'End-User License Agreement' });
    await expect(prompt).toBeVisible();
    await screenshot(visitor, 'auth-sso-first-sign-in');
    await press(visitor, prompt.getByRole('button', { name: 'Accept', exact: true }));
    await expect(visitor).toHaveURL(endsAt(PAGES.intro));

    // A domain nobody owns: back to the login page, with the reason.
    const stranger = await openPage();
    await stranger.goto(PAGES.signIn);
    await press(stranger, stranger.getByRole('link', { name: 'Sign in with SSO' }));
    await typeInto(stranger, stranger.getByLabel('Work email'), 'someone@nobody-owns.example');
    await stranger.keyboard.press('Enter');
    await expect(stranger.getByRole('alert').filter({ hasText: SSO_ERRORS['unknown-domain'] })).toBeVisible();
    await expect(stranger).toHaveURL((url) => url.pathname === PAGES.ssoSignIn);
    await screenshot(stranger, 'auth-sso-unknown-domain');
  } finally {
    await provider.close();
  }
});
