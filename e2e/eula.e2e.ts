import { PAGES } from '@portal/contracts/pages';
import { expect, screenshot, test } from './support/fixtures';
import { expectText, provisionAccount, submitLogin, unique } from './support/provision';
import { endsAt } from './support/pages';

/** The end-user license agreement, on an account made for this journey. */
test('the agreement denies access when refused, and lets the user in once accepted', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const who = unique('eula');
  const account = await provisionAccount(adminApi, baseURL!, who.name, who.email, `Meadow-Beacon-${who.tag}-83`);
  await page.goto(PAGES.signIn);
  await submitLogin(page, account.email, account.password);
  const prompt = page.getByRole('alertdialog', { name: 'End-User License Agreement' });
  await expect(prompt.getByRole('region', { name: 'Agreement text' }).getByText('Licence.')).toBeVisible();
  expect((await prompt.boundingBox())?.width).toBeLessThanOrEqual(425);
  await screenshot(page, 'auth-eula-prompt');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeVisible();

  await prompt.getByRole('button', { name: "Don't Accept" }).click();
  const denied = page.getByRole('alertdialog', { name: 'Access Denied' });
  await expectText(denied, "You cannot access this website because you haven't accepted the EULA agreement.");
  await expect(denied.getByRole('button')).toHaveText(['Logout']);
  await screenshot(page, 'auth-eula-access-denied');
  await denied.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);
  await expectText(page, 'Logged out');

  await submitLogin(page, account.email, account.password);
  await prompt.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByRole('heading', { name: "Let's Get Started with Your License" })).toBeVisible();
  await expect(page).toHaveURL(endsAt(PAGES.intro));
  await expect(prompt).toHaveCount(0);
});
