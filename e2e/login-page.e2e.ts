import { measureBundles } from '../bench/bundle';
import { DEMO_PASSWORD } from './support/browser';
import { expect, screenshot, test } from './support/fixtures';
import { expectText, field, submitLogin } from './support/provision';

/** Issue 3: the lean login page, its budget, its checks and its looks. */
const LOGIN_BUDGET_BYTES = 100 * 1024;

test(`the login page loads at most ${LOGIN_BUDGET_BYTES / 1024} KB gzip of JS and CSS, without the router`, async ({
  baseURL,
}) => {
  const figures = await measureBundles(baseURL!, 'auditor@example.com', DEMO_PASSWORD);
  test.info().annotations.push({
    type: 'bundle',
    description:
      `login page: ${figures.loginGzipBytes} B gzip in ${figures.loginFiles.length} files;` +
      ` signed-in shell adds ${figures.shellGzipBytes - figures.loginGzipBytes} B`,
  });
  expect(figures.loginGzipBytes).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  expect(figures.loginFiles.filter((file) => /\/(router|app-entry|query-client)-/.test(file))).toEqual([]);
  expect(figures.shellFiles.some((file) => /\/router-/.test(file))).toBe(true);
});

test('the login page checks its fields, reports a refusal, and looks right on a phone and in dark', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await screenshot(page, 'auth-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectText(page, 'Please enter your email');
  await expectText(page, 'Please enter your password');
  await field(page, 'Email').fill('not-an-email');
  await expectText(page, 'Invalid email address');
  await screenshot(page, 'auth-login-errors');

  await submitLogin(page, 'nobody@example.com', 'not the password');
  await expectText(page, 'Invalid email or password.');
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await screenshot(page, 'auth-login-375-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await screenshot(page, 'auth-login-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await screenshot(page, 'auth-login-dark');
});
