import { generate } from 'otplib';
import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { closeDialog, openEditUser, openUsers, toast } from './support/accounts';
import { apiAs } from './support/api';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { endsAt } from './support/pages';
import { provisionOrganisation } from './support/organisation';
import { acceptEulaAs, expectText, field, provisionAccount, submitLogin, unique } from './support/provision';

/**
 * An organisation's MFA policy (decision 036) through the browser: its top Admin requires a second
 * factor in Settings → MFA policy; a person without one is led through setting up an authenticator
 * app right after the password and reaches the portal only then; the Admin resets that person's
 * factors from the Users screen, which mails them, and their next sign-in asks again. An
 * organisation of its own, so that the demo organisation's sign-ins stay as they are.
 */

const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('an Admin requires a second factor; a person sets one up at sign-in; the Admin resets it', async ({
  openPage,
  baseURL,
}) => {
  const org = await provisionOrganisation(baseURL!, 'policy', `Quartz-Meadow-${Date.now()}-71`);
  const who = unique('member');
  const adminApi = await apiAs(baseURL!, org.email, org.password);
  const member = await provisionAccount(adminApi, baseURL!, who.name, who.email, `Cedar-Harbour-${who.tag}-35`);
  await acceptEulaAs(baseURL!, member);
  await adminApi(ROUTES.logout);

  // The top Admin chooses "Required" by keyboard and saves.
  const admin = await openPage();
  await signIn(admin, org.email, org.password);
  await admin.goto(PAGES.settings);
  await admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'MFA policy' }).click();
  await expect(admin).toHaveURL(endsAt(SECURITY_PAGES.mfaPolicy));
  const optional = admin.getByRole('radio', { name: /^Optional/ });
  await expect(optional).toBeChecked();
  await optional.focus();
  await admin.keyboard.press('ArrowDown');
  const required = admin.getByRole('radio', { name: /^Required Everyone needs/ });
  await expect(required).toBeFocused();
  await admin.keyboard.press('Space');
  await expect(required).toBeChecked();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Save policy' }).click();
  await toast(admin, 'MFA policy saved.');
  await expectText(admin, '2 people in your organisation will be asked to set a factor up at their next sign-in.');
  await screenshot(admin, 'settings-mfa-policy');

  // The member: the password, then the set-up, before anything else.
  const page = await openPage();
  await page.goto(PAGES.signIn);
  await submitLogin(page, member.email, member.password);
  const setup = page.getByRole('dialog', { name: 'Set up a second factor' });
  await expectText(setup, 'Your organisation requires a second factor at sign-in. Set one up to continue.');
  await expectAccessible(page);
  await screenshot(page, 'auth-mfa-setup');
  await setup.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await field(setup, 'Or type this key').inputValue();
  const code = field(setup, 'Code from your app');
  await code.fill(await codeAt(secret));
  await code.press('Enter');
  await expect(setup.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await setup.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).not.toHaveURL(endsAt(PAGES.signIn));
  expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBe('true');

  // The Admin resets the member's factors: a lost phone.
  await openUsers(admin, who.email);
  const edit = await openEditUser(admin, who.name);
  await edit.getByRole('tab', { name: 'Reset Password' }).click();
  await edit.getByRole('button', { name: 'Reset second factors' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Reset the second factors of ${who.email}?` });
  await expectAccessible(admin);
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await toast(admin, /Second factors reset\./);
  await closeDialog(edit);
  const mail = await waitForMail(member.email, /Your second factors were reset/);
  expect(mail.text).toContain('you will set one up the next time you sign in');

  // Its next sign-in asks for the set-up again.
  const again = await openPage();
  await again.goto(PAGES.signIn);
  await submitLogin(again, member.email, member.password);
  await expect(again.getByRole('dialog', { name: 'Set up a second factor' })).toBeVisible();
});
