import { generate } from 'otplib';
import { PAGES } from '@portal/contracts/pages';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { endsAt } from './support/pages';
import { acceptEulaAs, expectText, field, provisionAccount, submitLogin, unique } from './support/provision';

/**
 * Authenticator apps (decision 035) through the browser: a person sets one up in Settings →
 * Two-factor by the key under its QR code and a first code computed here as the phone would,
 * keeps the ten recovery codes shown once, then signs in with the app's next code, and with a
 * recovery code in its place (its owner is mailed). A fresh account: no other journey signs in
 * with it.
 */

/** The app's code at the browser's time, `steps` 30-second steps on (each code works once). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('a person sets up an authenticator app, then signs in with its code and with a recovery code', async ({
  openPage,
  adminApi,
  baseURL,
}) => {
  const who = unique('totp');
  const account = await provisionAccount(adminApi, baseURL!, who.name, who.email, `Harbor-Lantern-${who.tag}-42`);
  await acceptEulaAs(baseURL!, account);

  const page = await openPage();
  await signIn(page, account.email, account.password);
  await page.goto(PAGES.settings);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Two-factor' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.twoFactor));
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await screenshot(page, 'settings-two-factor');

  // The key under the QR code is what a phone reads from it.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: "QR code of your authenticator app's key" })).toBeVisible();
  const secret = await field(page, 'Or type this key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, 'settings-two-factor-setup');

  // By keyboard: a wrong code first, then the app's code, each sent with Enter.
  const code = field(page, 'Code from your app');
  await code.fill('000000');
  await code.press('Enter');
  await expectText(page, 'The code is not correct.');
  await code.fill(await codeAt(secret));
  await code.press('Enter');
  const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const recoveryCodes = await shown.allTextContents();
  for (const each of recoveryCodes) expect(each).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expectText(page, '10 of your recovery codes are unused.');

  // Another browser: the password, then the app's next code.
  const phone = await openPage();
  await phone.goto(PAGES.signIn);
  await submitLogin(phone, account.email, account.password);
  const dialog = phone.getByRole('dialog', { name: 'Two-factor Authentication' });
  await expectText(dialog, 'Enter the 6-digit code your authenticator app shows.');
  await expect(dialog.getByText("Haven't received it?")).toHaveCount(0);
  await screenshot(phone, 'auth-two-factor-app');
  await field(dialog, 'Authentication code').pressSequentially(await codeAt(secret, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(phone).not.toHaveURL(endsAt(PAGES.signIn));
  expect(await phone.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');

  // A third: a recovery code in place of the app, once; its owner hears of it.
  const lost = await openPage();
  await lost.goto(PAGES.signIn);
  await submitLogin(lost, account.email, account.password);
  const again = lost.getByRole('dialog', { name: 'Two-factor Authentication' });
  await again.getByRole('button', { name: 'Use a recovery code' }).click();
  await expectText(again, 'Enter one of your recovery codes. Each one works once.');
  await expectAccessible(lost);
  await field(again, 'Recovery code').fill(recoveryCodes[0]!.toLowerCase());
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(lost).not.toHaveURL(endsAt(PAGES.signIn));
  const mail = await waitForMail(account.email, /A recovery code was used/);
  expect(mail.text).toContain('9 unused recovery codes are left');
});
